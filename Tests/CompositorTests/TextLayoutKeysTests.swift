import Scene
import Testing

@testable import Compositor

/// A text content's shaping keys reach its paragraph through the compositor's layout.
@Suite struct TextLayoutKeysTests {
    /// The text's keys reach the layout: a tracked text is wider, a text without ligatures has more glyphs.
    @Test func theTextsFeaturesAndTrackingAreUsed() throws {
        var text = TextContent(string: "office", size: 20)
        let plain = try #require(TextLayout(text)).paragraph
        text.tracking = 100
        text.features = ["-liga"]
        let styled = try #require(TextLayout(text)).paragraph
        #expect(styled.glyphs.count == plain.glyphs.count + 2)
        #expect(styled.width(from: 0, to: 6) > plain.width(from: 0, to: 6) + 11)
    }
}
