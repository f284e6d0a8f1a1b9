import CAnimatorABI
import CCairo
import Scene

/// A text content made ready for one compositor: shaped once (`ShapedParagraph`: its fonts,
/// fallback fonts for the characters its own lacks, its glyphs and clusters), its lines broken
/// and its glyphs placed again only when the layer's size changes. Each frame then costs one
/// `cairo_show_glyphs` per font.
final class TextLayout {
    private let content: TextContent
    let paragraph: ShapedParagraph
    private var laidOut = (width: Double.nan, height: Double.nan)
    /// The glyphs to draw, by font (an index into the paragraph's fonts).
    private var glyphsByFont: [(font: Int, glyphs: [cairo_glyph_t])] = []

    /// Nil when the text can draw nothing: empty, a size or line height Cairo cannot use, or no
    /// font at all.
    init?(_ content: TextContent) {
        guard !content.string.isEmpty, content.size > 0, content.size.isFinite, content.lineHeight.isFinite,
            let paragraph = ShapedParagraph(
                content.string, family: content.fontFamily, bold: content.bold, size: content.size)
        else { return nil }
        self.content = content
        self.paragraph = paragraph
    }

    /// What ends the last line of a text cut at `maxLines`.
    static let ellipsis = ShapedParagraph.ellipsis

    private var ascent: Double { paragraph.fonts[0].ascent }
    private var descent: Double { paragraph.fonts[0].descent }

    /// Paints the text in `cr`'s user space (the layer's own, clipped to it), in a frame `width` ×
    /// `height` pixels, in its colour (or `color` when given) scaled by `alpha`. Colour glyphs
    /// (emoji) keep their own colours, at `alpha`.
    func paint(width: Double, height: Double, alpha: Double, color: SIMD4<Double>? = nil, on cr: OpaquePointer) {
        if (width, height) != laidOut { layOut(width: width, height: height) }
        let color = color ?? SIMD4(content.color.r, content.color.g, content.color.b, content.color.a)
        cairo_set_font_options(cr, TextFonts.options)
        cairo_set_font_size(cr, content.size)
        for (font, glyphs) in glyphsByFont {
            let font = paragraph.fonts[font]
            cairo_set_font_face(cr, font.face)
            if font.isColor {
                cairo_set_source_rgba(cr, 0, 0, 0, color.w * alpha)
            } else {
                cairo_set_source_rgba(cr, color.x, color.y, color.z, color.w * alpha)
            }
            glyphs.withUnsafeBufferPointer { cairo_show_glyphs(cr, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// Lines wrap to the frame's width less the padding; baselines start at the ascent below the
    /// block's top and step by the line height, the block placed by the vertical alignment; an
    /// empty paragraph is an empty line.
    private func layOut(width: Double, height: Double) {
        laidOut = (width, height)
        glyphsByFont.removeAll(keepingCapacity: true)
        let padding = content.padding
        let inner = (width: max(width - 2 * padding, 0), height: max(height - 2 * padding, 0))
        let layout = paragraph.layOut(width: inner.width, maxLines: content.maxLines)
        guard !layout.lines.isEmpty else { return }
        let step = content.lineHeight * content.size
        let block = ascent + descent + Double(layout.lines.count - 1) * step
        let top: Double =
            switch content.verticalAlignment {
            case .top: padding
            case .center: padding + (inner.height - block) / 2
            case .bottom: padding + inner.height - block
            }
        var byFont: [Int: [cairo_glyph_t]] = [:]
        for (index, line) in layout.lines.enumerated() {
            let x = padding + offset(of: line, in: inner.width)
            let y = top + ascent + Double(index) * step
            for glyph in layout.glyphs(ofLine: index) {
                byFont[glyph.font, default: []].append(
                    cairo_glyph_t(index: UInt(glyph.index), x: x + glyph.position.x, y: y + glyph.position.y))
            }
        }
        glyphsByFont = byFont.keys.sorted().map { ($0, byFont[$0]!) }
    }

    private func offset(of line: ShapedParagraph.Line, in width: Double) -> Double {
        switch content.alignment {
        case .left: 0
        case .center: (width - line.width) / 2
        case .right: width - line.width
        }
    }
}
