import CommandTestSupport
import Foundation
import Testing

/// Caption cues show on the frames libass (ffmpeg's `subtitles` filter) shows them on: the same
/// SubRip and WebVTT files rendered by `pipeline run` and by ffmpeg over a black video of the
/// same size and rate, each frame read as "a cue shows" or not. The cues start and end on frame
/// times and between them, a millisecond either side of one among them.
@Suite final class CaptionTimingTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    static let (width, height, duration) = (96, 48, 2.5)

    static let subRip = """
        1
        00:00:00,250 --> 00:00:00,700
        one

        2
        00:00:01,000 --> 00:00:01,299
        <b>two</b>

        3
        00:00:01,301 --> 00:00:01,400
        <i>three</i>

        4
        00:00:01,799 --> 00:00:02,101
        four

        """

    static let webVTT = """
        WEBVTT

        00:00.100 --> 00:00.500
        first <00:00.300>words

        cue
        00:00.934 --> 00:01.234 align:start
        second

        00:01.866 --> 00:02.400
        <v Ana>third</v>

        """

    /// For each frame, whether any pixel of it is lit (the video's background is black).
    static func lit(frames: [[UInt8]]) -> [Bool] {
        frames.map { frame in frame.contains { $0 > 64 } }
    }

    /// The frames `pipeline run` renders of white captions from `file` over black, as grey levels.
    func ours(_ file: String, fps: Int) throws -> [Bool] {
        let pipeline = """
            {"version": 1, "canvas": {"width": \(Self.width), "height": \(Self.height), "fps": \(fps),
              "duration": \(Self.duration), "background": "#000000"},
             "layers": [{"name": "captions", "text": {"string": "", "size": 14, "color": "#ffffff",
               "align": "center", "verticalAlign": "bottom", "captions": {"file": "\(file)", "margin": 2}}}]}
            """
        try pipeline.write(to: folder.appendingPathComponent("captions.json"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("ours-\(fps)")
        let result = try CLI.run(["run", "captions.json", "--out", out.path, "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
            .sorted()
        return try frames.map { name in
            let image = try RGBAImage.read(out.appendingPathComponent(name))
            return (0..<image.width * image.height).map { image.bytes[4 * $0] }
        }.map { $0.contains { $0 > 64 } }
    }

    /// The frames ffmpeg's `subtitles` filter (libass) draws of `file` over a black video.
    func libass(_ file: String, fps: Int) throws -> [Bool] {
        let raw = folder.appendingPathComponent("libass-\(fps).gray")
        let result = try CLI.runProgram(
            "/usr/bin/ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i",
                "color=c=black:s=\(Self.width)x\(Self.height):r=\(fps):d=\(Self.duration)", "-vf",
                "subtitles=\(file)", "-f", "rawvideo", "-pix_fmt", "gray", raw.path,
            ], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = [UInt8](try Data(contentsOf: raw))
        let size = Self.width * Self.height
        return Self.lit(frames: stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<$0 + size]) })
    }

    /// The frame numbers of each run of lit frames: where each cue appears and disappears.
    static func runs(_ lit: [Bool]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for (index, on) in (lit + [false]).enumerated() {
            if on, start == nil { start = index }
            if !on, let first = start {
                runs.append(first...index - 1)
                start = nil
            }
        }
        return runs
    }

    @Test(arguments: [("talk.srt", 10), ("talk.srt", 30), ("talk.vtt", 10), ("talk.vtt", 30)])
    func cuesShowOnTheFramesLibassShowsThem(file: String, fps: Int) throws {
        try Self.subRip.write(to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        try Self.webVTT.write(to: folder.appendingPathComponent("talk.vtt"), atomically: true, encoding: .utf8)
        let reference = try libass(file, fps: fps)
        let rendered = try ours(file, fps: fps)
        #expect(reference.count == Int(Self.duration * Double(fps)), "libass drew \(reference.count) frames")
        #expect(rendered.count == reference.count)
        #expect(
            Self.runs(rendered) == Self.runs(reference), "ours \(Self.runs(rendered)), libass \(Self.runs(reference))")
        #expect(Self.runs(reference).count >= 3, "the cues show apart: \(Self.runs(reference))")
    }
}
