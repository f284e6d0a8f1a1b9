import Foundation
import PipelineKit
import RegistryTestSupport
import Testing

/// PipelineKit as an embedder uses it, in this process, with no executable: pipelines opened
/// from files and bytes, frames rendered into buffers, jobs with progress and cancellation,
/// every problem returned as a value.
@Suite struct PipelineKitTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipelinekit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Plugins scanned in this process (no executable) from the build's built-in folder.
    static var options: Pipeline.OpenOptions {
        var options = Pipeline.OpenOptions()
        options.installation = PipelineInstallation(executable: nil, builtinPlugins: InRepoPlugins.folder)
        return options
    }

    /// 40 × 30 at 10 fps for one second: a half-transparent red background and a square fading out.
    func write(_ name: String = "p.json", background: String = "#ff000080", extra: String = "") throws -> String {
        let text = """
            { "version": 1,
              "canvas": { "width": 40, "height": 30, "fps": 10, "duration": 1, "background": "\(background)" },
              "layers": [ { "name": "square", "frame": [10, 5, 20, 20], "fill": "#0000ff" } ],
              "timeline": [ { "animator": "fade", "target": "square", "duration": 1, "timing": "linear",
                              "params": { "to": 0 } } ]\(extra)
            }
            """
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func frame(_ pipeline: Pipeline, _ index: Int, _ format: Pipeline.PixelFormat = .rgbaStraight) throws -> [UInt8] {
        let (width, height) = pipeline.frameSize()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try pixels.withUnsafeMutableBytes { buffer in
            try pipeline.renderFrame(
                index, into: buffer.baseAddress!, byteCount: buffer.count, stride: width * 4, format: format)
        }
        return pixels
    }

    @Test func aPipelineSaysWhatItIs() throws {
        let pipeline = try Pipeline.open(file: try write(), options: Self.options)
        #expect(pipeline.width == 40 && pipeline.height == 30)
        #expect(pipeline.fps == 10 && pipeline.duration == 1 && pipeline.frameCount == 10)
        #expect(pipeline.frameSize(scale: try .init(2)) == (80, 60))
    }

    @Test func framesComeStraightOrPremultiplied() throws {
        let pipeline = try Pipeline.open(file: try write(), options: Self.options)
        let straight = try frame(pipeline, 0)
        #expect(Array(straight[0..<4]) == [255, 0, 0, 128])
        let premultiplied = try frame(pipeline, 0, .rgbaPremultiplied)
        #expect(Array(premultiplied[0..<4]) == [128, 0, 0, 128])
        // The square fades out: opaque blue at frame 0, half way at frame 5.
        let centre = (15 * 40 + 20) * 4
        #expect(Array(straight[centre..<centre + 4]) == [0, 0, 255, 255])
        let later = try frame(pipeline, 5)
        #expect(later[centre + 2] < 255 && later[centre] > 0)
        // Frames in any order give the same bytes.
        #expect(try frame(pipeline, 0) == straight)
    }

    @Test func bytesOpenAsTheFileDoes() throws {
        let path = try write()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let fromBytes = try Pipeline.open(bytes: bytes, name: path, options: Self.options)
        let fromFile = try Pipeline.open(file: path, options: Self.options)
        #expect(try frame(fromBytes, 3) == frame(fromFile, 3))
    }

    @Test func propsAndSetChangeThePipeline() throws {
        var options = Self.options
        options.props = #"{ "canvas": { "fps": 20 } }"#
        options.set = ["canvas.width=50"]
        let pipeline = try Pipeline.open(file: try write(), options: options)
        #expect(pipeline.frameCount == 20 && pipeline.width == 50)
    }

    @Test func problemsComeBackWithTheirPlaces() throws {
        let path = folder.appendingPathComponent("broken.json").path
        try "{\n  \"version\": 1,\n  \"canvas\": { \"width\": 10 \"height\": 10 }\n}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: PipelineError.self) { try Pipeline.open(file: path, options: Self.options) }
        #expect(error.code == .input)
        #expect(error.first.file == path && error.first.line == 3 && error.first.column > 0)
        #expect(error.description.hasPrefix("\(path):3:"))

        let missing = try #require(throws: PipelineError.self) {
            try Pipeline.open(file: folder.appendingPathComponent("missing.json").path, options: Self.options)
        }
        #expect(missing.code == .input && missing.first.file.hasSuffix("missing.json"))
    }

    @Test func aBadCallIsAnErrorNotACrash() throws {
        let pipeline = try Pipeline.open(file: try write(), options: Self.options)
        var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
        try pixels.withUnsafeMutableBytes { buffer in
            let base = buffer.baseAddress!
            let range = try #require(throws: PipelineError.self) {
                try pipeline.renderFrame(10, into: base, byteCount: buffer.count, stride: 160)
            }
            #expect(range.code == .range)
            let stride = try #require(throws: PipelineError.self) {
                try pipeline.renderFrame(0, into: base, byteCount: buffer.count, stride: 156)
            }
            #expect(stride.code == .argument)
            let small = try #require(throws: PipelineError.self) {
                try pipeline.renderFrame(0, into: base, byteCount: buffer.count - 1, stride: 160)
            }
            #expect(small.code == .argument)
            pipeline.close()
            let closed = try #require(throws: PipelineError.self) {
                try pipeline.renderFrame(0, into: base, byteCount: buffer.count, stride: 160)
            }
            #expect(closed.code == .argument && closed.description.contains("closed"))
        }
    }

    @Test func aJobRendersWithProgressAndStopsWhenAsked() throws {
        let pipeline = try Pipeline.open(file: try write(), options: Self.options)
        var options = Pipeline.RenderOptions()
        options.directory = folder.appendingPathComponent("out").path
        options.formats = ["png"]
        options.threads = 2
        var heard: [Int] = []
        let result = try pipeline.render(options) { progress in
            heard.append(progress.framesDone)
            return true
        }
        #expect(heard == Array(1...10))
        #expect(result.isComplete && !result.written.isEmpty)
        let written = try FileManager.default.contentsOfDirectory(atPath: options.directory!).filter {
            $0.hasSuffix(".png")
        }
        #expect(written.count == 10)

        options.directory = folder.appendingPathComponent("stopped").path
        let stopped = try #require(throws: PipelineError.self) {
            try pipeline.render(options) { $0.framesDone < 3 }
        }
        #expect(stopped.code == .cancelled)
        let kept = try FileManager.default.contentsOfDirectory(atPath: options.directory!).filter {
            $0.hasSuffix(".png")
        }
        #expect((3..<10).contains(kept.count))
    }

    @Test func badRenderOptionsNameTheValue() throws {
        let pipeline = try Pipeline.open(file: try write(), options: Self.options)
        var options = Pipeline.RenderOptions()
        options.formats = ["png", "webm2"]
        let error = try #require(throws: PipelineError.self) { try pipeline.render(options) }
        #expect(error.code == .argument && error.description.contains("\"webm2\""))
    }
}

