import CommandTestSupport
import Foundation
import Testing

/// A clip's frames come from one decoding pass ahead of the rendering lanes: over a render it
/// decodes the frames it shows plus at most one group of pictures per range it starts, the same
/// count at every thread count, as the run reports ("…: N pictures decoded").
@Suite final class FootageReadAheadTests {
    let fixture: FootageFixture
    init() throws { fixture = try FootageFixture() }

    /// How clips/long.mp4 is encoded: each picture in presentation order, or with B-frames, whose
    /// decode times run behind their presentation times (mov then seeks by a presentation time,
    /// and a seek to a keyframe by its decode time lands a group early); or in presentation order
    /// in an AVI file, whose packets carry decode times alone (libavformat reads the file by its
    /// content, whatever its name).
    enum Encoding: String, CaseIterable, Sendable {
        case inOrder, bFrames, avi
    }

    /// clips/long.mp4: 10 s at 30 fps (300 frames), a keyframe every 60 frames.
    private func longClip(_ encoding: Encoding = .inOrder) throws {
        try fixture.ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "10", "-c:v", "libx264", "-preset",
                "ultrafast", "-bf", encoding == .bFrames ? "2" : "0", "-g", "60", "-keyint_min", "60",
                "-sc_threshold", "0", "-pix_fmt", "yuv420p",
            ] + (encoding == .avi ? ["-f", "avi"] : []) + ["clips/long.mp4"])
    }

    /// Writes p.json: `seconds` long at 30 fps, one layer showing `video` (JSON), and `extra` members.
    private func pipeline(_ video: String, seconds: Double, extra: String = "") throws {
        let text = """
            { "version": 1,
              "canvas": { "width": 320, "height": 240, "fps": 30, "duration": \(seconds) } \(extra),
              "layers": [ { "name": "clip", "gravity": "fill", "video": \(video) } ] }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    /// The pictures the run says `name` decoded.
    private func decoded(_ name: String, threads: Int, _ arguments: [String] = []) throws -> Int {
        let result = try CLI.run(
            ["run", "p.json", "--discard", "--threads", String(threads)] + arguments, in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout + result.stderr
        let line = output.split(separator: "\n").first { $0.contains("\(name): ") && $0.contains("decoded") }
        let count = line.flatMap { line in
            line.split(separator: ": ").last?.split(separator: " ").first.flatMap { Int($0) }
        }
        #expect(count != nil, "the run names what \(name) decoded: \(output)")
        return count ?? -1
    }

    @Test(arguments: Encoding.allCases, [1, 2, 8, 16])
    func aClipPlayedThroughDecodesEachFrameOnce(encoding: Encoding, threads: Int) throws {
        try longClip(encoding)
        try pipeline(#""clips/long.mp4""#, seconds: 4)
        let count = try decoded("long.mp4", threads: threads)
        #expect(count == 120)
    }

    /// Frames 50 to 99: decoding starts at the keyframe before frame 50 (frame 0).
    @Test(arguments: Encoding.allCases, [1, 2, 8, 16])
    func aPartStartsFromTheKeyframeBeforeIt(encoding: Encoding, threads: Int) throws {
        try longClip(encoding)
        try pipeline(#""clips/long.mp4""#, seconds: 4)
        let count = try decoded("long.mp4", threads: threads, ["--frames", "50-99"])
        #expect(count == 100)
    }

    /// From 3.5 s (frame 105): decoding starts at the keyframe at frame 60.
    @Test(arguments: Encoding.allCases, [1, 2, 8, 16])
    func aClipStartedMidFileStartsFromItsKeyframe(encoding: Encoding, threads: Int) throws {
        try longClip(encoding)
        try pipeline(#"{"file": "clips/long.mp4", "from": 3.5}"#, seconds: 2)
        let count = try decoded("long.mp4", threads: threads)
        #expect(count == 45 + 60)
    }

    /// At twice the speed every picture up to the last shown is decoded once, and no more.
    @Test(arguments: Encoding.allCases, [1, 2, 8, 16])
    func aFasterClipDecodesEachPictureOnce(encoding: Encoding, threads: Int) throws {
        try longClip(encoding)
        try pipeline(#"{"file": "clips/long.mp4", "speed": 2}"#, seconds: 3)
        let count = try decoded("long.mp4", threads: threads)
        #expect(count == 179)
    }

    /// Rewound, the clip's frames are shown last first: each group of pictures is decoded once
    /// and its frames kept until shown.
    @Test(arguments: Encoding.allCases, [1, 2, 8, 16])
    func aClipPlayedBackwardsDecodesEachGroupOnce(encoding: Encoding, threads: Int) throws {
        try longClip(encoding)
        try pipeline(#""clips/long.mp4""#, seconds: 4, extra: #", "direction": "rewind""#)
        let count = try decoded("long.mp4", threads: threads)
        #expect(count == 120)
    }

    /// A 25 fps clip rewound in a 30 fps render shows each group's pictures over more render
    /// frames than it has pictures: the group is still decoded once, however small the window.
    /// From 1 s for 4 s: frames 124 down to 25, in groups from keyframes 100, 50 and 0.
    @Test(arguments: [1, 2, 8, 16])
    func aClipRewoundAtALowerFrameRateDecodesEachGroupOnce(threads: Int) throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", "6", "-c:v", "libx264", "-preset",
            "ultrafast", "-g", "50", "-keyint_min", "50", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
            "clips/pal.mp4",
        ])
        try pipeline(#"{"file": "clips/pal.mp4", "from": 1}"#, seconds: 4, extra: #", "direction": "rewind""#)
        let count = try decoded("pal.mp4", threads: threads)
        #expect(count == 125)
    }

    /// Two clips in sequence, the second dissolving in over the first from 2 s to 3 s: a mixer
    /// step hides the second before it and the first after it, so neither is decoded while it is
    /// hidden, and each decodes the frames it shows and no more (the first 0 to 90, the second
    /// 0 to 59), its decoder opened once.
    @Test(arguments: Encoding.allCases, [1, 2, 8, 16])
    func clipsInSequenceDecodeOnlyTheFramesTheyShow(encoding: Encoding, threads: Int) throws {
        try longClip(encoding)
        try FileManager.default.copyItem(
            at: fixture.folder.appendingPathComponent("clips/long.mp4"),
            to: fixture.folder.appendingPathComponent("clips/second.mp4"))
        let text = """
            { "version": 1, "canvas": { "width": 320, "height": 240, "fps": 30, "duration": 4 },
              "layers": [ { "name": "a", "video": "clips/long.mp4" },
                          { "name": "b", "video": { "file": "clips/second.mp4", "start": 2 } } ],
              "timeline": [ { "mixer": "cross-dissolve", "from": "a", "to": "b", "start": 2, "duration": 1 } ] }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        #expect(try decoded("long.mp4", threads: threads) == 91)
        #expect(try decoded("second.mp4", threads: threads) == 60)
    }

    /// One recording cut into two segments that dissolve into each other: the first from 0 s,
    /// the second from 7 s, both shown during the dissolve. Each segment reads the file with a
    /// decoder of its own, so the dissolve does not send one decoder back to a keyframe for every
    /// frame: the file decodes the first segment's frames (0 to 90) and the second's from the
    /// keyframe before them (180 to 269), reported as one file.
    @Test(arguments: Encoding.allCases, [1, 2, 8, 16])
    func twoSegmentsOfOneFileDecodeEachOnce(encoding: Encoding, threads: Int) throws {
        try longClip(encoding)
        let text = """
            { "version": 1, "canvas": { "width": 320, "height": 240, "fps": 30, "duration": 4 },
              "layers": [ { "name": "a", "video": "clips/long.mp4" },
                          { "name": "b", "video": { "file": "clips/long.mp4", "start": 2, "from": 7 } } ],
              "timeline": [ { "mixer": "cross-dissolve", "from": "a", "to": "b", "start": 2, "duration": 1 } ] }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        #expect(try decoded("long.mp4", threads: threads) == 91 + 90)
    }

    /// A clip shown twice at once with one timing (sharp, over a blurred copy of itself) is
    /// decoded once.
    @Test(arguments: [1, 8])
    func aClipShownTwiceAtOnceDecodesOnce(threads: Int) throws {
        try longClip()
        let text = """
            { "version": 1, "canvas": { "width": 320, "height": 240, "fps": 30, "duration": 4 },
              "layers": [ { "name": "back", "video": "clips/long.mp4",
                            "filters": [ { "effect": "blur", "params": { "radius": 8 } } ] },
                          { "name": "front", "frame": [80, 60, 160, 120], "video": "clips/long.mp4" } ] }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        #expect(try decoded("long.mp4", threads: threads) == 120)
    }

    /// A shard decodes its own range from the keyframe before it; the shards together decode
    /// what a whole render does, plus a group's start for each shard after the first.
    @Test(arguments: Encoding.allCases)
    func shardsDecodeTheirOwnRanges(encoding: Encoding) throws {
        try longClip(encoding)
        try pipeline(#""clips/long.mp4""#, seconds: 4)
        // 120 frames in 3 shards: 0–39, 40–79 (from keyframe 0), 80–119 (from keyframe 60).
        let counts = try (1...3).map { try decoded("long.mp4", threads: 2, ["--shard", "\($0)/3"]) }
        #expect(counts == [40, 80, 60])
    }

    /// A numbered image sequence reads each file once, however many lanes ask for it.
    @Test(arguments: [1, 8])
    func aSequenceReadsEachFileOnce(threads: Int) throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-frames:v", "20", "shots/shot_%03d.png",
        ])
        let text = """
            { "version": 1, "canvas": { "width": 64, "height": 48, "fps": 30, "duration": 2 },
              "layers": [ { "name": "shots", "sequence": { "files": "shots/shot_%03d.png", "fps": 10 } } ] }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let count = try decoded("shot_%03d.png", threads: threads)
        #expect(count == 20)
    }
}
