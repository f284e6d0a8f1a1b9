import CAnimatorABI
import CCairo
import CRaster
import Scene
import Text

/// A text content made ready for one compositor: shaped once (`ShapedParagraph`: its fonts,
/// fallback fonts for the characters its own lacks, its glyphs and clusters), its lines broken
/// and its glyphs placed again only when the layer's size changes. Each frame then costs one
/// `cairo_show_glyphs` per font; a frame whose text animators change its characters draws them
/// one by one (see TextLayout+Animated.swift).
final class TextLayout {
    /// An outline drawn under the glyphs, centred on their edges (half of it shows), with round
    /// joins, in the layer's own pixels. Colour glyphs (emoji) have none.
    struct Stroke {
        var color: SIMD4<Double>
        var width: Double
    }

    /// The glyphs' shadow: their ink moved by `offset` and blurred as layer shadows are
    /// (a Gaussian of standard deviation `blur` / 2), in the layer's own pixels.
    struct Shadow {
        var color: SIMD4<Double>
        var offset: SIMD2<Double>
        var blur: Double
    }

    /// One glyph where the layout put it, in the layer's own pixels.
    struct Placed {
        var font: Int
        var index: UInt32
        /// Its origin (the pen plus the glyph's offset) and the pen's x.
        var x: Double
        var y: Double
        var pen: Double
        var advance: Double
        /// The grapheme cluster it shows (its first, for a ligature); nil for the ellipsis.
        var grapheme: Int?
        var line: Int
    }

    let content: TextContent
    let paragraph: ShapedParagraph
    let stroke: Stroke?
    let shadow: Shadow?
    /// The widest the lines are broken at, when narrower than the frame less the padding.
    private let maxWidth: Double?
    /// The last shadow mask, with the device transform and clip it was made for (nil: made for
    /// characters an animator changed, so made again each frame).
    private var shadowMask: (key: [Double]?, surface: OpaquePointer, x: Int, y: Int)?
    private var laidOut = (width: Double.nan, height: Double.nan)
    /// The glyphs to draw, by font (an index into the paragraph's fonts).
    private var glyphsByFont: [(font: Int, glyphs: [cairo_glyph_t])] = []
    /// Every glyph placed, line after line, each line left to right.
    private(set) var placed: [Placed] = []
    /// Each line's glyphs in `placed`, its baseline, and how much of the width an animator's
    /// tracking adds to it moves the line left: 0 for a line starting at the left edge, 1/2
    /// centred, 1 at the right edge.
    private(set) var lines: [(glyphs: Range<Int>, baseline: Double, shift: Double)] = []
    /// The characters (grapheme clusters) as selectors count them, on the lines of this layout.
    private(set) var units = TextUnitMap(isSpace: [], word: [], line: [])
    /// The horizontal middle of each character's glyphs (nan where none is placed).
    private(set) var unitCentres: [Double] = []
    /// Glyph outlines at the text's size around their own origin, by font and glyph index, made
    /// when a glyph is first drawn turned, scaled or skewed (see TextLayout+Animated.swift).
    var outlines: [Int: [UInt32: UnsafeMutablePointer<cairo_path_t>]] = [:]

    /// Nil when the text can draw nothing: empty, a size or line height Cairo cannot use, or no
    /// font at all. Lines break at `maxWidth` when it is narrower than the frame less the padding.
    init?(_ content: TextContent, maxWidth: Double? = nil) {
        guard !content.string.isEmpty, content.size > 0, content.size.isFinite, content.lineHeight.isFinite,
            let paragraph = ShapedParagraph(
                content.string, family: content.fontFamily, bold: content.bold, size: content.size,
                features: content.features, tracking: content.tracking.isFinite ? content.tracking : 0)
        else { return nil }
        self.content = content
        self.paragraph = paragraph
        self.maxWidth = maxWidth
        stroke = content.stroke.flatMap {
            $0.width > 0 && $0.width.isFinite && $0.color.a > 0 ? Stroke(color: SIMD4($0.color), width: $0.width) : nil
        }
        shadow = content.shadow.flatMap {
            $0.color.a > 0 && $0.blur.isFinite && $0.blur >= 0 && $0.offset.x.isFinite && $0.offset.y.isFinite
                ? Shadow(color: SIMD4($0.color), offset: SIMD2($0.offset.x, $0.offset.y), blur: $0.blur) : nil
        }
    }