extension PipelineKitTests {
    /// A string fps, a misspelt key, a negative duration and an unknown target: four problems,
    /// each with its line, column and JSON path, from one open.
    @Test func openingReportsEveryIndependentProblem() throws {
        let path = folder.appendingPathComponent("many.json").path
        try """
        {
          "version": 1,
          "canvas": { "width": 100, "height": 100, "fps": "60", "duraton": 2 },
          "layers": [ { "name": "a", "fill": "#ff0000" } ],
          "timeline": [ { "animator": "fade", "target": "b", "duration": -1 } ]
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: PipelineError.self) { try Pipeline.open(file: path, options: Self.options) }
        let places = error.problems.map { "\($0.line):\($0.column) \($0.jsonPath)" }
        #expect(
            places == ["3:57 canvas", "3:51 canvas.fps", "5:49 timeline[0].target", "5:66 timeline[0].duration"],
            "\(error.description)")
    }
}

/// docs/COMMANDS.md's table of render options is the one `RenderOptions.Setting` declares.
@Suite struct RenderOptionsTableTests {
    @Test func commandsDocumentationHoldsTheDeclaredTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/COMMANDS.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0.hasPrefix("<!-- BEGIN render options") })
        let end = try #require(lines.firstIndex { $0 == "<!-- END render options -->" })
        let table = lines[(begin + 1)..<end].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            table == Pipeline.RenderOptions.Setting.markdown.trimmingCharacters(in: .whitespacesAndNewlines),
            "docs/COMMANDS.md's render options differ from the declarations: run scripts/generate-docs")
        for setting in Pipeline.RenderOptions.Setting.allCases where !setting.isHidden {
            #expect(table.contains("`\(setting.option)`"), "\(setting.option) is missing from the table")
        }
    }
}
