import CommandTestSupport
import Foundation
import Testing

/// A clip without alpha that covers the whole frame hides everything below it: the frame is its
/// picture alone, to the byte, whatever lies under it (the compositor starts drawing there). A
/// clip that leaves a pixel uncovered, is translucent, or carries alpha still shows what is below.
@Suite final class CoveringClipTests {
    let fixture: FootageFixture
    init() throws {
        fixture = try FootageFixture()
        try fixture.standardClip()
        // A red still under the clip, and a green one over half of it.
        try fixture.ffmpeg(["-f", "lavfi", "-i", "color=c=red:size=320x240", "-frames:v", "1", "red.png"])
        try fixture.ffmpeg(["-f", "lavfi", "-i", "color=c=lime:size=160x240", "-frames:v", "1", "green.png"])
    }

    /// Writes `name`: the clip as layer "clip" (`clip` JSON members), over the red still, on
    /// `background`; `above` is added over the clip.
    private func write(_ name: String, clip: String, background: String = "#204080", above: String = "") throws {
        let text = """
            { "version": 1,
              "canvas": { "width": 320, "height": 240, "fps": 30, "duration": 1, "background": "\(background)" },
              "layers": [ { "name": "under", "image": "red.png" },
                          { "name": "clip", \(clip) } \(above.isEmpty ? "" : ", " + above) ] }
            """
        try text.write(to: fixture.folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func frames(_ pipeline: String, _ out: String) throws -> [RGBAImage] {
        let run = try CLI.run(
            ["run", pipeline, "--out", out, "--format", "png", "--quiet"], in: fixture.folder)
        try #require(run.status == 0, "\(run.stderr)")
        return try ["frame_0000.png", "frame_0012.png", "frame_0029.png"].map {
            try RGBAImage.read(fixture.folder.appendingPathComponent("\(out)/\($0)"))
        }
    }

    @Test func aCoveringClipGivesTheSameBytesOverAnythingAndUnderWhatIsAbove() throws {
        let green = #"{ "name": "green", "image": "green.png", "frame": [0, 0, 160, 240] }"#
        try write("over-red.json", clip: #""video": "clips/a.mp4", "gravity": "fill""#, above: green)
        try write(
            "alone.json", clip: #""video": "clips/a.mp4", "gravity": "fill", "frame": [0, 0, 320, 240]"#,
            background: "#ffffff", above: green)
        let (covering, alone) = (try frames("over-red.json", "a"), try frames("alone.json", "b"))
        for (index, (frame, reference)) in zip(covering, alone).enumerated() {
            let same = frame.bytes == reference.bytes
            #expect(same, "frame \(index) differs")
            // The green still over the left half (ffmpeg's colour source is 254 green in a PNG),
            // the clip (never red) on the right.
            #expect(frame[10, 10].distance(to: Pixel(0, 255, 0)) <= 3, "\(frame[10, 10])")
            #expect(frame[300, 200].r < 200 || frame[300, 200].g > 50, "\(frame[300, 200])")
        }
    }

    @Test func aClipThatLeavesAColumnUncoveredShowsWhatIsBelowThere() throws {
        try write("shifted.json", clip: #""video": "clips/a.mp4", "gravity": "fill", "frame": [1, 0, 320, 240]"#)
        for frame in try frames("shifted.json", "out") {
            #expect(frame[0, 120].distance(to: Pixel(255, 0, 0)) <= 3, "column 0 shows the red still: \(frame[0, 120])")
        }
    }

    /// A covering clip shown pixel for pixel is written into the frame without Cairo (converted
    /// straight into it); moved one pixel to the right, Cairo draws it. Every column the two share
    /// has the same bytes, on one thread and on four.
    @Test func aClipWrittenStraightIntoTheFrameHasTheBytesCairoDraws() throws {
        try write("straight.json", clip: #""video": "clips/a.mp4", "gravity": "fill""#)
        try write("drawn.json", clip: #""video": "clips/a.mp4", "gravity": "fill", "frame": [1, 0, 320, 240]"#)
        for threads in ["1", "4"] {
            for (name, out) in [("straight.json", "s\(threads)"), ("drawn.json", "d\(threads)")] {
                let run = try CLI.run(
                    ["run", name, "--out", out, "--format", "png", "--quiet", "--threads", threads], in: fixture.folder)
                try #require(run.status == 0, "\(run.stderr)")
            }
            for frame in ["frame_0000.png", "frame_0012.png", "frame_0029.png"] {
                let straight = try RGBAImage.read(fixture.folder.appendingPathComponent("s\(threads)/\(frame)"))
                let drawn = try RGBAImage.read(fixture.folder.appendingPathComponent("d\(threads)/\(frame)"))
                var differing = 0
                for y in 0..<240 {
                    for x in 0..<319 where straight[x, y] != drawn[x + 1, y] { differing += 1 }
                }
                #expect(differing == 0, "\(frame), --threads \(threads): \(differing) pixels differ")
            }
        }
    }

    @Test func aTranslucentClipShowsWhatIsBelow() throws {
        try write("opaque.json", clip: #""video": "clips/a.mp4", "gravity": "fill""#)
        try write("faded.json", clip: #""video": "clips/a.mp4", "gravity": "fill", "opacity": 0.5"#)
        let (opaque, faded) = (try frames("opaque.json", "a"), try frames("faded.json", "b"))
        for (clip, over) in zip(opaque, faded) {
            // Half the clip's pixel and half the red still's.
            for (x, y) in [(40, 40), (160, 120), (300, 200)] {
                let expected = Pixel((clip[x, y].r + 253) / 2, clip[x, y].g / 2, clip[x, y].b / 2)
                #expect(over[x, y].distance(to: expected) <= 3, "(\(x), \(y)): \(over[x, y]), clip \(clip[x, y])")
            }
        }
    }

    /// A QuickTime Animation clip with alpha, transparent on its left half: the red still shows there.
    @Test func aClipWithAlphaShowsWhatIsBelowWhereItIsTransparent() throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i",
            "color=c=blue@1.0:size=320x240:rate=30,format=argb,geq=a='if(lt(X,160),0,255)':"
                + "r='r(X,Y)':g='g(X,Y)':b='b(X,Y)'", "-t", "1", "-c:v", "qtrle", "-pix_fmt", "argb",
            "clips/alpha.mov",
        ])
        try write("alpha.json", clip: #""video": "clips/alpha.mov", "gravity": "fill""#)
        for frame in try frames("alpha.json", "out") {
            #expect(frame[40, 120].distance(to: Pixel(255, 0, 0)) <= 3, "\(frame[40, 120])")
            #expect(frame[280, 120].distance(to: Pixel(0, 0, 255)) <= 3, "\(frame[280, 120])")
        }
    }
}
