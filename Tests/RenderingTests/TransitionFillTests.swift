import CommandTestSupport
import Foundation
import Testing

/// The fill of transitions that write no `fillMode`: chained mixer steps show each layer
/// between its two transitions, a reversed mixer step starts on `to`, and an animator plugin
/// declaring ANIM_ANIMATOR_BRINGS_IN holds its start state until it starts (listed by
/// `pipeline plugins`), unless the step writes a `fillMode`.
@Suite struct TransitionFillTests {
    static let (red, green, blue, black) = (Pixel(255, 0, 0), Pixel(0, 255, 0), Pixel(0, 0, 255), Pixel(0, 0, 0))

    /// A 40×40, 10 fps, 4 s pipeline of full-canvas colour layers A (red), B (green) and C (blue),
    /// bottom first, and the `timeline`'s steps.
    static func pipeline(_ timeline: String) -> String {
        """
        { "version": 1,
          "canvas": { "width": 40, "height": 40, "fps": 10, "duration": 4, "background": "#000000" },
          "layers": [ { "name": "A", "fill": "#ff0000" }, { "name": "B", "fill": "#00ff00" },
                      { "name": "C", "fill": "#0000ff" } ],
          "timeline": [ \(timeline) ] }
        """
    }

    /// The centre pixel of `pipeline frame` at each of `times`, with `plugins` searched.
    static func centre(_ text: String, at times: [Double], plugins: URL? = nil) throws -> [Pixel] {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(text, to: "p.json", in: folder)
        let search = plugins.map { ["--plugins", $0.path] } ?? []
        return try times.map { time in
            let still = folder.appendingPathComponent("still-\(time).png")
            let result = try CLI.run(
                ["frame", "p.json", "--at", String(time), "-o", still.path] + search, in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            return try RGBAImage.read(still)[20, 20]
        }
    }

    static func expect(_ pixels: [Pixel], _ expected: [Pixel], _ what: String) {
        for (index, (pixel, wanted)) in zip(pixels, expected).enumerated() {
            #expect(pixel.distance(to: wanted) <= 1, "\(what), time \(index): \(pixel), not \(wanted)")
        }
    }

    @Test func chainedMixersShowTheMiddleLayerBetweenTheirTransitions() throws {
        let steps = """
            { "mixer": "cross-dissolve", "from": "A", "to": "B", "start": 1, "duration": 0.5 },
            { "mixer": "cross-dissolve", "from": "B", "to": "C", "start": 2.5, "duration": 0.5 }
            """
        let pixels = try Self.centre(Self.pipeline(steps), at: [0.5, 1.25, 2, 2.75, 3.5])
        Self.expect(pixels, [Self.red, Pixel(128, 128, 0), Self.green, Pixel(0, 128, 128), Self.blue], "A→B→C")
    }

    /// Played backwards, a mixer from A to C starts on C and ends on A, drawn where the mix is
    /// (above B, which lies between them), as the mix at its end shows it.
    @Test func aReversedMixerStepStartsOnToAndEndsOnFrom() throws {
        let step = #"{ "mixer": "cross-dissolve", "from": "A", "to": "C", "start": 1, "duration": 1, "reverse": true }"#
        let pixels = try Self.centre(Self.pipeline(step), at: [0.5, 2.5])
        Self.expect(pixels, [Self.blue, Self.red], "reversed A→C over B")
        let forwards = step.replacingOccurrences(of: #", "reverse": true"#, with: "")
        Self.expect(try Self.centre(Self.pipeline(forwards), at: [0.5, 2.5]), [Self.red, Self.blue], "A→C over B")
    }

    /// A plugin whose animator "rise" sets its target's opacity to the progress, declaring
    /// `flags` in its descriptor.
    static func risePlugin(flags: String, as name: String, in folder: URL) throws -> URL {
        let source = PluginFixtures.animator("rise", apply: "target->opacity = args->progress; return true;")
            .replacingOccurrences(of: ".apply = fixture_apply,", with: ".apply = fixture_apply, .flags = \(flags),")
        let plugins = folder.appendingPathComponent(name)
        try PluginFixtures.compile(source, to: plugins.appendingPathComponent("rise.so"))
        return plugins
    }

    @Test func anAnimatorThatBringsItsTargetInHoldsItsStartStateUntilItStarts() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let step = #"{ "animator": "rise", "target": "C", "start": 2, "duration": 1 }"#
        let flagged = try Self.risePlugin(flags: "ANIM_ANIMATOR_BRINGS_IN", as: "flagged", in: folder)
        Self.expect(
            try Self.centre(Self.pipeline(step), at: [1, 3.5], plugins: flagged), [Self.green, Self.blue],
            "a flagged animator")
        let written = step.replacingOccurrences(of: #""start": 2"#, with: #""start": 2, "fillMode": "forwards""#)
        Self.expect(
            try Self.centre(Self.pipeline(written), at: [1, 3.5], plugins: flagged), [Self.blue, Self.blue],
            "a flagged animator with fillMode forwards")
        let plain = try Self.risePlugin(flags: "0", as: "plain", in: folder)
        Self.expect(
            try Self.centre(Self.pipeline(step), at: [1, 3.5], plugins: plain), [Self.blue, Self.blue],
            "an animator without the flag")

        let json = try CLI.run(["plugins", "--json", "--plugins", flagged.path])
        #expect(json.stdout.contains(#""bringsIn" : true"#), "\(json.stdout)")
        let text = try CLI.run(["plugins", "--plugins", flagged.path])
        #expect(
            text.stdout.contains("brings its target in: a step holds its start state until it starts"),
            "\(text.stdout)")
    }
}
