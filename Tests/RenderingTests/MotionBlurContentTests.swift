import CommandTestSupport
import Foundation
import Testing

/// Motion blur samples what animates, not what a layer shows: a clip, a sequence, captions and a
/// counter show the frame's own content in every sample, so outside the box a moving card covers
/// within the shutter a blurred frame has the bytes of the frame rendered without blur, on every
/// frame, a cue's first and last included.
@Suite final class MotionBlurContentTests {
    let footage: FootageFixture
    var folder: URL { footage.folder }
    init() throws { footage = try FootageFixture() }

    static let (width, height, fps) = (FootageFixture.width, FootageFixture.height, FootageFixture.fps)
    /// The card: its frame before it moves, and how far it slides (linearly, from 0.3 s for 0.4 s).
    static let card = (x: 20.0, y: 150.0, width: 60.0, height: 40.0, distance: 200.0, start: 0.3, duration: 0.4)

    static let webVTT = """
        WEBVTT

        00:00.000 --> 00:00.200
        one <00:00.100>more

        00:00.200 --> 00:00.517
        two <00:00.350>words

        00:00.600 --> 00:00.900
        three <00:00.700>four

        """

    /// The pipeline: the clip filling the frame, the card sliding over it, captions and a counter
    /// above both; `blur` is the canvas's motionBlur (nil: none), `clipBlur` the clip layer's.
    private func write(_ name: String, blur: String?, clipBlur: String? = nil) throws {
        let card = Self.card
        let blurKey = blur.map { ", \"motionBlur\": \($0)" } ?? ""
        let clipBlurKey = clipBlur.map { ", \"motionBlur\": \($0)" } ?? ""
        let text = """
            { "version": 1,
              "canvas": { "width": \(Self.width), "height": \(Self.height), "fps": \(Self.fps), "duration": 1,
                          "background": "#204080"\(blurKey) },
              "layers": [ { "name": "clip", "gravity": "fill", "video": "clips/a.mp4"\(clipBlurKey) },
                          { "name": "card", "fill": "#ffffff", "cornerRadius": 6,
                            "frame": [\(card.x), \(card.y), \(card.width), \(card.height)] },
                          { "name": "captions", "frame": [0, 0, 320, 60],
                            "text": { "string": "", "size": 20, "color": "#ffff00", "align": "center",
                                      "captions": { "file": "talk.vtt", "highlight": { "color": "#ff0000" } } } },
                          { "name": "count", "frame": [200, 200, 120, 40],
                            "text": { "string": "0", "size": 18, "color": "#00ff00",
                                      "counter": { "from": 0, "to": 90, "start": 0, "duration": 1 } } } ],
              "timeline": [ { "animate": "transform.translation", "target": "card", "from": [0, 0],
                              "to": [\(card.distance), 0], "start": \(card.start), "duration": \(card.duration),
                              "timing": "linear" } ] }
            """
        try text.write(to: folder.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
    }

    private func render(_ name: String) throws -> URL {
        let out = folder.appendingPathComponent("out-" + name)
        let result = try CLI.run(["run", name + ".json", "--out", out.path, "--format", "png", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    private func frame(_ index: Int, in out: URL) throws -> RGBAImage {
        try RGBAImage.read(out.appendingPathComponent(String(format: "frame_%04d.png", index)))
    }

    /// The card's left edge at time `time`.
    static func cardX(at time: Double) -> Double {
        card.x + card.distance * min(max((time - card.start) / card.duration, 0), 1)
    }

    /// The pixels the card can cover within frame `index`'s centred 180° shutter, with two pixels
    /// of antialiasing either side.
    static func cardBox(frame index: Int) -> (x: Range<Int>, y: Range<Int>) {
        let open = (Double(index) - 0.25) / Double(fps)
        let close = (Double(index) + 0.25) / Double(fps)
        let x0 = Int(cardX(at: open).rounded(.down)) - 2
        let x1 = Int((cardX(at: close) + card.width).rounded(.up)) + 2
        return (x0..<x1, Int(card.y) - 2..<Int(card.y + card.height) + 2)
    }

    private func setUp() throws {
        try footage.standardClip()
        try Self.webVTT.write(to: folder.appendingPathComponent("talk.vtt"), atomically: true, encoding: .utf8)
    }

    @Test func footageCaptionsAndCountersKeepTheirFramesOutsideTheMovingCard() throws {
        try setUp()
        try write("sharp", blur: nil)
        try write("blurred", blur: "{ \"shutterAngle\": 180, \"samples\": 16 }")
        let (sharp, blurred) = (try render("sharp"), try render("blurred"))
        var moved = 0
        for index in 0..<Self.fps {
            let (a, b) = (try frame(index, in: sharp), try frame(index, in: blurred))
            let box = Self.cardBox(frame: index)
            var differing = 0
            var inside = false
            for y in 0..<Self.height {
                for x in 0..<Self.width where !(box.x.contains(x) && box.y.contains(y)) {
                    let i = (y * Self.width + x) * 4
                    if a.bytes[i..<i + 4] != b.bytes[i..<i + 4] { differing += 1 }
                }
                for x in box.x where box.y.contains(y) && x >= 0 && x < Self.width {
                    let i = (y * Self.width + x) * 4
                    if a.bytes[i..<i + 4] != b.bytes[i..<i + 4] { inside = true }
                }
            }
            #expect(differing == 0, "frame \(index): \(differing) pixels outside the card's box differ from no blur")
            if inside { moved += 1 }
        }
        // The card's frames are blurred: the comparison outside its box is not of two sharp renders.
        #expect(moved >= 10, "only \(moved) frames show the card blurred")
    }

    /// A frame where nothing moves is drawn once, at its own time: a sequence changing every
    /// frame under a motion blur shows each frame's own file, byte for byte as without blur.
    @Test func aChangingSequenceIsNotBlendedBetweenItsFiles() throws {
        for (index, colour) in ["red", "blue", "green"].enumerated() {
            try footage.ffmpeg([
                "-f", "lavfi", "-i", "color=c=\(colour):s=16x8", "-frames:v", "1", "-pix_fmt", "rgb24",
                String(format: "shots/f_%04d.png", index),
            ])
        }
        for (name, blur) in [("plain", ""), ("shutter", ", \"motionBlur\": { \"shutterAngle\": 360 }")] {
            let text = """
                { "version": 1, "canvas": { "width": 16, "height": 8, "fps": 10, "duration": 0.3\(blur) },
                  "layers": [ { "name": "clip", "sequence": { "files": "shots/f_%04d.png", "fps": 10 } } ] }
                """
            try text.write(to: folder.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
        }
        let (plain, shutter) = (try render("plain"), try render("shutter"))
        for index in 0..<3 {
            #expect(try frame(index, in: plain).bytes == frame(index, in: shutter).bytes, "frame \(index)")
        }
    }

    /// `"motionBlur": false` on a layer nothing moves is taken: it has nothing to blur.
    @Test func motionBlurFalseOnAStaticLayerValidates() throws {
        try setUp()
        try write("kept", blur: "{}", clipBlur: "false")
        let result = try CLI.run(["validate", "kept.json", "--strict"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("motionBlur"), "\(result.stderr)")
    }
}