    deinit {
        if let shadowMask { cairo_surface_destroy(shadowMask.surface) }
        for paths in outlines.values { for path in paths.values { cairo_path_destroy(path) } }
    }

    /// What ends the last line of a text cut at `maxLines`.
    static let ellipsis = ShapedParagraph.ellipsis

    var ascent: Double { paragraph.fonts[0].ascent }
    var descent: Double { paragraph.fonts[0].descent }

    /// Lays the text out for a frame `width` × `height` pixels, unless it is laid out for that size.
    func layOut(width: Double, height: Double) {
        if (width, height) != laidOut { layOutAgain(width: width, height: height) }
    }

    /// Paints the text in `cr`'s user space (the layer's own, clipped to it), in a frame `width` ×
    /// `height` pixels, in its colour (or `color` when given) scaled by `alpha`. Colour glyphs
    /// (emoji) keep their own colours, at `alpha`. `changes` (one per character of `units`, as
    /// the text animators give them for this layout) move and restyle the characters; without
    /// them the text is drawn as it stands (`PreparedText` gives none when they change nothing).
    func paint(
        width: Double, height: Double, alpha: Double, color: SIMD4<Double>? = nil, changes: [TextUnitChange]? = nil,
        on cr: OpaquePointer
    ) {
        layOut(width: width, height: height)
        let color = color ?? SIMD4(content.color)
        if let changes, changes.count == units.count { return paintChanged(changes, alpha: alpha, on: cr) }
        cairo_set_font_options(cr, TextFonts.options)
        cairo_set_font_size(cr, content.size)
        if let shadow { paintShadow(shadow, alpha: alpha, changed: false, on: cr, ink: paintInk) }
        if let stroke { paintStroke(stroke, alpha: alpha, on: cr) }
        for (font, glyphs) in glyphsByFont { fill(glyphs, font: font, colour: color, alpha: alpha, on: cr) }
    }

