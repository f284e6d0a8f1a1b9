import CommandTestSupport
import Foundation
import Testing

/// `run --resume` continues an interrupted run: the files it leaves are those of an
/// uninterrupted run, byte for byte; a folder holding another render is refused.
@Suite struct ResumeTests {
    static let record = ".pipeline-run.json"

    /// Ctrl-C part-way (as `InterruptTests` does), then `--resume`: every file equals that of a
    /// run that was never interrupted, PNGs and videos alike.
    @Test func resumingAnInterruptedRunGivesTheFilesOfAnUninterruptedOne() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(InterruptTests.pipeline, to: "long.json", in: folder)
        let (resumed, whole) = (folder.appendingPathComponent("resumed"), folder.appendingPathComponent("whole"))

        let stopped = try Self.interruptedRun(
            ["run", "long.json", "--out", resumed.path, "--threads", "2", "--format", "png,mp4,webm"], in: folder,
            once: resumed.appendingPathComponent("frame_0005.png"))
        #expect(stopped.status == 130, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("run the same command with --resume to continue"), "\(stopped.stderr)")
        let kept = try Self.frames(in: resumed)
        #expect(kept.count >= 6 && kept.count < 400, "\(kept.count) frames before the interruption")
        let keptDates = try kept.map { try Self.modificationDate(resumed.appendingPathComponent($0)) }

