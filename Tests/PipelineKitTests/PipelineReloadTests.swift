import Foundation
import PipelineKit
import StudioSupport
import Testing

/// What the preview builds on, as an embedder calls it: a pipeline reloaded from its changed file
/// (the old one unchanged and still rendering, a broken file thrown with its place), drafted from
/// a JSON Patch without writing, its frames as PNG, its timing and editor summaries, its sound and
/// the files it depends on.
@Suite struct PipelineReloadTests {
    /// The other suite's pipeline file and frame reading.
    let kit: PipelineKitTests

    init() throws { kit = try PipelineKitTests() }

    /// The red channel of the first pixel of frame `index`.
    func red(_ pipeline: Pipeline, _ index: Int = 0) throws -> UInt8 { try kit.frame(pipeline, index)[0] }

    @Test func aReloadReadsTheFileAgainAndLeavesTheOldPipelineAsItWas() throws {
        let path = try kit.write()
        let first = try Pipeline.open(file: path, options: PipelineKitTests.options)
        _ = try kit.write(background: "#00ff0080")
        let second = try first.reloaded()
        #expect(try red(first) == 255 && red(second) == 0)
        // The plugins are shared: the reloaded pipeline renders on once the first is closed.
        first.close()
        #expect(try red(second, 5) == 0)
        let third = try second.reloaded(rescanningPlugins: true)
        second.close()
        let fresh = try Pipeline.open(file: path, options: PipelineKitTests.options)
        #expect(try kit.frame(third, 5) == kit.frame(fresh, 5))
    }

    @Test func aFileThatNoLongerReadsIsThrownWithItsPlace() throws {
        let path = try kit.write()
        let pipeline = try Pipeline.open(file: path, options: PipelineKitTests.options)
        try #"{ "version": 1, "canvas": "#.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: PipelineError.self) { try pipeline.reloaded() }
        #expect(error.code == .input && error.first.file == path && error.first.line == 1)
        #expect(try red(pipeline) == 255, "the pipeline still renders its version")
    }

    @Test func onlyAnOpenPipelineReadFromAFileReloads() throws {
        let path = try kit.write()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let fromBytes = try Pipeline.open(bytes: bytes, name: path, options: PipelineKitTests.options)
        #expect(throws: PipelineError.self) { try fromBytes.reloaded() }
        let closed = try Pipeline.open(file: path, options: PipelineKitTests.options)
        closed.close()
        let error = try #require(throws: PipelineError.self) { try closed.reloaded() }
        #expect(error.code == .argument && error.description == "the pipeline is closed")
    }

    @Test func aDraftRendersThePatchedFileWithoutWritingIt() throws {
        let path = try kit.write()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let pipeline = try Pipeline.open(file: path, options: PipelineKitTests.options)
        let patch = ##"[{"op": "replace", "path": "/canvas/background", "value": "#00ff0080"}]"##
        let draft = try pipeline.drafted(patch: Array(patch.utf8))
        #expect(try red(draft) == 0 && red(pipeline) == 255)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let bad = try #require(throws: PipelineError.self) { try pipeline.drafted(patch: Array("[{".utf8)) }
        #expect(bad.code == .argument && bad.description.hasPrefix("the draft's patch: "))
        let invalid = #"[{"op": "replace", "path": "/canvas/fps", "value": -1}]"#
        let refused = try #require(throws: PipelineError.self) { try pipeline.drafted(patch: Array(invalid.utf8)) }
        #expect(refused.code == .input && refused.first.jsonPath == "canvas.fps")
    }

    @Test func aPNGFrameIsTheStillWriteFrameWrites() throws {
        let pipeline = try Pipeline.open(file: try kit.write(), options: PipelineKitTests.options)
        try pipeline.prepareFrames()
        let still = kit.folder.appendingPathComponent("still.png").path
        _ = try pipeline.writeFrame(at: 0.45, to: still)
        #expect(try pipeline.pngFrame(at: 0.45) == [UInt8](try Data(contentsOf: URL(fileURLWithPath: still))))
        #expect(pipeline.isPastTheEnd(1.5) && !pipeline.isPastTheEnd(1))
        #expect(pipeline.endDescription == "the render is 1 s long, its last frame is at 0.9 s")
        let past = try #require(throws: PipelineError.self) { try pipeline.pngFrame(at: 2) }
        #expect(past.code == .range)
    }

    @Test func theSummariesDescribeTheStepsAndTheFile() throws {
        let pipeline = try Pipeline.open(file: try kit.write(), options: PipelineKitTests.options)
        let (timing, failure) = try pipeline.timingSummary()
        #expect(failure == nil)
        #expect(timing.width == 40 && timing.frameCount == 10 && timing.times.count == 10)
        #expect(timing.steps.map(\.label) == ["fade → square"] && timing.steps[0].curve == "linear")
        #expect(timing.steps[0].progress[5] == 0.5)
        let editor = try #require(
            try JSONSerialization.jsonObject(with: Data(pipeline.editorSummaryJSON().utf8)) as? [String: Any])
        let steps = try #require(editor["steps"] as? [[String: Any]])
        #expect(steps.first?["pointer"] as? String == "/timeline/0" && steps.first?["track"] as? String == "square")
        #expect((steps.first?["paramTypes"] as? [String: String])?["to"] == "number", "\(steps)")
        // The effects a layer's filters may name, each with its parameters' types.
        let effects = try #require(editor["effects"] as? [[String: Any]])
        let blur = try #require(effects.first { $0["name"] as? String == "blur" }, "\(effects.map { $0["name"] })")
        #expect((blur["paramTypes"] as? [String: String])?["radius"] == "number" && blur["params"] != nil)
        // The folder's files, hidden ones left out.
        try Data().write(to: kit.folder.appendingPathComponent(".hidden.png"))
        try FileManager.default.createDirectory(
            at: kit.folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
        try Data().write(to: kit.folder.appendingPathComponent("shots/one.png"))
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(pipeline.editorSummaryJSON().utf8)) as? [String: Any])
        #expect(listed["files"] as? [String] == ["p.json", "shots/one.png"], "\(listed["files"] ?? "none")")
        #expect(try !pipeline.playsSound && pipeline.soundWAV() == nil)
    }

    @Test func watchedFilesChangeWhenThePipelineFileDoes() throws {
        let path = try kit.write()
        let pipeline = try Pipeline.open(file: path, options: PipelineKitTests.options)
        let before = pipeline.watchedFiles()
        #expect(before == pipeline.watchedFiles() && before.pipeline != nil)
        _ = try kit.write(background: "#00ff00")
        let after = pipeline.watchedFiles()
        #expect(after != before && !after.pluginsDiffer(from: before))
    }
}