    func paintStroke(_ stroke: Stroke, alpha: Double, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_new_path(cr)
        for (font, glyphs) in glyphsByFont where !paragraph.fonts[font].isColor {
            cairo_set_font_face(cr, paragraph.fonts[font].face)
            glyphs.withUnsafeBufferPointer { cairo_glyph_path(cr, $0.baseAddress, Int32($0.count)) }
        }
        cairo_set_line_width(cr, stroke.width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_source_rgba(cr, stroke.color.x, stroke.color.y, stroke.color.z, stroke.color.w * alpha)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// The glyphs and their stroke as they stand, in the source's colour.
    private func paintInk(on mask: OpaquePointer) {
        if let stroke { paintStroke(stroke, alpha: 1, on: mask) }
        for (font, glyphs) in glyphsByFont {
            cairo_set_font_face(mask, paragraph.fonts[font].face)
            glyphs.withUnsafeBufferPointer { cairo_show_glyphs(mask, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// The shadow: the glyphs (and their stroke) drawn by `ink` into an A8 mask over the clip's
    /// device extents and the blur's reach, moved by the offset, blurred, then painted in the
    /// shadow's colour. The mask is kept while the device transform and the clip stay the same,
    /// unless the characters are `changed` by animators.
    func paintShadow(
        _ shadow: Shadow, alpha: Double, changed: Bool, on cr: OpaquePointer, ink: (OpaquePointer) -> Void
    ) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        var box = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        cairo_clip_extents(cr, &box.x1, &box.y1, &box.x2, &box.y2)
        let corners = [(box.x1, box.y1), (box.x2, box.y1), (box.x1, box.y2), (box.x2, box.y2)].map { corner in
            var (x, y) = corner
            cairo_user_to_device(cr, &x, &y)
            return (x, y)
        }
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        let sigma = ShadowMask.sigma(radius: shadow.blur * scale)
        let reach = Double(raster_blur_extent(sigma) + 1)
        let left = (corners.map(\.0).min()! - reach).rounded(.down)
        let top = (corners.map(\.1).min()! - reach).rounded(.down)
        let right = (corners.map(\.0).max()! + reach).rounded(.up)
        let bottom = (corners.map(\.1).max()! + reach).rounded(.up)
        guard right > left, bottom > top, right - left <= 8192, bottom - top <= 8192 else { return }
        let key = [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0, left, top, right, bottom]
        if changed || shadowMask?.key != key {
            if let shadowMask { cairo_surface_destroy(shadowMask.surface) }
            let (width, height) = (Int32(right - left), Int32(bottom - top))
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)!
            let mask = cairo_create(surface)!
            var moved = matrix
            moved.x0 -= left
            moved.y0 -= top
            cairo_set_matrix(mask, &moved)
            cairo_translate(mask, shadow.offset.x, shadow.offset.y)
            cairo_set_font_options(mask, TextFonts.options)
            cairo_set_font_size(mask, content.size)
            ink(mask)
            cairo_destroy(mask)
            blurAlpha(surface, sigma: sigma)
            shadowMask = (changed ? nil : key, surface, Int(left), Int(top))
        }
        guard let shadowMask else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_rgba(cr, shadow.color.x, shadow.color.y, shadow.color.z, shadow.color.w * alpha)
        cairo_mask_surface(cr, shadowMask.surface, Double(shadowMask.x), Double(shadowMask.y))
        cairo_restore(cr)
    }

    /// Lines wrap to the frame's width less the padding (or `maxWidth`, when narrower);
    /// baselines start at the ascent below the block's top and step by the line height, the
    /// block placed by the vertical alignment; an empty paragraph is an empty line.
    private func layOutAgain(width: Double, height: Double) {
        laidOut = (width, height)
        glyphsByFont.removeAll(keepingCapacity: true)
        placed.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        let padding = content.padding
        let inner = (width: max(width - 2 * padding, 0), height: max(height - 2 * padding, 0))
        let layout = paragraph.layOut(width: min(inner.width, maxWidth ?? .infinity), maxLines: content.maxLines)
        defer { measureUnits(layout) }
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
            let (x, shift) = offset(of: line, in: inner.width)
            let y = top + ascent + Double(index) * step
            let first = placed.count
            for glyph in layout.glyphs(ofLine: index) {
                byFont[glyph.font, default: []].append(
                    cairo_glyph_t(index: UInt(glyph.index), x: padding + x + glyph.position.x, y: y + glyph.position.y))
                // The ellipsis's glyphs are known by their index among its own.
                let shaped =
                    glyph.glyph.map { paragraph.glyphs[$0] }
                    ?? paragraph.ellipsis.first { $0.index == glyph.index && $0.font == glyph.font }
                let offset = shaped?.offset ?? SIMD2(0, 0)
                placed.append(
                    Placed(
                        font: glyph.font, index: glyph.index, x: padding + x + glyph.position.x,
                        y: y + glyph.position.y, pen: padding + x + glyph.position.x - offset.x,
                        advance: shaped?.advance ?? 0, grapheme: glyph.glyph.map { paragraph.glyphs[$0].grapheme },
                        line: index))
            }
            lines.append((first..<placed.count, y, shift))
        }
        glyphsByFont = byFont.keys.sorted().map { ($0, byFont[$0]!) }
    }

    /// The characters as selectors count them (`TextUnitMap(_:layout:)`), and the middle of each
    /// one's glyphs.
    private func measureUnits(_ layout: ShapedParagraph.Layout) {
        units = TextUnitMap(paragraph, layout: layout)
        let graphemes = paragraph.segments.graphemes
        var low = [Double](repeating: .infinity, count: graphemes.count)
        var high = [Double](repeating: -.infinity, count: graphemes.count)
        for glyph in placed {
            guard let grapheme = glyph.grapheme else { continue }
            low[grapheme] = min(low[grapheme], glyph.pen)
            high[grapheme] = max(high[grapheme], glyph.pen + glyph.advance)
        }
        unitCentres = zip(low, high).map { $0.isFinite && $1.isFinite ? ($0 + $1) / 2 : .nan }
    }

    /// Where the line starts in the frame's inner width, and how much of a width added to it
    /// moves that start left: `start` and `end` follow the direction of the line's paragraph.
    private func offset(of line: ShapedParagraph.Line, in width: Double) -> (x: Double, shift: Double) {
        let shift: Double =
            switch content.alignment {
            case .left: 0
            case .center: 0.5
            case .right: 1
            case .start: line.isRightToLeft ? 1 : 0
            case .end: line.isRightToLeft ? 0 : 1
            }
        return ((width - line.width) * shift, shift)
    }
}

extension SIMD4<Double> {
    /// A straight-alpha colour of the model.
    init(_ color: anim_color_t) {
        self.init(color.r, color.g, color.b, color.a)
    }
}
