import CAnimatorABI
import CCairo
import CRaster
import CTextShaping
import Foundation
import Scene
import Text

/// Drawing a text whose characters its text animators change (`TextUnitChange`, one per
/// grapheme cluster): each character's glyphs move, turn, scale, skew and take their own
/// colours, opacity, outline and blur.
///
/// A character turns, skews and scales about its anchor point: the middle of its glyphs on the
/// baseline, moved by the change's `anchor` (which, as in After Effects and Lottie, also moves
/// the character the other way); then it moves by `position`. Tracking adds space after the
/// character, so the characters after it on its line move along, and the line keeps its
/// alignment (a centred line grows on both sides; the space after its last character counts out). A ligature follows the first character it
/// joins; the "…" of a text cut at `maxLines` follows the character before it.
///
/// Glyphs that only move are drawn together, one `cairo_show_glyphs` per font and look; glyphs
/// that turn, scale or skew are drawn one by one in their own transform, after them, so a
/// character popping up lies over its neighbours; a blurred glyph is drawn into a mask of its
/// own and blurred as shadows are.
extension TextLayout {
    /// One glyph as a frame's changes draw it.
    struct Drawn {
        var font: Int
        var index: UInt32
        /// Its origin: in the layer's space, or in the character's own space under `matrix`.
        var x: Double
        var y: Double
        var matrix: cairo_matrix_t?
        /// Straight colours, their alpha scaled by the character's opacity.
        var fill: SIMD4<Double>
        var stroke: (color: SIMD4<Double>, width: Double)?
        var blur: Double
        var opacity: Double
    }

    /// Paints the glyphs as `changes` change them, their shadow first.
    func paintChanged(_ changes: [TextUnitChange], alpha: Double, on cr: OpaquePointer) {
        let drawn = glyphs(changedBy: changes)
        cairo_set_font_options(cr, TextFonts.options)
        cairo_set_font_size(cr, content.size)
        if let shadow {
            paintShadow(shadow, alpha: alpha, changed: true, on: cr) { mask in
                self.paint(drawn, alpha: 1, asMask: true, on: mask)
            }
        }
        paint(drawn, alpha: alpha, asMask: false, on: cr)
    }

    /// Where and how each placed glyph is drawn under `changes`.
    func glyphs(changedBy changes: [TextUnitChange]) -> [Drawn] {
        var drawn: [Drawn] = []
        drawn.reserveCapacity(placed.count)
        let perMille = content.size / 1000
        let none = TextUnitChange(text: content)
        for line in lines {
            // Tracking moves every glyph after the character it follows.
            var shifts: [Double] = []
            shifts.reserveCapacity(line.glyphs.count)
            var added = 0.0
            for index in line.glyphs {
                shifts.append(added)
                let grapheme = placed[index].grapheme
                let next = index + 1 < line.glyphs.upperBound ? placed[index + 1].grapheme : nil
                if let grapheme, next != grapheme { added += changes[grapheme].tracking * perMille }
            }
            // The line keeps its alignment, counting the space added after its last character out.
            let lineMove = -(shifts.last ?? 0) * line.shift
            var previous = none
            for (index, shift) in zip(line.glyphs, shifts) {
                let glyph = placed[index]
                let change = glyph.grapheme.map { changes[$0] } ?? previous
                previous = change
                let opacity = min(max(change.opacity, Keys.opacities.lowerBound), Keys.opacities.upperBound)
                guard opacity > 0 else { continue }
                let x = glyph.x + shift + lineMove
                let centre =
                    (glyph.grapheme.map { unitCentres[$0] } ?? (glyph.pen + glyph.advance / 2)) + shift + lineMove
                let strokes = change.strokeWidth > 0 && change.strokeColor.a > 0 && !paragraph.fonts[glyph.font].isColor
                var item = Drawn(
                    font: glyph.font, index: glyph.index, x: x, y: glyph.y, matrix: nil,
                    fill: SIMD4(change.fillColor),
                    stroke: strokes ? (SIMD4(change.strokeColor), change.strokeWidth) : nil,
                    blur: change.blur, opacity: opacity)
                let moved = SIMD2(change.position.x - change.anchor.x, change.position.y - change.anchor.y)
                if change.scale.x == 1, change.scale.y == 1, change.rotation == 0, change.skew == 0 {
                    item.x += moved.x
                    item.y += moved.y
                } else {
                    guard let matrix = Self.matrix(of: change, at: SIMD2(centre, line.baseline)) else { continue }
                    item.matrix = matrix
                    item.x = x - centre - change.anchor.x
                    item.y = glyph.y - line.baseline - change.anchor.y
                }
                guard item.x.isFinite, item.y.isFinite else { continue }
                drawn.append(item)
            }
        }
        return drawn
    }

