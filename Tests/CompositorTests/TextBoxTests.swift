import CAnimatorABI
import Compositor
import Scene
import Testing

/// A text laid out inside its frame: `verticalAlign` puts the block of lines at the top, the
/// middle or the bottom; `padding` keeps ink off every edge and narrows the wrapping width;
/// `maxLines` cuts the text and ends its last line with an ellipsis.
@Suite struct TextBoxTests {
    static let sentence = "the quick brown fox jumps over the lazy dog"

    func ink(_ text: TextContent, in frame: anim_rect_t) -> Ink {
        Ink(render([layer(frame)], [LayerContent(text: text)], width: 200, height: 200))
    }

    @Test func verticalAlignmentPlacesTheBlock() throws {
        let frame = rect(0, 0, 200, 200)
        let top = ink(TextContent(string: "Hello", size: 20, verticalAlignment: .top), in: frame)
        let center = ink(TextContent(string: "Hello", size: 20, verticalAlignment: .center), in: frame)
        let bottom = ink(TextContent(string: "Hello", size: 20, verticalAlignment: .bottom), in: frame)
        let rows = [top, center, bottom].map { (Double($0.rows.min()!) + Double($0.rows.max()!)) / 2 }
        #expect(rows[0] < 30, "top: ink centred on row \(rows[0])")
        #expect(abs(rows[1] - 100) < 8, "center: ink centred on row \(rows[1])")
        #expect(rows[2] > 170, "bottom: ink centred on row \(rows[2])")
        // The same glyphs, moved: as much ink in each.
        #expect(abs(top.total - center.total) < top.total / 50 && abs(top.total - bottom.total) < top.total / 50)
    }

    @Test func paddingKeepsInkOffTheEdgesAndNarrowsTheWrap() {
        let frame = rect(0, 0, 200, 200)
        let plain = ink(TextContent(string: Self.sentence, size: 16), in: frame)
        let padded = ink(TextContent(string: Self.sentence, size: 16, padding: 40), in: frame)
        let xs = padded.pixels.map(\.x)
        let ys = padded.pixels.map(\.y)
        // A glyph may reach a pixel past its origin (a "j" hangs left of it).
        #expect(
            xs.min()! >= 38 && xs.max()! < 162 && ys.min()! >= 40 && ys.max()! < 160,
            "ink in x \(xs.min()!)...\(xs.max()!), y \(ys.min()!)...\(ys.max()!)")
        #expect(padded.bands > plain.bands, "\(padded.bands) lines at 120 px against \(plain.bands) at 200 px")
        let bottomRight = ink(
            TextContent(string: "Hi", size: 16, alignment: .right, verticalAlignment: .bottom, padding: 10), in: frame)
        #expect(bottomRight.rightmostColumn <= 190 && bottomRight.rightmostColumn > 170)
        #expect(bottomRight.lowestRow <= 190 && bottomRight.lowestRow > 175)
    }

    @Test func maxLinesCutsTheTextWithAnEllipsis() {
        let frame = rect(0, 0, 120, 200)
        let all = ink(TextContent(string: Self.sentence, size: 16), in: frame)
        let two = ink(TextContent(string: Self.sentence, size: 16, maxLines: 2), in: frame)
        #expect(all.bands > 2)
        #expect(two.bands == 2, "\(two.bands) lines")
        #expect(two.pixels.allSatisfy { $0.x < 120 }, "the ellipsis fits in the frame")
        // The second line ends with "…" (three dots on the baseline) where the full text has a word.
        let cut = ink(
            TextContent(string: "one two three four five six", size: 16, maxLines: 1), in: rect(0, 0, 70, 100))
        let whole = ink(TextContent(string: "one two", size: 16), in: rect(0, 0, 200, 100))
        #expect(cut.bands == 1)
        #expect(cut.total != whole.total, "a line cut with an ellipsis differs from the words alone")
        let fits = ink(TextContent(string: "one two", size: 16, maxLines: 1), in: rect(0, 0, 200, 100))
        #expect(fits.total == whole.total, "a text within maxLines has no ellipsis")
    }
}
