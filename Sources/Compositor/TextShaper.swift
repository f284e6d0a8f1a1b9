import CCairo
import CTextShaping
import Foundation

/// Lines of complex-script text laid out by FriBidi and HarfBuzz (`CTextShaping`): Hebrew and
/// Arabic reordered for display and joined, Indic scripts' clusters formed. Texts in scripts
/// Cairo's glyph lookup draws correctly keep it, so their frames stay as they always were.
struct TextShaper {
    /// The FreeType font at identity, em size `size`.
    let font: OpaquePointer
    let size: Double

    /// Whether `text` holds a right-to-left character or a script that needs shaping.
    static func isNeeded(for text: String) -> Bool {
        text_needs_shaping(text, text.utf8.count) != 0
    }

    /// Whether the paragraph reads from right to left (its first strong character does).
    static func isRightToLeft(_ paragraph: some StringProtocol) -> Bool {
        let text = String(paragraph)
        return text_is_right_to_left(text, text.utf8.count) != 0
    }

    /// The width of `text` on one line.
    func advance(of text: some StringProtocol, rightToLeft: Bool) -> Double {
        let text = String(text)
        var advance = 0.0
        _ = text_shape_line(font, size, text, text.utf8.count, rightToLeft ? 1 : 0, 0, 0, nil, &advance)
        return advance
    }

    /// The glyphs of one line in drawing order, its baseline starting at (`x`, `y`).
    func glyphs(of line: String, rightToLeft: Bool, x: Double, y: Double) -> [cairo_glyph_t] {
        var shaped: UnsafeMutablePointer<shaped_glyph_t>?
        var advance = 0.0
        let count = text_shape_line(font, size, line, line.utf8.count, rightToLeft ? 1 : 0, x, y, &shaped, &advance)
        defer { free(shaped) }
        guard count > 0, let shaped else { return [] }
        return UnsafeBufferPointer(start: shaped, count: Int(count)).map {
            cairo_glyph_t(index: $0.index, x: $0.x, y: $0.y)
        }
    }
}
