import CommandTestSupport
import Foundation
import Testing

/// Transitions between clips as a video editor plays them: clip A shows until the transition to
/// clip B begins and B alone after it ends, with no `fillMode` written, whether the transition is
/// a mixer step (a cross-dissolve) or an animator that brings B in (a circle reveal).
@Suite struct ClipTransitionTests {
    /// 160×120 at 10 fps for 3 s: the transition runs from 2 to 2.5 s, frames 20 to 25.
    static let (width, height, fps) = (160, 120, 10)
    static let before = 0..<20
    static let after = 26..<30

    /// A folder holding clips/a.mp4 (testsrc2) and clips/b.mp4 (mandelbrot), 3 s of H.264 each.
    static func clips() throws -> FootageFixture {
        let fixture = try FootageFixture()
        for (name, source) in [("a", "testsrc2"), ("b", "mandelbrot")] {
            try fixture.ffmpeg([
                "-f", "lavfi", "-i", "\(source)=size=\(width)x\(height):rate=\(fps)", "-t", "3", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", "clips/\(name).mp4",
            ])
        }
        return fixture
    }

    /// A pipeline of the clips named in `layers` (A below B), one full-canvas video layer each,
    /// and the `timeline`'s steps.
    static func pipeline(layers: [String], timeline: String = "") -> String {
        let members = layers.map { name in
            #"{ "name": "\#(name)", "video": "clips/\#(name.lowercased()).mp4", "gravity": "fill" }"#
        }
        return """
            { "version": 1,
              "canvas": { "width": \(width), "height": \(height), "fps": \(fps), "duration": 3,
                          "background": "#000000" },
              "layers": [ \(members.joined(separator: ", ")) ],
              "timeline": [ \(timeline) ] }
            """
    }

    static let dissolve = #"{ "mixer": "cross-dissolve", "from": "A", "to": "B", "start": 2, "duration": 0.5 }"#
    static let reveal = #"""
        { "animator": "circle-reveal", "target": "B", "start": 2, "duration": 0.5,
          "params": { "from": [80, 60, 0, 0] } }
        """#

    /// Renders `text` into folder `name` of `fixture` and returns its frames.
    static func render(_ text: String, as name: String, in fixture: FootageFixture) throws -> [RGBAImage] {
        try PluginFixtures.write(text, to: "\(name).json", in: fixture.folder)
        let result = try CLI.run(
            ["run", "\(name).json", "--out", name, "--format", "png", "--quiet"], in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try (0..<30).map { frame in
            try RGBAImage.read(fixture.folder.appendingPathComponent(String(format: "\(name)/frame_%04d.png", frame)))
        }
    }

    /// Every frame in `frames` of `rendered` matches the same frame of `alone` (PSNR ≥ 40 dB).
    static func expect(_ rendered: [RGBAImage], _ frames: Range<Int>, show alone: [RGBAImage], _ what: String) {
        for frame in frames {
            let psnr = rendered[frame].psnr(against: alone[frame])
            #expect(psnr >= 40, "frame \(frame) of \(what): PSNR \(psnr) dB")
        }
    }

    @Test(arguments: [("cross-dissolve", dissolve), ("circle-reveal", reveal)])
    func clipAShowsUntilTheTransitionAndClipBAfterIt(name: String, step: String) throws {
        let fixture = try Self.clips()
        let a = try Self.render(Self.pipeline(layers: ["A"]), as: "a", in: fixture)
        let b = try Self.render(Self.pipeline(layers: ["B"]), as: "b", in: fixture)
        let both = try Self.render(Self.pipeline(layers: ["A", "B"], timeline: step), as: name, in: fixture)
        Self.expect(both, Self.before, show: a, "\(name) before 2 s")
        Self.expect(both, Self.after, show: b, "\(name) after 2.5 s")
        #expect(both[22].psnr(against: a[22]) < 30 && both[22].psnr(against: b[22]) < 30, "frame 22 is between")

        let validated = try CLI.run(["validate", "--strict", "\(name).json"], in: fixture.folder)
        #expect(validated.status == 0 && validated.stderr.isEmpty, "\(validated.stderr)")
        #expect(validated.stdout.hasPrefix("\(name).json: ok — 160×120, 30 frames"), "\(validated.stdout)")
    }

    /// `fillMode` written in the step replaces the default: "forwards" is Core Animation's, under
    /// which the step has no effect before its start and clip B, the upper layer, shows from 0 s.
    @Test(arguments: [("cross-dissolve", dissolve), ("circle-reveal", reveal)])
    func aWrittenForwardsFillShowsClipBFromTheStart(name: String, step: String) throws {
        let fixture = try Self.clips()
        let b = try Self.render(Self.pipeline(layers: ["B"]), as: "b", in: fixture)
        let forwards = step.replacingOccurrences(of: #""start": 2"#, with: #""start": 2, "fillMode": "forwards""#)
        let both = try Self.render(Self.pipeline(layers: ["A", "B"], timeline: forwards), as: name, in: fixture)
        Self.expect(both, Self.before, show: b, "\(name) with fillMode forwards before 2 s")
        Self.expect(both, Self.after, show: b, "\(name) with fillMode forwards after 2.5 s")
    }

    @Test func validateWarnsOfAClipCoveringTheOneBelowUntilItsStepStarts() throws {
        let fixture = try Self.clips()
        let step = #"{ "animator": "dim", "target": "B", "start": 2, "duration": 0.5, "params": { "from": 0 } }"#
        try PluginFixtures.write(Self.pipeline(layers: ["A", "B"], timeline: step), to: "p.json", in: fixture.folder)
        let warned = try CLI.run(["validate", "p.json"], in: fixture.folder)
        #expect(warned.status == 0, "\(warned.stderr)")
        let message =
            #"timeline[0].animator: layer "B" covers "A" from 0 s until this step starts at 2 s, so "A" does not "#
            + #"show before then: add "fillMode": "both" to hold the step's start state before it starts"#
        #expect(warned.stderr.contains(message), "\(warned.stderr)")
        #expect(try CLI.run(["validate", "--strict", "p.json"], in: fixture.folder).status == 1)

        let written = Self.reveal.replacingOccurrences(of: #""start": 2"#, with: #""start": 2, "fillMode": "removed""#)
        try PluginFixtures.write(
            Self.pipeline(layers: ["A", "B"], timeline: written), to: "q.json", in: fixture.folder)
        let removed = try CLI.run(["validate", "q.json"], in: fixture.folder)
        #expect(
            removed.stderr.contains(
                #"timeline[0].fillMode: layer "B" covers "A" from 0 s until this step starts at 2 s"#)
                && removed.stderr.contains(#"write "both" to hold the step's start state before it starts"#),
            "\(removed.stderr)")
    }
}
