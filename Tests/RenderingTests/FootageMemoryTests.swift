import CommandTestSupport
import Foundation
import Testing

/// Memory stays bounded on real footage whatever `--threads` asks: a clip holds decoded frames
/// and an open decoder only while the frames in flight show it. The peak is read from the
/// process's own resource usage (`ru_maxrss`), not timed.
@Suite final class FootageMemoryTests {
    let fixture: FootageFixture
    init() throws { fixture = try FootageFixture() }

    /// AddressSanitizer's shadow memory and quarantine multiply what a process holds.
    static let measurable =
        ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil
        && ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil

    /// Runs `pipeline arguments…` and returns its result and its peak resident memory in bytes,
    /// as the kernel counted it for the process (Python's getrusage of its one child).
    private func peakMemory(_ arguments: [String]) throws -> (CLI.Result, Int) {
        let script = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:]).returncode
            print("peak", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
            sys.exit(status)
            """
        let result = try CLI.runProgram(
            "/usr/bin/env", ["python3", "-c", script, CLI.executable] + arguments, in: fixture.folder)
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }
        let kilobytes = line.flatMap { Int($0.dropFirst(5)) } ?? Int.max
        return (result, kilobytes * 1024)
    }

    /// Writes clips/cN.mp4 for N in 0..<count: one `seconds`-long H.264 clip of `size` at
    /// `rate` fps, copied, so each is a source of its own.
    private func clips(_ count: Int, size: String, rate: Int, seconds: Double) throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate)", "-t", String(seconds), "-c:v", "libx264",
            "-preset", "ultrafast", "-g", String(rate), "-pix_fmt", "yuv420p", "clips/c0.mp4",
        ])
        for index in 1..<max(count, 1) {
            try FileManager.default.copyItem(
                at: fixture.folder.appendingPathComponent("clips/c0.mp4"),
                to: fixture.folder.appendingPathComponent("clips/c\(index).mp4"))
        }
    }

    /// A pipeline of `count` clips in sequence, each starting `step` seconds after the one
    /// before and cross-dissolving into the next over `overlap` seconds.
    private func sequence(_ count: Int, width: Int, height: Int, fps: Int, step: Double, overlap: Double) throws {
        let layers = (0..<count).map { index in
            #"{ "name": "c\#(index)", "video": { "file": "clips/c\#(index).mp4", "start": \#(Double(index) * step) } }"#
        }
        let steps = (1..<count).map { index in
            #"{ "mixer": "cross-dissolve", "from": "c\#(index - 1)", "to": "c\#(index)", "#
                + #""start": \#(Double(index) * step), "duration": \#(overlap) }"#
        }
        let text = """
            { "version": 1,
              "canvas": { "width": \(width), "height": \(height), "fps": \(fps),
                          "duration": \(Double(count - 1) * step + overlap + 0.1) },
              "layers": [ \(layers.joined(separator: ",\n")) ],
              "timeline": [ \(steps.joined(separator: ",\n")) ] }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    /// Renders p.json on 16 threads, checking that it succeeds within `mebibytes` of peak memory.
    @discardableResult
    private func renderWithin(mebibytes: Int) throws -> CLI.Result {
        let (result, peak) = try peakMemory(["run", "p.json", "--discard", "--threads", "16"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(peak <= mebibytes << 20, "peak resident memory \(peak >> 20) MiB, at most \(mebibytes) MiB")
        return result
    }

    @Test(.enabled(if: measurable, "a sanitizer's own memory would be counted"))
    func thirtyHDClipsInSequenceStayWithinOneAndAHalfGiB() throws {
        try clips(30, size: "1920x1080", rate: 30, seconds: 0.6)
        try sequence(30, width: 1920, height: 1080, fps: 10, step: 0.4, overlap: 0.2)
        let result = try renderWithin(mebibytes: 1536)
        #expect(result.stderr.contains("c29.mp4: "), "the run reports each clip's cost: \(result.stderr)")
    }

    @Test(.enabled(if: measurable, "a sanitizer's own memory would be counted"))
    func aTransitionBetweenTwo4KClipsStaysWithinThreeGiB() throws {
        try clips(2, size: "3840x2160", rate: 60, seconds: 0.5)
        try sequence(2, width: 3840, height: 2160, fps: 60, step: 0.1, overlap: 0.3)
        try renderWithin(mebibytes: 3072)
    }
}
