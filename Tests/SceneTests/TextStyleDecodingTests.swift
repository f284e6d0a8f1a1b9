import CAnimatorABI
import Foundation
import PluginDescriptions
import Testing

@testable import Scene

/// A text's style keys: its outline, shadow, OpenType features, tracking and alignment.
@Suite struct TextStyleDecodingTests {
    func decode(text: String) throws(SceneError) -> TextContent? {
        let document =
            #"{"version": 1, "canvas": {"width": 64, "height": 64, "fps": 10, "duration": 1}, "#
            + #""layers": [{"name": "title", "text": \#(text)}]}"#
        let scene = try SceneDecoder.decode(
            Array(document.utf8), file: "/tmp/text-style-test.json", registry: NoPlugins())
        return scene.layers[0].content.text
    }

    func decodeError(text: String) -> SceneError? {
        do throws(SceneError) {
            _ = try decode(text: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func aTextWithoutStyleKeysHasNoStrokeShadowOrFeatures() throws {
        let text = try #require(try decode(text: #"{"string": "Hi"}"#))
        #expect(text.stroke == nil)
        #expect(text.shadow == nil)
        #expect(text.features.isEmpty)
        #expect(text.tracking == 0)
    }

    @Test func alignmentIsStartUnlessNamed() throws {
        #expect(try decode(text: #"{"string": "Hi"}"#)?.alignment == .start)
        #expect(try decode(text: #""Hi""#)?.alignment == .start)
        #expect(TextContent(string: "Hi", size: 12).alignment == .start)
        #expect(try decode(text: #"{"string": "Hi", "align": "end"}"#)?.alignment == .end)
        #expect(try decode(text: #"{"string": "Hi", "align": "left"}"#)?.alignment == .left)
        #expect(try decode(text: #"{"string": "Hi", "align": "right"}"#)?.alignment == .right)
    }

    @Test func strokeIsDecoded() throws {
        let text = try #require(
            try decode(text: ##"{"string": "Hi", "stroke": {"color": "#ff000080", "width": 2.5}}"##))
        let stroke = try #require(text.stroke)
        #expect(stroke.width == 2.5)
        #expect(stroke.color.r == 1 && stroke.color.g == 0 && stroke.color.b == 0)
        #expect(abs(stroke.color.a - 128.0 / 255) < 1e-9)
        #expect(try decode(text: ##"{"string": "Hi", "stroke": {"color": "#000"}}"##)?.stroke?.width == 1)
    }

    @Test func shadowIsDecodedWithItsDefaults() throws {
        let text = try #require(
            try decode(text: ##"{"string": "Hi", "shadow": {"color": "#0000ff", "offset": [3, -4], "blur": 6}}"##))
        let shadow = try #require(text.shadow)
        #expect(shadow.color.b == 1 && shadow.color.a == 1)
        #expect(shadow.offset.x == 3 && shadow.offset.y == -4)
        #expect(shadow.blur == 6)
        let defaults = try #require(try decode(text: #"{"string": "Hi", "shadow": {}}"#)?.shadow)
        #expect(defaults.offset.x == 0 && defaults.offset.y == 2)
        #expect(defaults.blur == 4)
        #expect(defaults.color.r == 0 && abs(defaults.color.a - 128.0 / 255) < 1e-9)
    }

    @Test func featuresAndTrackingAreDecoded() throws {
        let text = try #require(
            try decode(
                text:
                    #"{"string": "1234", "features": ["tnum", "-liga", "+kern", "kern=0", "ss01=1"], "tracking": -25.5}"#
            ))
        #expect(text.features == ["tnum", "-liga", "+kern", "kern=0", "ss01=1"])
        #expect(text.tracking == -25.5)
    }

    @Test func aNegativeStrokeWidthIsRefusedAtItsPlace() {
        let error = decodeError(text: ##"{"string": "Hi", "stroke": {"color": "#000000", "width": -1}}"##)
        #expect(error?.message == "-1 is out of range: expected a number in 0...1000")
        #expect(error?.path?.description == "layers[0].text.stroke.width")
    }

    @Test func aStrokeWithoutColourIsRefusedAtItsPlace() {
        let error = decodeError(text: #"{"string": "Hi", "stroke": {"width": 2}}"#)
        #expect(error?.message == #"missing "color": the outline's colour"#)
        #expect(error?.path?.description == "layers[0].text.stroke")
    }

    @Test func aNegativeShadowBlurIsRefusedAtItsPlace() {
        let error = decodeError(text: #"{"string": "Hi", "shadow": {"blur": -2}}"#)
        #expect(error?.message == "-2 is out of range: expected a number in 0...200")
        #expect(error?.path?.description == "layers[0].text.shadow.blur")
    }

    @Test func aMalformedFeatureIsRefusedNamingItsEntry() {
        let error = decodeError(text: #"{"string": "Hi", "features": ["liga", "tnum!"]}"#)
        #expect(error?.message.hasPrefix(#""tnum!" is not an OpenType feature: expected a 4-character tag"#) == true)
        #expect(error?.path?.description == "layers[0].text.features[1]")
        #expect(
            decodeError(text: #"{"string": "Hi", "features": [7]}"#)?.path?.description == "layers[0].text.features[0]")
        #expect(
            decodeError(text: #"{"string": "Hi", "features": "tnum"}"#)?.path?.description == "layers[0].text.features")
    }

    /// The decoder's check and the schema's pattern (`Keys.openTypeFeature`) agree.
    @Test func featuresFollowHarfBuzzsSyntax() throws {
        let pattern = try NSRegularExpression(pattern: Keys.openTypeFeature)
        func schemaAccepts(_ feature: String) -> Bool {
            pattern.firstMatch(in: feature, range: NSRange(feature.startIndex..., in: feature)) != nil
        }
        for feature in ["tnum", "-liga", "+kern", "kern=0", "ss01=12", "cv_1"] {
            #expect(isOpenTypeFeature(feature), "\(feature)")
            #expect(schemaAccepts(feature), "\(feature)")
        }
        for feature in ["", "tnum!", "tnu", "tnums", "--liga", "kern=", "kern=-1", "=1", "ké_n", "tnum=on", " tnum"] {
            #expect(!isOpenTypeFeature(feature), "\(feature)")
            #expect(!schemaAccepts(feature), "\(feature)")
        }
    }

    @Test func nonNumericTrackingIsRefusedAtItsPlace() {
        let error = decodeError(text: #"{"string": "Hi", "tracking": "wide"}"#)
        #expect(error?.message == "expected a number, found a string")
        #expect(error?.path?.description == "layers[0].text.tracking")
    }

    @Test func theSchemaDeclaresTheNewKeys() {
        #expect(Set(Keys.text.names).isSuperset(of: ["stroke", "shadow", "features", "tracking"]))
        #expect(Keys.text["align"].defaultValue.flatMap { String(default: $0) } == "start")
        guard case .choice(let choices) = Keys.text["align"].form else {
            Issue.record("align is a choice")
            return
        }
        #expect(Set(choices) == ["start", "end", "left", "center", "right"])
    }
}
