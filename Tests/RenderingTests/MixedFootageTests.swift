import CommandTestSupport
import Foundation
import Testing

/// A clip draws wherever its layer is drawn, as a still image of the same picture would: a mixer
/// step that hides a layer keeps its footage from being decoded, but not from a mix or a step
/// that draws the layer (or a sublayer) apart, nor from a motion-blurred frame whose layers keep
/// states of their own; and a clip covering the frame that a mix replaces does not cover it.
/// Each pipeline is rendered twice, its clip once a video of one colour and once a PNG of that
/// colour, and the pixels compared.
@Suite final class MixedFootageTests {
    let fixture: FootageFixture

    init() throws {
        fixture = try FootageFixture()
        for (name, colour) in [("green", "0x00ff00"), ("blue", "0x0000ff")] {
            try fixture.ffmpeg([
                "-f", "lavfi", "-i", "color=c=\(colour):size=160x120:rate=30", "-t", "4", "-c:v", "libx264",
                "-preset", "ultrafast", "-pix_fmt", "yuv420p", "clips/\(name).mp4",
            ])
            try fixture.ffmpeg(["-f", "lavfi", "-i", "color=c=\(colour):size=160x120", "-frames:v", "1", "\(name).png"])
        }
    }

    /// The pixel at (`x`, `y`) of frame `frame` of `pipeline` (its clip's content written
    /// `CLIP(green)` or `CLIP(blue)`), with the clip as a video and as a still.
    private func pixels(_ pipeline: String, frame: Int, x: Int = 80, y: Int = 60) throws -> (video: Pixel, still: Pixel)
    {
        var found: [Pixel] = []
        for (kind, content) in [("video", #""video": "clips/NAME.mp4""#), ("still", #""image": "NAME.png""#)] {
            var text = pipeline
            for name in ["green", "blue"] {
                text = text.replacingOccurrences(
                    of: "CLIP(\(name))", with: content.replacingOccurrences(of: "NAME", with: name))
            }
            try text.write(to: fixture.folder.appendingPathComponent("\(kind).json"), atomically: true, encoding: .utf8)
            let run = try CLI.run(
                ["run", "\(kind).json", "--out", kind, "--format", "png", "--frames", "\(frame)", "--quiet"],
                in: fixture.folder)
            try #require(run.status == 0, "\(run.stderr)")
            let image = try RGBAImage.read(
                fixture.folder.appendingPathComponent(String(format: "\(kind)/frame_%04d.png", frame)))
            found.append(image[x, y])
        }
        return (found[0], found[1])
    }

    /// B is hidden until the dissolve into it at 2 s; its sublayer C dissolves into D from 0 s to
    /// 1 s, so at 0.5 s the mix draws C, hidden parent and all.
    @Test func aSublayerOfAHiddenLayerThatAMixerBlendsShowsItsClip() throws {
        let (video, still) = try pixels(
            """
            { "version": 1, "canvas": { "width": 160, "height": 120, "fps": 30, "duration": 4 },
              "layers": [ { "name": "intro", "fill": "#ff0000" },
                          { "name": "B", "sublayers": [ { "name": "C", CLIP(green) } ] },
                          { "name": "D", "fill": "#0000ff" } ],
              "timeline": [ { "mixer": "cross-dissolve", "from": "intro", "to": "B", "start": 2, "duration": 1 },
                            { "mixer": "cross-dissolve", "from": "C", "to": "D", "start": 0, "duration": 1 } ] }
            """, frame: 15)
        #expect(video.distance(to: still) <= 4, "video \(video), still \(still)")
        #expect(video.g > 40, "the clip is in the mix: \(video)")
    }

    /// After the dissolve from C to D ends at 1.5 s, D is shown alone in C's place: D then takes
    /// the place of C, a sublayer of the hidden B; before it starts C is shown alone in D's place.
    @Test func aSublayerOfAHiddenLayerShownAloneShowsItsClip() throws {
        let (video, still) = try pixels(
            """
            { "version": 1, "canvas": { "width": 160, "height": 120, "fps": 30, "duration": 4 },
              "layers": [ { "name": "intro", "fill": "#ff0000" },
                          { "name": "B", "sublayers": [ { "name": "C", CLIP(green) } ] },
                          { "name": "E", "fill": "#ffffff", "frame": [0, 0, 10, 10] },
                          { "name": "D", "fill": "#0000ff" } ],
              "timeline": [ { "mixer": "cross-dissolve", "from": "intro", "to": "B", "start": 2, "duration": 1 },
                            { "mixer": "cross-dissolve", "from": "C", "to": "D", "start": 1, "duration": 0.5 } ] }
            """, frame: 15)
        #expect(video.distance(to: still) <= 4, "video \(video), still \(still)")
        #expect(video.g > 200, "C is shown alone before its dissolve: \(video)")
    }

    /// A layer that keeps out of motion blur takes one state for all the frame's samples, though
    /// the dissolve it leaves ends within the shutter.
    @Test func aMotionBlurredFrameShowsTheClipOfALayerKeptOutOfTheBlur() throws {
        let (video, still) = try pixels(
            """
            { "version": 1,
              "canvas": { "width": 160, "height": 120, "fps": 30, "duration": 4,
                          "motionBlur": { "shutterAngle": 360, "shutterPhase": -180, "samples": 8 } },
              "layers": [ { "name": "bg", "fill": "#ff0000" },
                          { "name": "V", CLIP(green), "motionBlur": false },
                          { "name": "X", "fill": "#0000ff", "frame": [0, 0, 20, 20] } ],
              "timeline": [ { "animate": "transform.translation", "target": "V", "from": [0, 0], "to": [0, 0.001],
                              "start": 0, "duration": 4 },
                            { "mixer": "cross-dissolve", "from": "V", "to": "X", "start": 1, "duration": 0.5 } ] }
            """, frame: 45)
        #expect(video.distance(to: still) <= 4, "video \(video), still \(still)")
    }

    /// A small green square dissolving into a clip that covers the frame, over red: the mix's
    /// output shows the red through where neither is opaque yet, and is what the frame shows.
    @Test func aDissolveIntoAClipCoveringTheFrameDissolves() throws {
        let pipeline = """
            { "version": 1, "canvas": { "width": 160, "height": 120, "fps": 30, "duration": 4 },
              "layers": [ { "name": "bg", "fill": "#ff0000" },
                          { "name": "A", "fill": "#00ff00", "frame": [0, 0, 20, 20] },
                          { "name": "V", CLIP(blue) } ],
              "timeline": [ { "mixer": "cross-dissolve", "from": "A", "to": "V", "start": 0, "duration": 2 } ] }
            """
        let halfway = try pixels(pipeline, frame: 30)
        #expect(halfway.video.distance(to: halfway.still) <= 4, "video \(halfway.video), still \(halfway.still)")
        #expect(halfway.video.distance(to: Pixel(127, 0, 127)) <= 6, "half red, half blue: \(halfway.video)")
        let early = try pixels(pipeline, frame: 3, x: 5, y: 5)
        #expect(early.video.distance(to: early.still) <= 4, "video \(early.video), still \(early.still)")
        #expect(early.video.g > 200, "the square is still almost whole: \(early.video)")
    }
}
