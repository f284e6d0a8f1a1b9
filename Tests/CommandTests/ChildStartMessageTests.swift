import CommandTestSupport
import Foundation
import Testing

/// An ffmpeg that cannot be started (here a file marked executable that holds no program) is
/// reported with the system's reason, for a render as for a join, and nothing is written.
@Suite final class ChildStartMessageTests {
    let folder: URL
    /// The fake ffmpeg, with the real ffprobe beside it (`concat` looks for it there).
    let fake: URL

    init() throws {
        folder = try SmallPipeline.folder()
        let tools = folder.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        fake = tools.appendingPathComponent("ffmpeg")
        try CLI.writeExecutable("not a program\n", to: fake.path)
        let ffprobe = try CLI.runProgram("/usr/bin/env", ["sh", "-c", "command -v ffprobe"])
        try FileManager.default.createSymbolicLink(
            atPath: tools.appendingPathComponent("ffprobe").path,
            withDestinationPath: ffprobe.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func pipeline(_ arguments: [String], fakeFFmpeg: Bool) throws -> CLI.Result {
        try CLI.run(
            arguments, in: folder,
            environment: fakeFFmpeg ? ["PIPELINE_FFMPEG": fake.path, "PIPELINE_CACHE_DIR": CLI.sharedCache] : [:])
    }

    @Test func aRenderSaysWhyFFmpegDidNotStart() throws {
        let result = try pipeline(["run", "small.json", "--format", "mp4", "--quiet"], fakeFFmpeg: true)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot run \(fake.path)"), "\(result.stderr)")
        #expect(result.stderr.contains(": exec format error"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
    }

    @Test func aJoinSaysWhyFFmpegDidNotStart() throws {
        for shard in ["1/2", "2/2"] {
            let result = try pipeline(
                ["run", "small.json", "--format", "mp4", "--out", "parts", "--shard", shard, "--quiet"],
                fakeFFmpeg: false)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let result = try pipeline(["concat", "joined.mp4", "parts"], fakeFFmpeg: true)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("cannot run \(fake.path) to join parts into joined.mp4: exec format error"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("joined.mp4").path))
    }
}
