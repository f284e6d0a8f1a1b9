import CommandTestSupport
import Foundation
import Testing

/// A first promo, made as a new user makes one: three 5 s clips, `wipeleft` from the first to the
/// second, the second hue-rotated, `fade` to the third, a title on a translucent box fading in
/// and out, and music with fades, rendered to MP4 and PNG frames at a small size. Each clip is
/// one solid colour, so every frame's pixels say which clips it shows and how much of each.
@Suite final class PromoTests {
    let fixture: FootageFixture
    init() throws { fixture = try FootageFixture() }

    static let (width, height) = (160, 90)

    /// Each clip, its solid colour and the colour its layer shows (b is hue-rotated 180°).
    private func makePromo() throws {
        for (name, colour) in [("a", "0xff0000"), ("b", "0x0000ff"), ("c", "0x00ff00")] {
            try fixture.ffmpeg([
                "-f", "lavfi", "-i", "color=c=\(colour):size=\(Self.width)x\(Self.height):rate=30", "-t", "5",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv444p", "-qp", "0",
                "clips/\(name).mp4",
            ])
        }
        try fixture.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "13", "music.m4a"])
        let text = """
            { "version": 1,
              "canvas": { "width": \(Self.width), "height": \(Self.height), "fps": 30, "duration": 13 },
              "layers": [
                { "name": "a", "video": "clips/a.mp4" },
                { "name": "b", "video": { "file": "clips/b.mp4", "start": 4 },
                  "filters": [ { "effect": "hue-rotate", "params": { "angle": 180 } } ] },
                { "name": "c", "video": { "file": "clips/c.mp4", "start": 8 } },
                { "name": "title", "frame": [20, 30, 120, 30], "fill": "#00000080", "opacity": 0,
                  "sublayers": [ { "name": "words", "frame": [0, 0, 120, 30],
                                   "text": { "string": "Launch", "size": 18, "color": "#ffffff",
                                             "align": "center", "verticalAlign": "center" } } ] }
              ],
              "timeline": [
                { "mixer": "wipeleft", "from": "a", "to": "b", "start": 4, "duration": 1, "timing": "linear" },
                { "mixer": "fade", "from": "b", "to": "c", "start": 8, "duration": 1, "timing": "linear" },
                { "animate": "opacity", "target": "title", "from": 0, "to": 1, "start": 1, "duration": 0.5 },
                { "animate": "opacity", "target": "title", "to": 0, "start": 3, "duration": 0.5 }
              ],
              "audio": [ { "file": "music.m4a", "fadeIn": 1, "fadeOut": 2 } ],
              "output": { "dir": "out", "formats": ["png", "mp4"] } }
            """
        try text.write(to: fixture.folder.appendingPathComponent("promo.json"), atomically: true, encoding: .utf8)
    }

    /// The RGB pixel at (x, y) of rendered frame `frame`.
    private func pixel(_ frame: Int, _ x: Int, _ y: Int, from frames: inout [Int: [UInt8]]) throws -> [Int] {
        if frames[frame] == nil { frames[frame] = try fixture.rendered(frame) }
        let offset = (y * Self.width + x) * 3
        return frames[frame]![offset..<offset + 3].map(Int.init)
    }

    private static func near(_ pixel: [Int], _ expected: [Int], within tolerance: Int = 6) -> Bool {
        zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func thePromoShowsEachClipTransitionTitleAndSound() throws {
        try makePromo()
        let result = try CLI.run(["run", "promo.json", "--quiet"], in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        var frames: [Int: [UInt8]] = [:]
        let (red, green) = ([255, 0, 0], [0, 255, 0])
        // b's blue turned 180° about the hue axis: the middle of the wipe shows it on one side.
        let turned = try pixel(150, 80, 45, from: &frames)
        #expect(turned[2] < 60 && turned[0] > 10, "b after the wipe shows blue hue-rotated: \(turned)")
        #expect(Self.near(try pixel(60, 80, 70, from: &frames), red), "a alone before the wipe")

        // wipeleft at half way (frame 135, 4.5 s): b has come in over one half, as xfade's wipeleft.
        let (left, right) = (try pixel(135, 10, 70, from: &frames), try pixel(135, 150, 70, from: &frames))
        let reference = try wipeMidpoint()
        #expect(Self.near(left, reference.left == "a" ? red : turned), "left half at 4.5 s: \(left)")
        #expect(Self.near(right, reference.right == "a" ? red : turned), "right half at 4.5 s: \(right)")

        // fade at half way (frame 255, 8.5 s): b and c mixed in equal parts.
        let mixed = try pixel(255, 80, 45, from: &frames)
        let half = zip(turned, green).map { ($0 + $1 + 1) / 2 }
        #expect(Self.near(mixed, half, within: 8), "the fade's midpoint \(mixed) is half b, half c \(half)")
        #expect(Self.near(try pixel(300, 80, 45, from: &frames), green), "c alone after the fade")

        // The title's box: half-black over red while shown (2 s), gone before 1 s and after 3.5 s.
        #expect(Self.near(try pixel(60, 22, 32, from: &frames), [128, 0, 0], within: 8), "the box over a at 2 s")
        #expect(Self.near(try pixel(15, 22, 32, from: &frames), red), "no box at 0.5 s")
        #expect(Self.near(try pixel(115, 22, 32, from: &frames), red), "no box at 3.83 s")

        // The music fades in: its first tenth of a second is far quieter than the middle's.
        let (start, middle) = (try loudness(at: 0, "out/promo.mp4"), try loudness(at: 6, "out/promo.mp4"))
        #expect(start < middle - 20, "sound at the start \(start) dB, in the middle \(middle) dB")
    }

    /// Which clip ffmpeg's own `xfade=transition=wipeleft` shows on each side half way through.
    private func wipeMidpoint() throws -> (left: String, right: String) {
        try FileManager.default.createDirectory(
            at: fixture.folder.appendingPathComponent("wipe"), withIntermediateDirectories: true)
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "color=c=red:size=160x90:rate=30:d=2", "-f", "lavfi", "-i",
            "color=c=blue:size=160x90:rate=30:d=2", "-filter_complex",
            "xfade=transition=wipeleft:duration=1:offset=0.5", "-frames:v", "31", "-start_number", "0",
            "wipe/frame_%04d.png",
        ])
        let frame = try fixture.rendered(30, in: "wipe")
        func side(_ x: Int) -> String { frame[(70 * 160 + x) * 3] > 128 ? "a" : "b" }
        return (side(10), side(150))
    }

    /// The mean volume in dB of 0.1 s of `file`'s sound from `seconds`.
    private func loudness(at seconds: Double, _ file: String) throws -> Double {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffmpeg", "-v", "info", "-ss", String(seconds), "-t", "0.1", "-i", file, "-af", "volumedetect", "-f",
                "null", "-",
            ], in: fixture.folder)
        let line = result.stderr.split(separator: "\n").first { $0.contains("mean_volume:") }
        return line.flatMap { Double($0.split(separator: " ").dropLast().last ?? "") } ?? .nan
    }
}