        let again = try CLI.run(
            ["run", "long.json", "--out", resumed.path, "--threads", "2", "--format", "png,mp4,webm", "--resume"],
            in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderr.contains(
                "every frame is rendered again for mp4, webm (a video needs them all); the \(kept.count) complete PNG frames are kept"
            ),
            "\(again.stderr)")
        #expect(
            try kept.map { try Self.modificationDate(resumed.appendingPathComponent($0)) } == keptDates,
            "complete frames are not written again")
        let uninterrupted = try CLI.run(
            ["run", "long.json", "--out", whole.path, "--threads", "2", "--format", "png,mp4,webm"], in: folder)
        #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")

        let names = try Self.everything(in: whole)
        #expect(
            names.filter { $0.hasSuffix(".png") }.count == 400 && names.contains("long.mp4")
                && names.contains("long.webm"), "\(names)")
        #expect(
            try Self.everything(in: resumed) == Self.everything(in: whole), "the same files, the run record among them")
        for name in names {
            let same =
                try Data(contentsOf: resumed.appendingPathComponent(name))
                == Data(contentsOf: whole.appendingPathComponent(name))
            #expect(same, "\(name) differs from the uninterrupted run's")
        }
    }

    /// The premise of comparing videos byte for byte: ffmpeg writes the same bytes for the same frames.
    @Test func twoRunsWriteIdenticalVideos() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for out in ["a", "b"] {
            let result = try CLI.run(["run", "small.json", "--out", out, "--format", "mp4,webm"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        for video in ["small.mp4", "small.webm"] {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent("a/\(video)"))
                    == Data(contentsOf: folder.appendingPathComponent("b/\(video)")),
                "\(video) differs between two runs")
        }
    }

    @Test func resumingAFinishedRunSaysSoAndWritesNothing() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(try CLI.run(["run", "small.json", "--out", out.path, "--format", "png,mp4"], in: folder).status == 0)
        let dates = try SmallPipeline.contents(of: out).map {
            try Self.modificationDate(out.appendingPathComponent($0))
        }
        let again = try CLI.run(
            ["run", "small.json", "--out", out.path, "--format", "png,mp4", "--resume"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("already complete: nothing to do"), "\(again.stderr)")
        #expect(
            try SmallPipeline.contents(of: out).map { try Self.modificationDate(out.appendingPathComponent($0)) }
                == dates)
    }

    @Test func resumingWhereNothingWasRenderedRendersEverything() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["run", "small.json", "--out", "out", "--format", "png", "--resume"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("nothing to resume in"), "\(result.stderr)")
        #expect(
            try Self.everything(in: folder.appendingPathComponent("out"))
                == [Self.record, ".pipeline-run.lock"] + SmallPipeline.frameNames())
    }

    /// Missing PNGs of the same render are rendered; with no video wanted, the others are left alone.
    @Test func resumingRendersOnlyTheMissingFrames() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(try CLI.run(["run", "small.json", "--out", out.path, "--format", "png"], in: folder).status == 0)
        let original = try Data(contentsOf: out.appendingPathComponent("frame_0012.png"))
        for frame in 12..<20 {
            try FileManager.default.removeItem(at: out.appendingPathComponent(String(format: "frame_%04d.png", frame)))
        }
        let untouched = try Self.modificationDate(out.appendingPathComponent("frame_0011.png"))
        let result = try CLI.run(["run", "small.json", "--out", out.path, "--format", "png", "--resume"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("rendering frames 12–19"), "\(result.stderr)")
        #expect(try Self.frames(in: out) == SmallPipeline.frameNames())
        #expect(try Data(contentsOf: out.appendingPathComponent("frame_0012.png")) == original)
        #expect(try Self.modificationDate(out.appendingPathComponent("frame_0011.png")) == untouched)
    }

    @Test func aChangedPipelineIsRefusedWithWhatChangedAndWhatToDo() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        #expect(try CLI.run(["run", "small.json", "--out", out.path, "--format", "png"], in: folder).status == 0)
        try FileManager.default.removeItem(at: out.appendingPathComponent("frame_0019.png"))
        let changed = SmallPipeline.text.replacingOccurrences(of: "#ff9500", with: "#0095ff")
        try changed.write(to: folder.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)

        let refused = try CLI.run(["run", "small.json", "--out", out.path, "--format", "png", "--resume"], in: folder)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot resume in \(out.path)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("rendered something else: the pipeline file changed."), "\(refused.stderr)")
        #expect(refused.stderr.contains("Run without --resume to start over"), "\(refused.stderr)")
        #expect(try Self.frames(in: out) == SmallPipeline.frameNames(19), "nothing is written or removed")
    }

    @Test func changedOptionsAreRefusedNamingEach() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["run", "small.json", "--out", "out", "--format", "png"], in: folder).status == 0)
        let refused = try CLI.run(
            ["run", "small.json", "--out", "out", "--format", "png,gif", "--scale", "0.5", "--resume"], in: folder)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("formats: png then, png,gif now"), "\(refused.stderr)")
        #expect(refused.stderr.contains("scale: 1.0 then, 0.5 now"), "\(refused.stderr)")
    }

    @Test func aChangedImageIsRefused() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let assets = CLI.repositoryRoot.appendingPathComponent("examples/assets")
        let image = folder.appendingPathComponent("picture.png")
        try FileManager.default.copyItem(at: assets.appendingPathComponent("poster.png"), to: image)
        try PluginFixtures.write(PluginFixtures.pipeline(layer: #""image": "picture.png""#), to: "p.json", in: folder)
        #expect(try CLI.run(["run", "p.json"], in: folder).status == 0)
        try FileManager.default.removeItem(at: image)
        try FileManager.default.copyItem(at: assets.appendingPathComponent("card.png"), to: image)
        let refused = try CLI.run(["run", "p.json", "--resume"], in: folder)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("rendered something else: the image \(image.path) changed."), "\(refused.stderr)")
    }

    /// A run without --resume starts over: frames another render left under its names go first,
    /// so a run that stops part-way cannot leave a mix that a later --resume takes for complete.
    @Test func aFreshRunRemovesFramesOfAnotherRender() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try PluginFixtures.write(PluginFixtures.pipeline(), to: "p.json", in: folder)
        #expect(try CLI.run(["run", "p.json"], in: folder).status == 0)
        #expect(try Self.frames(in: out) == SmallPipeline.frameNames(5))
        // The same file name, another render: its animator fails from frame 3 (progress 0.6) on.
        try PluginFixtures.compile(
            PluginFixtures.animator(
                "fail-late",
                apply: """
                    if (args->progress > 0.5) { snprintf(error, error_size, "too late"); return false; }
                    return true;
                    """), to: folder.appendingPathComponent("plugins/fail-late.so"))
        try PluginFixtures.write(PluginFixtures.pipeline(animator: "fail-late", params: "{}"), to: "p.json", in: folder)
        let failed = try CLI.run(["run", "p.json", "--threads", "1"], in: folder)
        #expect(failed.status == 2, "\(failed.stderr)")
        #expect(try Self.frames(in: out) == SmallPipeline.frameNames(3), "frames 3 and 4 of the first render are gone")
        let resumed = try CLI.run(["run", "p.json", "--resume", "--threads", "1"], in: folder)
        #expect(resumed.status == 2 && resumed.stderr.contains("rendering frames 3–4"), "\(resumed.stderr)")
    }

    @Test func resumeNeedsAFolder() throws {
        let folder = try SmallPipeline.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["run", "small.json", "--discard", "--resume"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("--resume continues a run into a folder: leave out --discard"), "\(result.stderr)")
    }

    /// Starts `arguments`, waits (bounded) until `marker` exists, then sends SIGINT.
    static func interruptedRun(_ arguments: [String], in folder: URL, once marker: URL) throws -> (
        status: Int32, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: marker.path), Date() < deadline, process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.interrupt()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationReason == .exit ? process.terminationStatus : -1, stderr)
    }

    /// Every name in `folder`, run records among them, sorted.
    static func everything(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    static func frames(in folder: URL) throws -> [String] {
        try SmallPipeline.contents(of: folder).filter { $0.hasSuffix(".png") }
    }

    static func modificationDate(_ file: URL) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date ?? .distantPast
    }
}
