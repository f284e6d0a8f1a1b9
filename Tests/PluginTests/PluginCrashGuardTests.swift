import CommandTestSupport
import Foundation
import Testing

/// Without --isolate a crashing plugin still ends pipeline cleanly: a prepared message names
/// the plugin, step and frame, the frames already written stay, and the exit status is 2.
@Suite final class PluginCrashGuardTests {
    @Test func aCrashInApplyNamesThePluginAndFrame() throws {
        let fixture = try CrashingPluginFixture(misbehave: CrashingPluginFixture.segfault)
        defer { fixture.remove() }
        // One thread: every frame before 30 was written before frame 30 started. The video being
        // encoded must not be left behind, not even under its hidden temporary name.
        let run = try fixture.run(["--threads", "1", "--format", "png,mp4"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!run.crashed, "ended by a signal: \(run.stderr)")
        #expect(
            run.stderr.contains(
                #"error: plugin \#(fixture.plugin.path) (id \#(CrashingPluginFixture.pluginID)): animator "crasher" crashed with SIGSEGV at frame 30 (timeline[0])"#
            ),
            "\(run.stderr)")
        #expect(run.stderr.contains("--isolate"))
        for index in 0..<30 {
            let image = try RGBAImage.read(fixture.frame(index))
            #expect(image.width == 48 && image.height == 32)
        }
        #expect(try fixture.frameFiles() == (0..<30).map { String(format: "frame_%04d.png", $0) })
    }

    /// An ffmpeg still starting when the plugin crashes (here one that takes a second to start)
    /// is killed before the video's temporary is removed, so it cannot create that file again.
    @Test func anFFmpegStillStartingLeavesNoTemporaryBehind() throws {
        let fixture = try CrashingPluginFixture(misbehave: CrashingPluginFixture.segfault)
        defer { fixture.remove() }
        let slowFFmpeg = fixture.folder.appendingPathComponent("slow-ffmpeg").path
        let pidFile = fixture.folder.appendingPathComponent("ffmpeg.pid").path
        try CLI.writeExecutable("#!/bin/sh\necho $$ > '\(pidFile)'\nsleep 1\nexec ffmpeg \"$@\"\n", to: slowFFmpeg)
        // The encoder list is read once here, so that the render's ffmpeg is the one starting.
        let listed = try fixture.run(
            ["--frames", "0", "--format", "mp4"], environment: ["PIPELINE_FFMPEG": slowFFmpeg])
        #expect(listed.status == 0, "\(listed.stderr)")
        try FileManager.default.removeItem(at: fixture.folder.appendingPathComponent("out"))

        // At half scale the 30 frames before the crash fit in the pipe to ffmpeg, so the crash
        // comes while ffmpeg sleeps.
        let run = try fixture.run(
            ["--threads", "1", "--scale", "0.5", "--format", "png,mp4"], environment: ["PIPELINE_FFMPEG": slowFFmpeg])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(#"animator "crasher" crashed with SIGSEGV at frame 30"#), "\(run.stderr)")
        // An ffmpeg left running would create its output before it ends: wait for it to end.
        let pid = try #require(
            Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let deadline = ContinuousClock.now + .seconds(20)
        while kill(pid, 0) == 0 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try fixture.frameFiles() == (0..<30).map { String(format: "frame_%04d.png", $0) })
    }

    /// A stack overflow is caught too: the handler runs on its own stack.
    @Test func aStackOverflowIsCaught() throws {
        let fixture = try CrashingPluginFixture(
            misbehave:
                "volatile char deep[1 << 20]; deep[0] = 1; return fixture_apply(args, target, error, error_size) && deep[0];"
        )
        defer { fixture.remove() }
        let run = try fixture.run(["--threads", "1"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!run.crashed)
        #expect(
            run.stderr.contains(#"animator "crasher" crashed with SIGSEGV at frame 30 (timeline[0])"#), "\(run.stderr)")
    }
}
