import CommandTestSupport
import Foundation
import Testing

/// `pipeline validate -`, `run -`, `frame -` and `sheet -` read the pipeline from standard input
/// (`/dev/stdin` too): messages call it `<stdin>`, its relative paths (images, output.dir,
/// plugins/) resolve from the current folder, and `run` names its videos `pipeline`.
@Suite final class StandardInputTests {
    let folder: URL
    let pipeline: Data
    init() throws {
        folder = try SmallPipeline.folder()
        pipeline = try Data(contentsOf: folder.appendingPathComponent("small.json"))
    }
    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test(arguments: ["-", "/dev/stdin"]) func validateReadsStandardInput(argument: String) throws {
        let result = try CLI.run(["validate", argument], in: folder, input: pipeline)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "<stdin>: ok — 120×80, 20 frames at 20 fps, 2 layers, 2 steps\n")
    }

    @Test func aPipeIsReadToItsEnd() throws {
        let command = #"cat small.json | "$0" validate - && cat small.json | "$0" validate /dev/stdin"#
        let result = try CLI.runProgram("/bin/sh", ["-c", command, CLI.executable], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let ok = "<stdin>: ok — 120×80, 20 frames at 20 fps, 2 layers, 2 steps\n"
        #expect(result.stdout == ok + ok)
    }

    @Test(arguments: ["-", "/dev/stdin"]) func messagesNameItStdin(argument: String) throws {
        let broken = SmallPipeline.text.replacingOccurrences(of: #""width": 120"#, with: #""width": "wide""#)
        let result = try CLI.run(["validate", argument], in: folder, input: Data(broken.utf8))
        #expect(result.status == 1)
        #expect(result.stderr == "error: <stdin>:2:24: canvas.width: expected a number, found a string\n")
    }

    @Test(arguments: ["-", "/dev/stdin"]) func relativeImagesResolveFromTheCurrentFolder(argument: String) throws {
        let still = try CLI.run(["frame", "small.json", "--at", "0.5", "-o", "picture.png"], in: folder)
        try #require(still.status == 0, "\(still.stderr)")
        let card = ##""fill": "#ff9500""##
        let text = SmallPipeline.text.replacingOccurrences(of: card, with: #""image": "picture.png""#)
        let result = try CLI.run(["validate", argument], in: folder, input: Data(text.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<stdin>: ok"))
    }

    @Test func runWritesIntoOutputDirFromTheCurrentFolderAndNamesItsVideosPipeline() throws {
        let text = SmallPipeline.text.replacingOccurrences(of: #"["png", "mp4", "gif"]"#, with: #"["png", "gif"]"#)
        let result = try CLI.run(["run", "-", "--quiet"], in: folder, input: Data(text.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let written = try SmallPipeline.contents(of: folder.appendingPathComponent("rendered"))
        #expect(written == SmallPipeline.frameNames() + ["pipeline.gif"])
    }

    @Test func frameAndSheetReadStandardInput() throws {
        let fromFile = try CLI.run(["frame", "small.json", "--at", "0.5", "-o", "file.png"], in: folder)
        let fromInput = try CLI.run(["frame", "-", "--at", "0.5", "-o", "input.png"], in: folder, input: pipeline)
        #expect(fromFile.status == 0 && fromInput.status == 0, "\(fromInput.stderr)")
        let stills = try ["file.png", "input.png"].map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        #expect(stills[0] == stills[1])
        let sheet = try CLI.run(["sheet", "-", "--count", "2", "-o", "sheet.png"], in: folder, input: pipeline)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet.png").path))
    }

    @Test func pluginsBesideThePipelineMeansInTheCurrentFolder() throws {
        let library = folder.appendingPathComponent("plugins/wobble.so")
        try PluginFixtures.compile(PluginFixtures.animator("wobble"), to: library)
        let fade = #""animator": "fade", "target": "veil", "start": 0.5, "duration": 0.5, "params": { "to": 0.5 }"#
        let wobble = #""animator": "wobble", "target": "veil", "start": 0.5, "duration": 0.5"#
        let text = SmallPipeline.text.replacingOccurrences(of: fade, with: wobble)
        try #require(text != SmallPipeline.text)
        let result = try CLI.run(["validate", "-"], in: folder, input: Data(text.utf8))
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The run record hashes the bytes read: the same pipeline resumes, another is refused.
    @Test func resumeComparesThePipelineReadFromStandardInput() throws {
        let arguments = ["run", "-", "--format", "png", "--out", "frames", "--resume"]
        let first = try CLI.run(arguments, in: folder, input: pipeline)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try CLI.run(arguments, in: folder, input: pipeline)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("is already complete: nothing to do"), "\(again.stderr)")
        let changed = SmallPipeline.text.replacingOccurrences(of: "#ff9500", with: "#00ff00")
        let other = try CLI.run(arguments, in: folder, input: Data(changed.utf8))
        #expect(other.status == 1)
        #expect(other.stderr.contains("rendered something else: the pipeline file changed"), "\(other.stderr)")
    }

    @Test func previewNeedsAFile() throws {
        let result = try CLI.run(["preview", "-"], in: folder, input: pipeline)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "preview reloads the pipeline when its file changes, "
                    + "so it needs a file, not standard input (-)"), "\(result.stderr)")
    }
}
