import FarmSubmission
import Foundation
import PipelineKit
import PluginAuthoring
import TerminalProgress
import Testing

/// What a command needs besides a pipeline, as values any caller can use: the checks of its
/// options with the names it spells them by, exit statuses, plugin folders, joined videos, new
/// plugin projects and progress lines.
@Suite struct CommandSupportTests {
    /// The problem `body` throws, as its message and code; nil when it throws none.
    func problem(_ body: () throws -> Void) -> (String, PipelineError.Code)? {
        do {
            try body()
            return nil
        } catch let error as PipelineError {
            return (error.description, error.code)
        } catch {
            Issue.record("not a PipelineError: \(error)")
            return nil
        }
    }

    @Test func aSheetsSizesAreCheckedAndNamedAsTheCallerSpellsThem() {
        var options = Pipeline.SheetOptions()
        #expect(problem { try options.check() } == nil)
        options.count = 0
        #expect(problem { try options.check() }?.0 == "count must be in 1...400, got 0")
        options.count = 8
        options.columns = 65
        #expect(problem { try options.check(naming: { "--\($0)" }) }?.0 == "--columns must be in 1...64, got 65")
        options.columns = nil
        options.cellWidth = 15
        #expect(
            problem { try options.check() }?.0 == "cellWidth must be a cell width in 16...4096 pixels, got 15")
        #expect(problem { try options.check() }?.1 == .argument)
    }

    @Test func aSubmissionRequestIsCheckedBeforeAnythingIsWritten() {
        var request = SlurmSubmission.Request(parts: 0)
        #expect(problem { try request.check() }?.0 == "parts must be 1...\(SlurmSubmission.maximumParts), got 0")
        request.parts = 3
        request.tasks = "3"
        #expect(
            problem { try request.check(naming: { "--\($0)" }) }?.0
                == "--tasks takes task numbers from 0 to 2, as Slurm's --array writes them (3, 0,2, 4-7), got \"3\"")
        request.tasks = "0,2"
        request.sbatchOptions = ["--time=1\n"]
        #expect(problem { try request.check() }?.0 == #"an sbatch option holds a line break: "--time=1\n""#)
        request.sbatchOptions = []
        #expect(problem { try request.check() } == nil)
    }

    @Test func renderOptionsFromACommandLineNameItsOptions() {
        #expect(Pipeline.RenderOptions.Setting.directory.option == "--out")
        #expect(
            problem { _ = try Pipeline.RenderOptions(commandLine: [(.quality, "best"), (.fps, nil)]) }?.0
                == "--quality takes a whole number, got \"best\"")
        #expect(Pipeline.RenderOptions.formatNames.contains("mp4"))
    }

    @Test func everyCodeHasTheCommandsExitStatus() {
        let statuses = [PipelineError.Code.input, .argument, .range, .render, .cancelled].map(\.exitStatus)
        #expect(statuses == [1, 1, 1, 2, 130])
    }

    @Test func aPluginFolderThatCannotBeSearchedIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugins-\(UUID().uuidString)")
        let long = "/tmp/" + String(repeating: "p", count: 300)
        #expect(PluginCatalog.problem(folders: []) == nil)
        #expect(
            PluginCatalog.problem(folders: [folder.path])
                == "plugin folder \(folder.path) does not exist or is not a folder")
        // Every length is checked before any folder is looked for.
        let tooLong = try #require(PluginCatalog.problem(folders: [folder.path, long]))
        #expect(tooLong.hasPrefix("plugin folder \(long): its path has a name of 300 bytes"))
    }

    @Test func partsThatCannotBeJoinedAreTheInputsFault() {
        let wrongFormat = problem { _ = try JoinedVideo.join(["a.mp4", "b.mp4"], into: "joined.txt") }
        #expect(wrongFormat?.1 == .input)
        #expect(wrongFormat?.0.hasPrefix("cannot join into joined.txt") == true)
    }

    @Test func aNewPluginProjectTakesANameAsPipelineFilesWriteIt() throws {
        #expect(NewPluginProject.problem(withName: "slide-2", kind: .animator) == nil)
        #expect(
            NewPluginProject.problem(withName: "Slide", kind: .effect)
                == "invalid effect name \"Slide\": expected a lowercase letter, then lowercase letters, digits or '-' "
                + "(e.g. wobble, slide-2)")
        #expect(NewPluginProject(name: "2slide", language: .c, kind: .animator) == nil)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(NewPluginProject.problem(with: folder.path) == nil)
        let project = try #require(NewPluginProject(name: "wobble", language: .c, kind: .effect))
        let written = try project.write(into: folder.path)
        #expect(written.contains("\(folder.path)/README.md"))
        #expect(NewPluginProject.problem(with: folder.path)?.contains("is not empty") == true)
    }

    @Test func onlyAChildsHiddenNameRunsAChild() {
        #expect(PipelineInstallation.runWithoutParsing([]) == nil)
        #expect(PipelineInstallation.runWithoutParsing(["run", "pipeline.json"]) == nil)
        #expect(PipelineInstallation.runWithoutParsing(["_no-such-child"]) == nil)
        #expect(PipelineInstallation.runWithoutParsing(["--version", "run"]) == nil)
        // check-plugin's child is plugin authoring's: the library runs it only when handed it.
        #expect(PipelineInstallation.runWithoutParsing(["_check-plugin-child"]) == nil)
        #expect(
            PipelineInstallation.runWithoutParsing(["_check-plugin-child"], children: PluginFileCheck.children) == 1)
    }

    @Test func aMeterShowsTheFirstAndLastFramesWhateverTheClock() {
        var meter = RenderProgressText.Meter(interval: 1e9)
        meter.start(frames: 4)
        #expect(meter.advance(by: 1) == "frame 1/4")
        #expect(meter.advance(by: 1) == nil)
        #expect(meter.bar == "[" + String(repeating: "█", count: 12) + String(repeating: "·", count: 12) + "]")
        meter.showNext()
        #expect(meter.advance(by: 1, detail: "variant 0/2") == "frame 3/4  variant 0/2")
        #expect(meter.advance(by: 1)?.hasPrefix("frame 4/4") == true)
    }

    @Test func aTimePastTheEndIsWrittenAsGivenWithWhereTheEndIs() throws {
        var options = Pipeline.OpenOptions()
        options.installation = PipelineInstallation(executable: nil, builtinPlugins: nil)
        let text = #"{"version": 1, "canvas": {"width": 8, "height": 8, "fps": 10, "duration": 1}, "layers": []}"#
        let pipeline = try Pipeline.open(bytes: Array(text.utf8), name: "end.json", options: options)
        defer { pipeline.close() }
        #expect(pipeline.pastTheEnd(1) == nil)
        let end = "the render is 1 s long, its last frame is at 0.9 s"
        #expect(pipeline.pastTheEnd(2) == "2 is past the end: \(end)")
        #expect(pipeline.pastTheEnd(1.25) == "1.25 is past the end: \(end)")
        #expect(pipeline.pastTheEnd(1e300) == "1e+300 is past the end: \(end)")
    }
}