    /// The character's own space to the layer's: scaled, skewed (positive leans its top to the
    /// right, as italics do), turned clockwise by degrees, then put at its anchor point `point`
    /// moved by `position`. Nil when it flattens the character to nothing.
    private static func matrix(of change: TextUnitChange, at point: SIMD2<Double>) -> cairo_matrix_t? {
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, point.x + change.position.x, point.y + change.position.y)
        cairo_matrix_rotate(&matrix, change.rotation * .pi / 180)
        let skew = min(max(change.skew, -85), 85) * .pi / 180
        var shear = cairo_matrix_t(xx: 1, yx: 0, xy: -tan(skew), yy: 1, x0: 0, y0: 0)
        var turned = matrix
        cairo_matrix_multiply(&matrix, &shear, &turned)
        cairo_matrix_scale(&matrix, change.scale.x, change.scale.y)
        let determinant = matrix.xx * matrix.yy - matrix.xy * matrix.yx
        guard determinant != 0, determinant.isFinite, matrix.x0.isFinite, matrix.y0.isFinite else { return nil }
        return matrix
    }

    /// A look glyphs drawn together share.
    private struct Look: Hashable {
        var font: Int
        var fill: SIMD4<Double>
        var strokeColor: SIMD4<Double>
        var strokeWidth: Double
    }

    /// Draws `drawn` at `alpha`: as a shadow's mask (every glyph in the source's colour, at its
    /// opacity, unblurred) or in its own colours.
    private func paint(_ drawn: [Drawn], alpha: Double, asMask: Bool, on cr: OpaquePointer) {
        var order: [Look] = []
        var batches: [Look: [cairo_glyph_t]] = [:]
        var alone: [Drawn] = []
        for item in drawn {
            guard item.matrix == nil, item.blur <= 0 || asMask else {
                alone.append(item)
                continue
            }
            let look = Look(
                font: item.font, fill: colour(item.fill, item, asMask: asMask),
                strokeColor: item.stroke.map { colour($0.color, item, asMask: asMask) } ?? .zero,
                strokeWidth: item.stroke?.width ?? 0)
            if batches[look] == nil { order.append(look) }
            batches[look, default: []].append(cairo_glyph_t(index: UInt(item.index), x: item.x, y: item.y))
        }
        for look in order where look.strokeWidth > 0 {
            cairo_set_font_face(cr, paragraph.fonts[look.font].face)
            cairo_new_path(cr)
            batches[look]!.withUnsafeBufferPointer { cairo_glyph_path(cr, $0.baseAddress, Int32($0.count)) }
            stroke(look.strokeColor, width: look.strokeWidth, alpha: alpha, on: cr)
        }
        for look in order {
            fill(batches[look]!, font: look.font, colour: look.fill, alpha: alpha, on: cr)
        }
        for item in alone {
            if item.blur > 0 && !asMask {
                paintBlurred(item, alpha: alpha, on: cr)
                continue
            }
            cairo_save(cr)
            if var matrix = item.matrix { cairo_transform(cr, &matrix) }
            if paragraph.fonts[item.font].isColor {
                let glyph = cairo_glyph_t(index: UInt(item.index), x: item.x, y: item.y)
                fill([glyph], font: item.font, colour: colour(item.fill, item, asMask: asMask), alpha: alpha, on: cr)
            } else {
                cairo_translate(cr, item.x, item.y)
                if let stroke = item.stroke {
                    cairo_new_path(cr)
                    cairo_append_path(cr, outline(font: item.font, index: item.index))
                    cairo_set_line_width(cr, stroke.width)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                    let colour = colour(stroke.color, item, asMask: asMask)
                    cairo_set_source_rgba(cr, colour.x, colour.y, colour.z, colour.w * alpha)
                    cairo_stroke(cr)
                }
                let colour = colour(item.fill, item, asMask: asMask)
                cairo_set_source_rgba(cr, colour.x, colour.y, colour.z, colour.w * alpha)
                fillTransformed(item, on: cr)
            }
            cairo_restore(cr)
        }
    }

    /// Fills a glyph turned, scaled or skewed (`cr`'s user space is the glyph's own, its origin
    /// at the glyph's) in the source: its outline rasterised by FreeType (on the font's own face,
    /// `TextFont.withFace`) straight through the device transform, as Cairo draws glyphs, into a
    /// mask of the pixels it covers. A Cairo
    /// font made for every transform a glyph passes through would be made and rasterised anew,
    /// and filling the outline as a path costs several times more.
    private func fillTransformed(_ item: Drawn, on cr: OpaquePointer) {
        var device = cairo_matrix_t()
        cairo_get_matrix(cr, &device)
        let font = paragraph.fonts[item.font]
        var coverage = glyph_coverage_t()
        let matrix = [device.xx, device.yx, device.xy, device.yy]
        let rendered = font.withFace { face in
            glyph_coverage_render(
                face, item.index, matrix, device.x0, device.y0, font.isEmboldened ? 1 : 0, &coverage)
        }
        guard rendered == 1 else { return }
        defer { glyph_coverage_free(&coverage) }
        let mask = cairo_image_surface_create_for_data(
            coverage.pixels, CAIRO_FORMAT_A8, coverage.width, coverage.height, coverage.stride)!
        defer { cairo_surface_destroy(mask) }
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, mask, Double(coverage.left), Double(coverage.top))
    }

    /// The outline of glyph `index` of font `font` at the text's size, around its origin.
    private func outline(font: Int, index: UInt32) -> UnsafeMutablePointer<cairo_path_t> {
        if let path = outlines[font]?[index] { return path }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        let context = cairo_create(surface)!
        cairo_set_font_options(context, TextFonts.options)
        cairo_set_font_face(context, paragraph.fonts[font].face)
        cairo_set_font_size(context, content.size)
        var glyph = cairo_glyph_t(index: UInt(index), x: 0, y: 0)
        cairo_glyph_path(context, &glyph, 1)
        let path = cairo_copy_path(context)!
        cairo_destroy(context)
        cairo_surface_destroy(surface)
        outlines[font, default: [:]][index] = path
        return path
    }

    /// A glyph's colour with its opacity in the alpha; a mask's is opaque black at its opacity.
    private func colour(_ colour: SIMD4<Double>, _ item: Drawn, asMask: Bool) -> SIMD4<Double> {
        asMask ? SIMD4(0, 0, 0, item.opacity) : SIMD4(colour.x, colour.y, colour.z, colour.w * item.opacity)
    }

    private func stroke(_ colour: SIMD4<Double>, width: Double, alpha: Double, on cr: OpaquePointer) {
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_source_rgba(cr, colour.x, colour.y, colour.z, colour.w * alpha)
        cairo_stroke(cr)
    }

    /// Fills glyphs of one font; colour glyphs keep their own colours, whatever the source's
    /// alpha, so a faded one is faded through a group.
    func fill(
        _ glyphs: [cairo_glyph_t], font: Int, colour: SIMD4<Double>, alpha: Double, on cr: OpaquePointer
    ) {
        let font = paragraph.fonts[font]
        cairo_set_font_face(cr, font.face)
        let faded = font.isColor && colour.w * alpha < 1
        if faded { cairo_push_group(cr) }
        cairo_set_source_rgba(cr, colour.x, colour.y, colour.z, font.isColor ? 1 : colour.w * alpha)
        glyphs.withUnsafeBufferPointer { cairo_show_glyphs(cr, $0.baseAddress, Int32($0.count)) }
        if faded {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, colour.w * alpha)
        }
    }

    /// A blurred glyph: its outline and its fill drawn into A8 masks over the device pixels they
    /// and the blur's reach cover (within the clip), blurred with a Gaussian of standard
    /// deviation blur / 2 (as shadows are), then painted in their colours. A colour glyph is
    /// blurred as its shape, in the text's colour.
    private func paintBlurred(_ item: Drawn, alpha: Double, on cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if var matrix = item.matrix { cairo_transform(cr, &matrix) }
        var glyph = cairo_glyph_t(index: UInt(item.index), x: item.x, y: item.y)
        cairo_set_font_face(cr, paragraph.fonts[item.font].face)
        cairo_new_path(cr)
        cairo_glyph_path(cr, &glyph, 1)
        var box = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        if let stroke = item.stroke {
            cairo_set_line_width(cr, stroke.width)
            cairo_stroke_extents(cr, &box.x1, &box.y1, &box.x2, &box.y2)
        } else {
            cairo_fill_extents(cr, &box.x1, &box.y1, &box.x2, &box.y2)
        }
        cairo_new_path(cr)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        let sigma = ShadowMask.sigma(radius: item.blur * scale)
        let reach = Double(raster_blur_extent(sigma) + 1)
        let corners = [(box.x1, box.y1), (box.x2, box.y1), (box.x1, box.y2), (box.x2, box.y2)].map { corner in
            var (x, y) = corner
            cairo_user_to_device(cr, &x, &y)
            return (x, y)
        }
        var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
        cairo_restore(cr)
        let left = max((corners.map(\.0).min()! - reach).rounded(.down), clip.x1.rounded(.down) - reach)
        let top = max((corners.map(\.1).min()! - reach).rounded(.down), clip.y1.rounded(.down) - reach)
        let right = min((corners.map(\.0).max()! + reach).rounded(.up), clip.x2.rounded(.up) + reach)
        let bottom = min((corners.map(\.1).max()! + reach).rounded(.up), clip.y2.rounded(.up) + reach)
        guard right > left, bottom > top, right - left <= 8192, bottom - top <= 8192 else { return }
        let (width, height) = (Int32(right - left), Int32(bottom - top))
        var moved = matrix
        moved.x0 -= left
        moved.y0 -= top
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: raster_blur_scratch_count(width, height))
        defer { scratch.deallocate() }
        func mask(_ draw: (OpaquePointer) -> Void) -> OpaquePointer {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)!
            let context = cairo_create(surface)!
            cairo_set_matrix(context, &moved)
            cairo_set_font_options(context, TextFonts.options)
            cairo_set_font_face(context, paragraph.fonts[item.font].face)
            cairo_set_font_size(context, content.size)
            cairo_glyph_path(context, &glyph, 1)
            draw(context)
            cairo_destroy(context)
            cairo_surface_flush(surface)
            raster_blur_a8(
                cairo_image_surface_get_data(surface), width, height, cairo_image_surface_get_stride(surface), sigma,
                scratch)
            cairo_surface_mark_dirty(surface)
            return surface
        }
        cairo_identity_matrix(cr)
        if let stroke = item.stroke {
            let outline = mask { context in
                cairo_set_line_width(context, stroke.width)
                cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(context)
            }
            let colour = colour(stroke.color, item, asMask: false)
            cairo_set_source_rgba(cr, colour.x, colour.y, colour.z, colour.w * alpha)
            cairo_mask_surface(cr, outline, left, top)
            cairo_surface_destroy(outline)
        }
        let shape = mask { cairo_fill($0) }
        let colour = colour(item.fill, item, asMask: false)
        cairo_set_source_rgba(cr, colour.x, colour.y, colour.z, colour.w * alpha)
        cairo_mask_surface(cr, shape, left, top)
        cairo_surface_destroy(shape)
    }
}

extension TextUnitChange {
    /// Whether it leaves a character as the text draws it: in `fill`, with `stroke` (nil when the
    /// text draws none).
    func isNone(fill: SIMD4<Double>, stroke: TextLayout.Stroke?) -> Bool {
        guard position.x == 0, position.y == 0, anchor.x == 0, anchor.y == 0, scale.x == 1, scale.y == 1,
            rotation == 0, opacity == 1, tracking == 0, blur == 0, skew == 0, SIMD4(fillColor) == fill
        else { return false }
        let strokes = strokeWidth > 0 && strokeColor.a > 0
        guard let stroke else { return !strokes }
        return strokes && strokeWidth == stroke.width && SIMD4(strokeColor) == stroke.color
    }
}
