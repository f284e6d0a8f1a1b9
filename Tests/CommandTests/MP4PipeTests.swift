import CommandTestSupport
import Foundation
import Testing

/// `pipeline run` feeds ffmpeg yuv420p for MP4, asks each ffmpeg for its encoders once (not on
/// every run), and writes the same MP4 whatever the thread count.
@Suite final class MP4PipeTests {
    let folder: URL
    init() throws { folder = try SmallPipeline.folder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private var argumentLog: URL { folder.appendingPathComponent("ffmpeg-arguments.log") }

    /// An ffmpeg that logs each command line to `argumentLog`, then is the real one.
    private func loggingFFmpeg() throws -> String {
        let path = folder.appendingPathComponent("ffmpeg").path
        let script = "#!/bin/sh\necho \"$*\" >> '\(argumentLog.path)'\nexec ffmpeg \"$@\"\n"
        try CLI.writeExecutable(script, to: path)
        return path
    }

    private func render(into out: String, threads: Int = 1, ffmpeg: String) throws {
        let result = try CLI.run(
            [
                "run", "small.json", "--out", folder.appendingPathComponent(out).path, "--format", "mp4", "--quiet",
                "--threads", String(threads),
            ], in: folder,
            environment: ["PIPELINE_FFMPEG": ffmpeg, "PIPELINE_CACHE_DIR": CLI.sharedCache])
        #expect(result.status == 0, "\(result.stderr)")
    }

    private func loggedLines() throws -> [Substring] {
        try String(contentsOf: argumentLog, encoding: .utf8).split(separator: "\n")
    }

    @Test func oneEncoderProbePerFFmpegAndYUV420OnThePipe() throws {
        let ffmpeg = try loggingFFmpeg()
        try render(into: "first", ffmpeg: ffmpeg)
        try render(into: "second", ffmpeg: ffmpeg)
        var lines = try loggedLines()
        #expect(lines.filter { $0.contains("-encoders") }.count == 1, "\(lines)")
        let encodes = lines.filter { $0.contains("-f rawvideo") }
        #expect(encodes.count == 2 && encodes.allSatisfy { $0.contains("-pix_fmt yuv420p -s 120x80") }, "\(encodes)")

        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: ffmpeg)
        try render(into: "third", ffmpeg: ffmpeg)
        lines = try loggedLines()
        #expect(lines.filter { $0.contains("-encoders") }.count == 2, "\(lines)")
        #expect(try SmallPipeline.probe(folder.appendingPathComponent("third/small.mp4"))?.frames == 20)
    }

    @Test func oneAndTwoThreadsWriteTheSameMP4() throws {
        let ffmpeg = try loggingFFmpeg()
        try render(into: "one", threads: 1, ffmpeg: ffmpeg)
        try render(into: "two", threads: 2, ffmpeg: ffmpeg)
        let one = try Data(contentsOf: folder.appendingPathComponent("one/small.mp4"))
        let two = try Data(contentsOf: folder.appendingPathComponent("two/small.mp4"))
        let same = !one.isEmpty && one == two
        #expect(same, "\(one.count) bytes with one thread, \(two.count) with two")
    }

    /// While ffmpeg encodes, the threads rendering its frames and the one handing them over run
    /// at a lower priority than ffmpeg (which starts at the command's): the encoder is what the
    /// render waits on. The command's own thread keeps its priority. The 720p frames are larger
    /// than the pipe, so the render is held at its first frame, the lanes waiting with frames
    /// rendered, until this ffmpeg has looked at the render's threads and reads.
    @Test func theRenderingThreadsYieldToTheEncoder() throws {
        let pipeline = """
            { "version": 1, "canvas": { "width": 1280, "height": 720, "fps": 30, "duration": 0.5 },
              "layers": [ { "name": "a", "fill": "#3060c0" } ], "timeline": [] }
            """
        try pipeline.write(to: folder.appendingPathComponent("wide.json"), atomically: true, encoding: .utf8)
        let seen = folder.appendingPathComponent("priorities.txt")
        let path = folder.appendingPathComponent("ffmpeg").path
        let script = #"""
            #!/bin/sh
            case "$*" in *"-f rawvideo"*) ;; *) exec ffmpeg "$@" ;; esac
            nice_of() { sed 's/^.*) //' "$1" | cut -d' ' -f17; }
            base=$(nice_of /proc/$$/stat)
            tries=0
            while :; do
                lowered=0
                for stat in /proc/$PPID/task/*/stat; do
                    [ "$(nice_of "$stat")" -gt "$base" ] && lowered=$((lowered + 1))
                done
                [ "$lowered" -ge 3 ] || [ "$tries" -ge 1200 ] && break
                tries=$((tries + 1))
                sleep 0.05
            done
            echo "$base $(nice_of /proc/$PPID/task/$PPID/stat) $lowered" > '\#(seen.path)'
            echo "$GLIBC_TUNABLES" >> '\#(seen.path)'
            exec ffmpeg "$@"
            """#
        try CLI.writeExecutable(script, to: path)
        let result = try CLI.run(
            ["run", "wide.json", "--out", "wide", "--format", "mp4", "--quiet", "--threads", "2"], in: folder,
            environment: ["PIPELINE_FFMPEG": path, "PIPELINE_CACHE_DIR": CLI.sharedCache])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOf: seen, encoding: .utf8).split(separator: "\n")
        try #require(lines.count == 2, "\(lines)")
        let words = lines[0].split(separator: " ").map { Int($0) }
        try #require(words.count == 3 && words.allSatisfy { $0 != nil }, "\(words)")
        let (base, command, lowered) = (words[0]!, words[1]!, words[2]!)
        #expect(command == base, "the command's thread runs at nice \(command), ffmpeg at \(base)")
        #expect(lowered == 3, "\(lowered) threads run below ffmpeg's priority, not the 2 lanes and the one feeding it")
        // And keeps each frame's memory for the next (FFmpeg.encoderEnvironment).
        #expect(lines[1].contains("glibc.malloc.trim_threshold="), "GLIBC_TUNABLES is \(lines[1])")
        #expect(try SmallPipeline.probe(folder.appendingPathComponent("wide/wide.mp4"))?.frames == 15)
    }
}
