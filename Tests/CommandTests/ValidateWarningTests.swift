import CommandTestSupport
import Foundation
import Testing

/// `validate` warns, at the place to change, about what a file may say but most likely does not
/// mean; the status stays 0, and `--strict` makes each warning an error (status 1).
@Suite struct ValidateWarningTests {
    /// A 2 s render of two layers, `back` and `front`, with `timeline` and `front`'s extra keys.
    static func pipeline(timeline: String, front: String = "") -> String {
        """
        { "version": 1,
          "canvas": { "width": 40, "height": 40, "fps": 10, "duration": 2 },
          "layers": [ { "name": "back", "fill": "#0000ff" },
                      { "name": "front", "fill": "#ff0000", "frame": [10, 10, 20, 20]\(front) } ],
          "timeline": [
        \(timeline)
          ] }
        """
    }

    func expectWarning(_ text: String, says fragments: [String]) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(text, to: "pipeline.json", in: folder)
        let plain = try CLI.run(["validate", "pipeline.json"], in: folder)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("pipeline.json: ok"), "\(plain.stdout)")
        for fragment in fragments {
            #expect(plain.stderr.contains("warning: pipeline.json:" + fragment), "\(fragment) in:\n\(plain.stderr)")
        }
        let strict = try CLI.run(["validate", "pipeline.json", "--strict"], in: folder)
        #expect(strict.status == 1, "\(strict.stderr)")
        for fragment in fragments {
            #expect(strict.stderr.contains("error: pipeline.json:" + fragment), "\(fragment) in:\n\(strict.stderr)")
        }
        #expect(!strict.stdout.contains("ok"))
    }

    @Test func aStepThatStartsAfterTheEnd() throws {
        try expectWarning(
            Self.pipeline(
                timeline: #"    { "animator": "fade", "target": "front", "start": 2.5, "params": { "to": 0 } }"#),
            says: [
                "6:55: timeline[0].start: this step starts at 2.5 s, at or after the end of the render (2 s): it never shows"
            ])
    }

    @Test func cancelRemovesOnATransitionThatFinishes() throws {
        let text = """
            { "version": 1,
              "canvas": { "width": 40, "height": 40, "fps": 10 },
              "interaction": { "track": [[0, 0], [0.5, 0.6]], "finishIf": { "progressAtLeast": 0.5 },
                               "cancelRemoves": ["front"] },
              "layers": [ { "name": "back", "fill": "#0000ff" }, { "name": "front", "fill": "#ff0000" } ],
              "timeline": [ { "animate": "opacity", "target": "front", "from": 0, "to": 1, "duration": 1 } ] }
            """
        try expectWarning(
            text,
            says: [
                "4:37: interaction.cancelRemoves: this transition finishes (by its finishIf rule at the last sample), "
                    + "so cancelRemoves takes nothing away: it applies only to a transition that cancels"
            ])
    }

    @Test func aMixerFromAHiddenLayer() throws {
        try expectWarning(
            Self.pipeline(
                timeline:
                    #"    { "mixer": "cross-dissolve", "from": "front", "to": "back", "start": 0.5, "duration": 1 }"#,
                front: #", "hidden": true"#),
            says: [
                #"6:42: timeline[0].from: layer "front" is hidden when this mixer starts at 0.5 s: the mixer blends from nothing"#
            ])
        try expectWarning(
            Self.pipeline(
                timeline:
                    #"    { "mixer": "cross-dissolve", "from": "back", "to": "front", "start": 0.5, "duration": 1 }"#,
                front: #", "opacity": 0"#),
            says: [#"6:56: timeline[0].to: layer "front" is fully transparent (opacity 0) when this mixer starts"#])
    }

    @Test func aLayerShownByAnEarlierStepIsNoWarning() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Self.pipeline(
            timeline: """
                    { "animator": "fade", "target": "front", "start": 0, "duration": 0.5, "params": { "to": 1 } },
                    { "mixer": "cross-dissolve", "from": "front", "to": "back", "start": 0.5, "duration": 1 }
                """, front: #", "opacity": 0"#)
        try PluginFixtures.write(text, to: "pipeline.json", in: folder)
        let result = try CLI.run(["validate", "pipeline.json", "--strict"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
    }

    @Test func twoOverlappingStepsOfOneAnimatorOnOneLayer() throws {
        try expectWarning(
            Self.pipeline(
                timeline: """
                        { "animator": "fade", "target": "front", "start": 0, "duration": 1, "params": { "to": 0 } },
                        { "animator": "fade", "target": "front", "start": 0.5, "duration": 1, "params": { "to": 1 } }
                    """),
            says: [
                #"7:19: timeline[1].animator: timeline[0] also runs "fade" on "front" (0 s to 1 s): where the two overlap, this later step wins"#
            ])
    }

    @Test func twoOverlappingAnimationsOfOneKeyPathOfOneLayer() throws {
        try expectWarning(
            Self.pipeline(
                timeline: """
                        { "animate": "opacity", "target": "front", "start": 0, "duration": 1, "to": 0 },
                        { "animate": "opacity", "target": "front", "start": 0.5, "duration": 1, "to": 1 }
                    """),
            says: [
                #"7:18: timeline[1].animate: timeline[0] also animates opacity on "front" (0 s to 1 s): where the two overlap, this later step wins"#
            ])
    }

    @Test func aLayerShownBeforeItsFadeIn() throws {
        try expectWarning(
            Self.pipeline(
                timeline:
                    #"    { "animate": "opacity", "target": "front", "start": 1, "duration": 0.5, "from": 0, "to": 1 }"#
            ),
            says: [
                #"6:18: timeline[0].animate: layer "front" shows at opacity 1 until this step starts at 1 s, then fades in from 0: add "fillMode": "backwards" to keep it at 0 before the start"#
            ])
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            Self.pipeline(
                timeline:
                    #"    { "animate": "opacity", "target": "front", "start": 1, "from": 0, "to": 1, "fillMode": "both" }"#
            ),
            to: "pipeline.json", in: folder)
        let filled = try CLI.run(["validate", "pipeline.json", "--strict"], in: folder)
        #expect(filled.status == 0, "with the fill the layer is invisible until then: \(filled.stderr)")
    }

    /// Reversed, a fade from 0 to 1 starts at 1 and fades out: nothing pops in before it; a
    /// reversed fade from 1 to 0 starts at 0, after the layer showed at full opacity.
    @Test func aReversedFadeStartsFromItsEndValue() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            Self.pipeline(
                timeline:
                    #"    { "animate": "opacity", "target": "front", "start": 1, "from": 0, "to": 1, "reverse": true }"#
            ),
            to: "pipeline.json", in: folder)
        let result = try CLI.run(["validate", "pipeline.json", "--strict"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        try expectWarning(
            Self.pipeline(
                timeline:
                    #"    { "animate": "opacity", "target": "front", "start": 1, "from": 1, "to": 0, "reverse": true }"#
            ),
            says: [
                #"6:18: timeline[0].animate: layer "front" shows at opacity 1 until this step starts at 1 s, then fades in from 0: add "fillMode": "backwards" to keep it at 0 before the start"#
            ])
    }

    @Test func aMixerIntoALayerThatAnAnimateStepShowsIsNoWarning() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            Self.pipeline(
                timeline: """
                        { "animate": "opacity", "target": "front", "to": 1, "duration": 0.2 },
                        { "mixer": "cross-dissolve", "from": "back", "to": "front", "start": 0.5, "duration": 1 }
                    """, front: #", "opacity": 0"#),
            to: "pipeline.json", in: folder)
        let result = try CLI.run(["validate", "pipeline.json", "--strict"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A family found nowhere is an error (FontFileTests); one installed is found in any case.
    @Test func anInstalledFontFamilyInAnyCaseIsNoWarning() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            Self.pipeline(timeline: "", front: #", "text": { "string": "Hi", "font": "dejavu sans" }"#),
            to: "pipeline.json", in: folder)
        let installed = try CLI.run(["validate", "pipeline.json", "--strict"], in: folder)
        #expect(installed.status == 0, "an installed family, in any case: \(installed.stderr)")
    }
}
