import CAnimatorABI
import CCairo
import Scene

/// A text content made ready for one compositor: its font resolved and its words measured once,
/// its lines broken and turned into positioned glyphs again only when the layer's size changes.
/// Each frame then costs one `cairo_show_glyphs`. Text that needs bidi reordering or shaping
/// is measured and turned into glyphs by a `TextShaper`; other text by Cairo alone.
final class TextLayout {
    private struct Word {
        var text: String
        var advance: Double
    }

    private let content: TextContent
    private let face: OpaquePointer
    private let options: OpaquePointer
    /// The font at identity: glyph lookup and advances. Unhinted metrics make advances scale
    /// linearly, so positions measured here hold under any layer transform.
    private let font: OpaquePointer
    /// The text split at "\n", each paragraph split at spaces.
    private let paragraphs: [[Word]]
    /// Nil for text Cairo draws alone.
    private let shaper: TextShaper?
    /// Each paragraph's direction, from its first strong character (always false unshaped).
    private let rightToLeft: [Bool]
    private let spaceAdvance: Double
    private let ellipsisAdvance: Double
    private let ascent: Double
    private let descent: Double
    private var laidOut = (width: Double.nan, height: Double.nan)
    private var glyphs: [cairo_glyph_t] = []

    /// Nil when the text can draw nothing: empty, or a size or line height Cairo cannot use.
    init?(_ content: TextContent) {
        guard !content.string.isEmpty, content.size > 0, content.size.isFinite, content.lineHeight.isFinite
        else { return nil }
        let face = cairo_toy_font_face_create(
            content.fontFamily, CAIRO_FONT_SLANT_NORMAL,
            content.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)!
        let options = TextLayout.deterministicOptions()
        var size = cairo_matrix_t()
        var identity = cairo_matrix_t()
        cairo_matrix_init_scale(&size, content.size, content.size)
        cairo_matrix_init_identity(&identity)
        let font = cairo_scaled_font_create(face, &size, &identity, options)!
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(font, &extents)
        self.content = content
        self.face = face
        self.options = options
        self.font = font
        ascent = extents.ascent
        descent = extents.descent
        let shaper = TextShaper.isNeeded(for: content.string) ? TextShaper(font: font, size: content.size) : nil
        func advance(of text: some StringProtocol, rightToLeft: Bool = false) -> Double {
            shaper?.advance(of: text, rightToLeft: rightToLeft) ?? TextLayout.advance(of: text, in: font)
        }
        let lines = content.string.split(separator: "\n", omittingEmptySubsequences: false)
        let rightToLeft = lines.map { shaper != nil && TextShaper.isRightToLeft($0) }
        self.shaper = shaper
        self.rightToLeft = rightToLeft
        spaceAdvance = advance(of: " ")
        ellipsisAdvance = advance(of: Self.ellipsis)
        paragraphs = zip(lines, rightToLeft).map { line, rightToLeft in
            line.split(separator: " ").map {
                Word(text: String($0), advance: advance(of: $0, rightToLeft: rightToLeft))
            }
        }
    }

    deinit {
        cairo_scaled_font_destroy(font)
        cairo_font_options_destroy(options)
        cairo_font_face_destroy(face)
    }

    /// Grey antialiasing without hinting: glyph shapes and positions then depend only on the font
    /// file and the transform, never on the environment's defaults, so frames are byte-identical.
    private static func deterministicOptions() -> OpaquePointer {
        let options = cairo_font_options_create()!
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }

    private static func advance(of text: some StringProtocol, in font: OpaquePointer) -> Double {
        var extents = cairo_text_extents_t()
        cairo_scaled_font_text_extents(font, String(text), &extents)
        return extents.x_advance
    }

    /// What ends the last line of a text cut at `maxLines`.
    static let ellipsis = "…"

