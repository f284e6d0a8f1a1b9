import CAnimatorABI
import Foundation
import PluginDescriptions
import Testing
import Text

@testable import Scene

/// `textAnimators`, string keyframes, counters and captions as the decoder reads them, and the
/// `animate` key paths that reach text animators.
@Suite struct TextAnimationDecodingTests {
    func decode(text: String, timeline: String = "[]", duration: Double = 2, folder: String = "/tmp")
        throws(SceneError) -> Scene
    {
        let document =
            #"{"version": 1, "canvas": {"width": 64, "height": 64, "fps": 10, "duration": \#(duration)}, "#
            + #""layers": [{"name": "title", "text": \#(text)}], "timeline": \#(timeline)}"#
        return try SceneDecoder.decode(
            Array(document.utf8), file: folder + "/text-animation-test.json", registry: NoPlugins())
    }

    func text(_ text: String) throws -> TextContent {
        try #require(try decode(text: text).layers[0].content.text)
    }

    func error(text: String, timeline: String = "[]", folder: String = "/tmp") -> SceneError? {
        do throws(SceneError) {
            _ = try decode(text: text, timeline: timeline, folder: folder)
            return nil
        } catch {
            return error
        }
    }

    static let typewriter = #"""
        {"string": "Hello", "textAnimators": [
          {"select": {"by": "characters", "shape": "square", "start": 0}, "properties": {"opacity": 0}}]}
        """#

    @Test func aTypewriterIsDecoded() throws {
        let text = try text(Self.typewriter)
        let animator = try #require(text.animators.first)
        #expect(animator.properties.opacity == 0)
        #expect(animator.properties.scale == nil)
        guard case .range(let range) = animator.selectors.first else {
            Issue.record("expected a range selector")
            return
        }
        #expect(range.by == .characters && range.shape == .square && range.end == nil && range.mode == .add)
        #expect(!animator.selectIsList)
        #expect(range.span(count: 5) == (0, 5))
    }

    @Test func selectorsTakeTheirDefaultsAndAListCombines() throws {
        let text = try text(
            #"{"string": "Hi", "textAnimators": [{"select": [{"end": 50}, {"type": "wiggly", "seed": 4}], "#
                + ##""properties": {"scale": 2, "position": [0, -10], "fillColor": "#ff0000"}}]}"##)
        let animator = try #require(text.animators.first)
        #expect(animator.selectIsList)
        #expect(animator.selectors.count == 2)
        guard case .wiggly(let wiggly) = animator.selectors[1] else {
            Issue.record("expected a wiggly selector")
            return
        }
        #expect(wiggly.mode == .intersect && wiggly.seed == 4 && wiggly.maxAmount == 100 && wiggly.minAmount == -100)
        #expect(animator.properties.scale?.x == 2 && animator.properties.scale?.y == 2)
        #expect(animator.properties.position?.y == -10)
        #expect(animator.properties.fillColor?.r == 1)
        let noSelect = try self.text(#"{"string": "Hi", "textAnimators": [{"properties": {"rotation": 5}}]}"#)
        #expect(noSelect.animators[0].selectors.isEmpty)
    }

    @Test func anUnknownShapeOrModeIsRefusedWithTheNearestName() {
        let shape = error(
            text: #"{"string": "Hi", "textAnimators": [{"select": {"shape": "rampup"}, "properties": {}}]}"#)
        #expect(shape?.message.contains(#"did you mean "rampUp"?"#) == true)
        #expect(shape?.path?.description == "layers[0].text.textAnimators[0].select.shape")
        let mode = error(
            text: #"{"string": "Hi", "textAnimators": [{"select": [{}, {"mode": "intersection"}], "properties": {}}]}"#)
        #expect(mode?.message.contains(#"did you mean "intersect"?"#) == true)
        #expect(mode?.path?.description == "layers[0].text.textAnimators[0].select[1].mode")
    }

    @Test func aSeedMustBeAnInteger() {
        let seed = error(text: #"{"string": "Hi", "textAnimators": [{"select": {"seed": 1.5}, "properties": {}}]}"#)
        #expect(seed?.message == "expected an integer, found 1.5")
        #expect(seed?.path?.description == "layers[0].text.textAnimators[0].select.seed")
    }

    @Test func aRangeKeyOnAWigglySelectorIsRefused() {
        let wrong = error(
            text: #"{"string": "Hi", "textAnimators": [{"select": {"type": "wiggly", "offset": 5}, "properties": {}}]}"#
        )
        #expect(wrong?.message.hasPrefix(#""offset" belongs to range selectors"#) == true)
    }

    @Test func anEaseOutOfRangeIsRefused() {
        let ease = error(text: #"{"string": "Hi", "textAnimators": [{"select": {"easeHigh": 150}, "properties": {}}]}"#)
        #expect(ease?.message == "150 is out of range: expected a number in -100...100")
    }

    // MARK: key paths

    static let animated =
        #"{"string": "Hi", "textAnimators": [{"select": {"start": 0}, "properties": {"opacity": 0}}]}"#

    @Test func aStepAnimatesASelectorsOffset() throws {
        let scene = try decode(
            text: Self.animated,
            timeline: #"[{"animate": "textAnimators.0.select.offset", "target": "title", "from": 0, "to": 100, "#
                + #""duration": 1, "timing": {"spring": {"dampingRatio": 0.8}}}]"#)
        guard case .property(let animation, _) = scene.steps[0].action,
            case .textAnimator(let path) = animation.keyPath
        else {
            Issue.record("expected a text animator key path")
            return
        }
        #expect(path.slot == TextAnimatorSlot(animator: 0, field: .selector(index: 0, name: "offset")))
        #expect(path.kind == .number)
        // Applying the step at half-way puts the value in the host state, where the frame's
        // animators read it.
        var layer = scene.layers[0].base
        var host = HostLayerState()
        animation.apply(progress: 0.5, to: &layer, &host, content: scene.layers[0].content)
        let text = try #require(scene.layers[0].content.text)
        guard case .range(let range) = text.animators(changedBy: host)[0].selectors[0] else {
            Issue.record("expected a range selector")
            return
        }
        #expect(range.offset == 50)
    }

    @Test func listSelectorsAndPropertiesHaveKeyPaths() throws {
        let text =
            #"{"string": "Hi", "textAnimators": [{"select": [{}, {"type": "wiggly"}], "properties": {"scale": 2}}]}"#
        let scene = try decode(
            text: text,
            timeline: #"[{"animate": "textAnimators.0.select.1.correlation", "target": "title", "to": 10}, "#
                + ##"{"animate": "textAnimators.0.properties.fillColor", "target": "title", "to": "#00ff00"}, "##
                + #"{"animate": "textAnimators.0.properties.position", "target": "title", "to": [4, 5]}]"#)
        let kinds = scene.steps.compactMap { step -> LayerKeyPath.Kind? in
            guard case .property(let animation, _) = step.action else { return nil }
            return animation.keyPath.kind
        }
        #expect(kinds == [.number, .color, .point])
    }

    @Test func aBadTextAnimatorKeyPathIsRefusedWithASuggestion() {
        let misspelt = error(
            text: Self.animated, timeline: #"[{"animate": "textAnimators.0.select.ofset", "target": "title", "to": 1}]"#
        )
        #expect(misspelt?.message == #""ofset" is not an animatable value here; did you mean "offset"?"#)
        #expect(misspelt?.path?.description == "timeline[0].animate")
        let missing = error(
            text: Self.animated,
            timeline: #"[{"animate": "textAnimators.3.select.offset", "target": "title", "to": 1}]"#)
        #expect(missing?.message.hasPrefix(#"layer "title" has 1 text animator; textAnimators.3 names none"#) == true)
        let list = error(
            text: #"{"string": "Hi", "textAnimators": [{"select": [{}], "properties": {}}]}"#,
            timeline: #"[{"animate": "textAnimators.0.select.offset", "target": "title", "to": 1}]"#)
        #expect(list?.message.hasPrefix("textAnimators.0.select is a list: name the selector") == true)
        let noText = error(
            text: #""Hi""#, timeline: #"[{"animate": "textAnimators.0.select.offset", "target": "title", "to": 1}]"#)
        #expect(noText?.message.hasPrefix("layer \"title\" has 0 text animators") == true)
        let range = error(
            text: Self.animated,
            timeline: #"[{"animate": "textAnimators.0.properties.opacity", "target": "title", "to": 2}]"#)
        #expect(range?.message == "2 is out of range: expected a number in 0...1")
    }

    // MARK: changing strings

    @Test func stringKeyframesAreHeldBetweenTheirTimes() throws {
        let text = try text(#"{"string": {"values": ["Hello", "World", "!"], "times": [0.5, 1.5, 1.75]}}"#)
        #expect(text.string == "Hello")
        #expect(text.string(at: 0) == "Hello")
        #expect(text.string(at: 1.49) == "Hello")
        #expect(text.string(at: 1.5) == "World")
        #expect(text.string(at: 9) == "!")
        let bad = error(text: #"{"string": {"values": ["a", "b"], "times": [1, 1]}}"#)
        #expect(bad?.message == "times must increase: 1 comes after 1")
        #expect(bad?.path?.description == "layers[0].text.string.times[1]")
        let count = error(text: #"{"string": {"values": ["a", "b"], "times": [1]}}"#)
        #expect(count?.message == "expected one time per value (2), found 1")
    }

    @Test func aCounterCountsAlongItsCurveInItsFormat() throws {
        let text = try text(
            #"{"string": "0", "counter": {"from": 0, "to": 1200, "start": 1, "duration": 2, "format": "$#,##0.0"}}"#)
        #expect(text.string(at: 0) == "$0.0")
        #expect(text.string(at: 2) == "$600.0")
        #expect(text.string(at: 3) == "$1,200.0")
        #expect(text.string(at: 10) == "$1,200.0")
        let eased = try self.text(#"{"string": "0", "counter": {"to": 100, "timing": "ease-in"}}"#)
        #expect(eased.string(at: 0.5) != "50")
        let bad = error(text: #"{"string": "0", "counter": {"to": 1, "format": "points"}}"#)
        #expect(bad?.message.hasPrefix(#""points" is not a number format: it has no digit"#) == true)
    }

    @Test func numberPatternsWritePrefixDigitsAndSuffix() throws {
        func written(_ pattern: String, _ value: Double) throws -> String {
            try NumberPattern.parse(pattern).get().format(value)
        }
        #expect(try written("0", 41.6) == "42")
        #expect(try written("#,##0", 1_234_567) == "1,234,567")
        #expect(try written("#,##0", 999) == "999")
        #expect(try written("0", 2.5) == "3" && (try written("0", -2.5)) == "-3")
        #expect(try written("0.00", 2.125) == "2.13")
        #expect(try written("0.00 km", -3.5) == "-3.50 km")
        #expect(try written("000", 7) == "007")
        #expect(try written("#.#", 0.25) == ".3")
        #expect(try written("0%", 12.5) == "13%")
        #expect(try written("+0", 4) == "+4")
        #expect(throws: NumberPatternError.self) { try NumberPattern.parse("0.0.0").get() }
    }

    // MARK: captions

    func folder(with files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("captions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return folder
    }

    @Test func captionsAreReadFromTheirFileWithTheirStyle() throws {
        let folder = try folder(with: [
            "talk.srt": "1\n00:00:00,500 --> 00:00:01,500\nHello\n\n2\n00:00:05,000 --> 00:00:06,000\nLate\n"
        ])
        let scene = try decode(
            text: #"{"string": "", "captions": {"file": "talk.srt", "maxLines": 3, "box": {"padding": 6}, "#
                + ##""highlight": {"color": "#ffcc00", "scale": 1.2}}}"##, folder: folder)
        let text = try #require(scene.layers[0].content.text)
        let captions = try #require(text.captions)
        #expect(captions.track.cues.count == 2)
        #expect(captions.style.maxLines == 3 && captions.style.margin == 40)
        #expect(captions.style.box?.padding == 6 && captions.style.box?.cornerRadius == 4)
        #expect(captions.style.highlight?.scale == 1.2 && captions.style.highlight?.box == nil)
        #expect(text.string(at: 1) == "Hello")
        #expect(text.string(at: 2) == "")
        // The second cue starts after the render's 2 seconds; SubRip's word times are estimated.
        #expect(scene.warnings.count == 2, "\(scene.warnings)")
        let late = scene.warnings.first { $0.message.contains("this cue") }
        #expect(
            late?.message
                == "\(folder)/talk.srt:6: this cue starts at 5 s, at or after the end of the render (2 s): it never shows",
            "\(scene.warnings)")
        #expect(late?.path?.description == "layers[0].text.captions.file")
    }

    /// A text whose keys change it over time draws them: validate warns of nothing.
    @Test func keysThatChangeATextRaiseNoWarning() throws {
        let scene = try decode(
            text: #"{"string": "Typed", "textAnimators": [{"properties": {"opacity": 0}}], "counter": {"to": 9}}"#)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
    }

    @Test func aCaptionSyntaxErrorIsReportedAtItsLine() throws {
        let folder = try folder(with: [
            "talk.vtt": "WEBVTT\n\n00:01.000 --> 00:02.000\nfine\n\n00:03,000 --> 00:04.000\nbad\n"
        ])
        let problem = error(text: #"{"string": "", "captions": {"file": "talk.vtt"}}"#, folder: folder)
        #expect(problem?.file == folder + "/talk.vtt")
        #expect(problem?.position?.line == 6)
        #expect(problem?.message.hasPrefix(#""00:03,000" is not a WebVTT timestamp"#) == true)
    }

    @Test func aCaptionFileThatIsNotUTF8IsRefusedByName() throws {
        let folder = try folder(with: [:])
        try Data([0x31, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: folder + "/latin.srt"))
        let problem = error(text: #"{"string": "", "captions": {"file": "latin.srt"}}"#, folder: folder)
        #expect(problem?.message == "caption file \(folder)/latin.srt is not UTF-8 text: save it as UTF-8")
        #expect(problem?.path?.description == "layers[0].text.captions.file")
        let kind = error(text: #"{"string": "", "captions": {"file": "talk.txt"}}"#, folder: folder)
        #expect(kind?.message.hasPrefix(#""talk.txt" is not a caption file"#) == true)
    }
}
