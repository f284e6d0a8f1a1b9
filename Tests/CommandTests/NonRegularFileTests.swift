import CommandTestSupport
import Foundation
import Testing

/// A FIFO, a folder or a device where a pipeline, an image, a clip, a sound or a plugin file is
/// expected (an archive can carry a FIFO): reading one would wait for a writer forever, so each
/// is refused, saying what it is, in a few seconds. Every run here is killed after `limit`
/// seconds, so a hang fails the test instead of stalling the suite.
@Suite final class NonRegularFileTests {
    let folder: URL
    static let limit = 20.0

    init() throws {
        folder = try CLI.temporaryDirectory()
        for name in ["assets", "shots", "plugins"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Makes a FIFO at `name` in the folder; returns its absolute path.
    @discardableResult
    private func fifo(_ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    /// p.json: a 64×48 canvas, 0.5 s at 10 fps, a layer "card" with `content` (JSON members),
    /// and `extra` top-level members.
    private func pipeline(_ content: String = ##""fill": "#336699""##, extra: String = "") throws {
        let text = """
            { "version": 1, "canvas": { "width": 64, "height": 48, "fps": 10, "duration": 0.5 },
              "layers": [ { "name": "card", \(content) } ], \(extra)
              "output": { "dir": "out", "formats": ["png"] } }
            """
        try text.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String]) throws -> BadInputCase.Result {
        let result = try BadInputCase.run(
            arguments, in: folder, environment: ["PIPELINE_CACHE_DIR": CLI.sharedCache],
            timeout: Self.limit)
        #expect(!result.timedOut, "pipeline \(arguments) still ran after \(Self.limit) s")
        #expect(!result.crashed, "\(result.stderr)")
        return result
    }

    @Test func aFIFONamedAsAnImageIsRefusedAtItsPlace() throws {
        let path = try fifo("assets/poster.png")
        try pipeline(#""image": "assets/poster.png""#)
        for command in ["validate", "run", "frame"] {
            let extra = command == "frame" ? ["--at", "0", "--output", "f.png"] : []
            let result = try run([command, "p.json"] + extra)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains("p.json:2:42: layers[0].image: image \(path) is a FIFO, not a regular file"),
                "\(command): \(result.stderr)")
        }
    }

    @Test func aFolderNamedAsAnImageIsRefused() throws {
        let path = folder.appendingPathComponent("assets/x.png").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try pipeline(#""image": "assets/x.png""#)
        let result = try run(["run", "p.json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("image \(path) is a directory, not a regular file"), "\(result.stderr)")
    }

    @Test func aFIFONamedAsAVideoIsRefused() throws {
        let path = try fifo("assets/clip.mp4")
        try pipeline(#""video": "assets/clip.mp4""#)
        let result = try run(["run", "p.json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("video \(path) is a FIFO, not a regular file"), "\(result.stderr)")
    }

    @Test func aFIFONamedAsASoundIsRefused() throws {
        let path = try fifo("assets/music.wav")
        try pipeline(extra: #""audio": [ "assets/music.wav" ],"#)
        let result = try run(["validate", "p.json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("sound \(path) is a FIFO, not a regular file"), "\(result.stderr)")
    }

    /// The scene model does not list a sequence's files: the footage reader refuses the FIFO.
    @Test func aFIFOAmongASequencesFilesIsRefused() throws {
        let path = try fifo("shots/f_001.png")
        try pipeline(#""sequence": { "files": "shots/f_%03d.png", "fps": 10 }"#)
        let result = try run(["run", "p.json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(path) is a FIFO, not a regular file"), "\(result.stderr)")
    }

    @Test func aFIFONamedAsThePipelineFileIsRefused() throws {
        try fifo("p.json")
        for command in ["validate", "run"] {
            let result = try run([command, "p.json"])
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains("p.json: the pipeline file is a FIFO, not a regular file"),
                "\(command): \(result.stderr)")
        }
    }

    /// A FIFO in a plugin folder is skipped with a warning, as a file that is not a library is;
    /// a run that does not need it goes on.
    @Test func aFIFONamedAsAPluginIsSkippedWithAWarning() throws {
        try fifo("plugins/trap.so")
        try pipeline()
        let result = try run(["run", "p.json", "--plugins", "plugins"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("skipped plugin plugins/trap.so: it is a FIFO, not a regular file"),
            "\(result.stderr)")
    }

    /// check-plugin opens the named file itself, past the folder scan: the loader refuses it.
    @Test func checkPluginRefusesAFIFO() throws {
        try fifo("plugins/trap.so")
        let result = try run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, "plugins/trap.so"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("it is a FIFO, not a regular file"), "\(result.stderr)")
    }
}