    /// Paints the text in `cr`'s user space (the layer's own, clipped to it), in a frame `width` ×
    /// `height` pixels, in its colour (or `color` when given) scaled by `alpha`.
    func paint(width: Double, height: Double, alpha: Double, color: SIMD4<Double>? = nil, on cr: OpaquePointer) {
        if (width, height) != laidOut { layOut(width: width, height: height) }
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, content.size)
        cairo_set_font_options(cr, options)
        let color = color ?? SIMD4(content.color.r, content.color.g, content.color.b, content.color.a)
        cairo_set_source_rgba(cr, color.x, color.y, color.z, color.w * alpha)
        glyphs.withUnsafeBufferPointer { cairo_show_glyphs(cr, $0.baseAddress, Int32($0.count)) }
    }

    /// One line: a range of a paragraph's words, its width, and whether it ends with "…".
    private struct Line {
        var paragraph: Int
        var words: Range<Int>
        var width: Double
        var ellipsis = false
    }

    /// Lines wrap to the frame's width less the padding; baselines start at the ascent below the
    /// block's top and step by the line height, the block placed by the vertical alignment; an
    /// empty paragraph is an empty line.
    private func layOut(width: Double, height: Double) {
        laidOut = (width, height)
        glyphs.removeAll(keepingCapacity: true)
        let padding = content.padding
        let inner = (width: max(width - 2 * padding, 0), height: max(height - 2 * padding, 0))
        let lines = breakLines(width: inner.width)
        guard !lines.isEmpty else { return }
        let step = content.lineHeight * content.size
        let block = ascent + descent + Double(lines.count - 1) * step
        let top: Double =
            switch content.verticalAlignment {
            case .top: padding
            case .center: padding + (inner.height - block) / 2
            case .bottom: padding + inner.height - block
            }
        for (index, line) in lines.enumerated() {
            let words = paragraphs[line.paragraph][line.words]
            let lineWidth = line.width + (line.ellipsis ? ellipsisAdvance : 0)
            appendGlyphs(
                of: words, paragraph: line.paragraph, ellipsis: line.ellipsis,
                x: padding + offset(of: lineWidth, in: inner.width),
                y: top + ascent + Double(index) * step)
        }
    }

    /// Every line of the text at `width`, cut at `maxLines`: the last line kept then ends with an
    /// ellipsis, after as many of its words as leave room for it.
    private func breakLines(width: Double) -> [Line] {
        var lines: [Line] = []
        for (paragraph, words) in paragraphs.enumerated() {
            var start = 0
            repeat {
                let line = fittingLine(of: words, from: start, width: width)
                lines.append(Line(paragraph: paragraph, words: start..<line.end, width: line.width))
                start = line.end
            } while start < words.count
        }
        guard let maxLines = content.maxLines, lines.count > maxLines else { return lines }
        lines.removeLast(lines.count - maxLines)
        var last = lines[maxLines - 1]
        let words = paragraphs[last.paragraph]
        while last.words.count > 1, last.width + ellipsisAdvance > width {
            last.width -= words[last.words.upperBound - 1].advance + spaceAdvance
            last.words = last.words.dropLast()
        }
        last.ellipsis = true
        lines[maxLines - 1] = last
        return lines
    }

    /// Greedy wrapping: the line takes words while they fit in `width`; its first word always
    /// fits, however long, so every line makes progress.
    private func fittingLine(of words: [Word], from start: Int, width: Double) -> (end: Int, width: Double) {
        guard start < words.count else { return (start, 0) }
        var end = start + 1
        var lineWidth = words[start].advance
        while end < words.count, lineWidth + spaceAdvance + words[end].advance <= width {
            lineWidth += spaceAdvance + words[end].advance
            end += 1
        }
        return (end, lineWidth)
    }

    private func offset(of lineWidth: Double, in width: Double) -> Double {
        // Right-to-left paragraphs are resolved by the layout: here `start` is the left edge and
        // `end` the right one.
        switch content.alignment {
        case .left, .start: 0
        case .center: (width - lineWidth) / 2
        case .right, .end: width - lineWidth
        }
    }

    private func appendGlyphs(of words: ArraySlice<Word>, paragraph: Int, ellipsis: Bool, x: Double, y: Double) {
        var line = words.map(\.text).joined(separator: " ")
        if ellipsis { line += Self.ellipsis }
        guard !line.isEmpty else { return }
        if let shaper {
            glyphs += shaper.glyphs(of: line, rightToLeft: rightToLeft[paragraph], x: x, y: y)
            return
        }
        var converted: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let status = cairo_scaled_font_text_to_glyphs(
            font, x, y, line, Int32(line.utf8.count), &converted,
            &count, nil, nil, nil)
        guard status == CAIRO_STATUS_SUCCESS, let converted else { return }
        glyphs.append(contentsOf: UnsafeBufferPointer(start: converted, count: Int(count)))
        cairo_glyph_free(converted)
    }
}
