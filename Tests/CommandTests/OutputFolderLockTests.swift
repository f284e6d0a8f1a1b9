import CommandTestSupport
import Foundation
import Testing

/// One render at a time per frame of an output folder: a second run over the same frames is
/// refused naming the first (or waits, with `--wait`), so no file is ever written by two; shards
/// of one render still write side by side; `--resume` keeps a video only if it is the very file
/// the recorded run completed.
@Suite final class OutputFolderLockTests {
    let folder: URL
    init() throws { folder = try SmallPipeline.folder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Starts `pipeline arguments…` in the folder without waiting for it.
    private func start(_ arguments: [String]) throws -> (Process, URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let log = folder.appendingPathComponent("log-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, log)
    }

    private func finish(_ started: (Process, URL)) throws -> (status: Int32, stderr: String) {
        started.0.waitUntilExit()
        return (started.0.terminationStatus, try String(contentsOf: started.1, encoding: .utf8))
    }

    /// Two runs of one pipeline started together into one folder, twenty times: each either
    /// completes or is refused naming the other, and the folder always holds complete files.
    @Test func twoRunsIntoOneFolderNeverShareIt() throws {
        for trial in 0..<20 {
            let out = "out\(trial)"
            let arguments = ["run", "small.json", "--out", out, "--format", "png,mp4", "--quiet"]
            let (first, second) = (try start(arguments), try start(arguments))
            let results = [try finish(first), try finish(second)]
            #expect(results.contains { $0.status == 0 }, "trial \(trial): \(results)")
            for result in results where result.status != 0 {
                #expect(result.status == 1, "trial \(trial): \(result.stderr)")
                #expect(
                    result.stderr.contains("/\(out) is being written by process ")
                        && result.stderr.contains("(pipeline run small.json --out \(out)"),
                    "trial \(trial): \(result.stderr)")
            }
            let video = try #require(try SmallPipeline.probe(folder.appendingPathComponent("\(out)/small.mp4")))
            #expect(video.frames == SmallPipeline.frameCount, "trial \(trial)")
            let names = try SmallPipeline.contents(of: folder.appendingPathComponent(out))
            #expect(names == (SmallPipeline.frameNames() + ["small.mp4"]).sorted(), "trial \(trial)")
            for name in names where name.hasSuffix(".png") {
                _ = try RGBAImage.read(folder.appendingPathComponent("\(out)/\(name)"))
            }
        }
    }

    /// A long run holds the folder: another pipeline's run into it is refused at once, and with
    /// `--wait` starts when the first has ended.
    @Test func aSecondRunIsRefusedOrWaits() throws {
        // An hour of frames: however loaded the machine, it is still rendering when it is stopped.
        let long = InterruptTests.pipeline.replacingOccurrences(of: #""duration": 8"#, with: #""duration": 3600"#)
        try PluginFixtures.write(long, to: "long.json", in: folder)
        let running = try start(["run", "long.json", "--out", "shared", "--format", "png", "--quiet"])
        // Its first frame (frame_000000.png: the names have as many digits as the last frame's).
        let firstFrame = folder.appendingPathComponent("shared/frame_000000.png")
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: firstFrame.path) && Date() < deadline { usleep(20_000) }
        #expect(FileManager.default.fileExists(atPath: firstFrame.path), "the first run wrote no frame in 60 s")
        let refused = try CLI.run(["run", "small.json", "--out", "shared", "--format", "png"], in: folder)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "shared is being written by process \(running.0.processIdentifier) (pipeline run long.json"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("--wait"), "\(refused.stderr)")
        let waiting = try start(["run", "small.json", "--out", "shared", "--format", "png", "--wait"])
        let announced = Date().addingTimeInterval(60)
        while !((try? String(contentsOf: waiting.1, encoding: .utf8)) ?? "").contains("waiting for"),
            Date() < announced
        {
            usleep(20_000)
        }
        #expect(waiting.0.isRunning, "the second run waits while the first holds the folder")
        running.0.terminate()
        let waited = try finish(waiting)
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(waited.stderr.contains("waiting for process \(running.0.processIdentifier)"), "\(waited.stderr)")
        _ = try finish(running)
    }

    /// Shards of one render started together into one folder all complete: together the whole render.
    @Test func shardsOfOneRenderShareAFolder() throws {
        let shards = try (1...3).map { shard in
            try start(["run", "small.json", "--out", "parts", "--format", "png", "--shard", "\(shard)/3", "--quiet"])
        }
        for shard in shards {
            let result = try finish(shard)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try SmallPipeline.contents(of: folder.appendingPathComponent("parts")) == SmallPipeline.frameNames())
    }

    /// A video replaced after the run (by another program, or cut short) is not taken as complete.
    @Test func resumeVerifiesAVideoBeforeKeepingIt() throws {
        let arguments = ["run", "small.json", "--out", "out", "--format", "mp4"]
        #expect(try CLI.run(arguments, in: folder).status == 0)
        let video = folder.appendingPathComponent("out/small.mp4")
        let original = try Data(contentsOf: video)
        try original.prefix(original.count / 2).write(to: video)
        let resumed = try CLI.run(arguments + ["--resume"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(!resumed.stderr.contains("already complete"), "\(resumed.stderr)")
        #expect(try Data(contentsOf: video) == original)
        let again = try CLI.run(arguments + ["--resume"], in: folder)
        #expect(again.stderr.contains("already complete"), "\(again.stderr)")
    }
}
