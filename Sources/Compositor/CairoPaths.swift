import CAnimatorABI
import CCairo
import Foundation
import ShapeGeometry

/// Adds a rectangle with circular corners of `radius` (already clamped) as a new sub-path,
/// running clockwise on screen like every other shape here so non-zero fills take the union.
func addRoundedRect(_ rect: anim_rect_t, radius: Double, to cr: OpaquePointer) {
    guard radius > 0 else {
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        return
    }
    let left = rect.x + radius
    let right = rect.x + rect.width - radius
    let top = rect.y + radius
    let bottom = rect.y + rect.height - radius
    cairo_new_sub_path(cr)
    cairo_arc(cr, right, top, radius, -.pi / 2, 0)
    cairo_arc(cr, right, bottom, radius, 0, .pi / 2)
    cairo_arc(cr, left, bottom, radius, .pi / 2, .pi)
    cairo_arc(cr, left, top, radius, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
}

/// Adds every shape of `mask` to the current path, in the user space of `cr` (the layer's own).
/// Empty or non-finite shapes add nothing: they cover nothing.
func addMaskShapes(of mask: anim_mask_t, to cr: OpaquePointer) {
    mask.forEachActiveShape { shape in
        let r = shape.rect
        let finite = r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite
        guard finite, r.width > 0, r.height > 0 else { return }
        switch shape.kind {
        case ANIM_MASK_SHAPE_RECT:
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        case ANIM_MASK_SHAPE_ROUNDED_RECT:
            let radius = shape.corner_radius.isFinite ? shape.corner_radius : 0
            addRoundedRect(r, radius: max(0, min(radius, r.width / 2, r.height / 2)), to: cr)
        case ANIM_MASK_SHAPE_CIRCLE:
            cairo_new_sub_path(cr)
            cairo_arc(cr, r.x + r.width / 2, r.y + r.height / 2, min(r.width, r.height) / 2, 0, 2 * .pi)
            cairo_close_path(cr)
        case ANIM_MASK_SHAPE_ELLIPSE:
            addEllipse(in: r, to: cr)
        default:
            return
        }
    }
}

/// Adds `path`'s subpaths to the current path, in the user space of `cr`.
func addPath(_ path: BezierPath, to cr: OpaquePointer) {
    for subpath in path.subpaths {
        cairo_move_to(cr, subpath.start.x, subpath.start.y)
        for segment in subpath.segments {
            cairo_curve_to(
                cr, segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y, segment.end.x,
                segment.end.y)
        }
        if subpath.isClosed { cairo_close_path(cr) }
    }
}

/// A unit circle drawn under a temporary scale; the path keeps device coordinates after restore.
private func addEllipse(in rect: anim_rect_t, to cr: OpaquePointer) {
    var saved = cairo_matrix_t()
    cairo_get_matrix(cr, &saved)
    cairo_translate(cr, rect.x + rect.width / 2, rect.y + rect.height / 2)
    cairo_scale(cr, rect.width / 2, rect.height / 2)
    cairo_new_sub_path(cr)
    cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
    cairo_close_path(cr)
    cairo_set_matrix(cr, &saved)
}

extension anim_mask_t {
    /// Calls `body` with the first `shape_count` shapes (at most ANIM_MASK_MAX_SHAPES) of the
    /// fixed C array, read in place rather than copied into an array every frame.
    func forEachActiveShape(_ body: (anim_mask_shape_t) -> Void) {
        let count = Int(min(shape_count, ANIM_MASK_MAX_SHAPES))
        withUnsafeBytes(of: shapes) { raw in
            raw.bindMemory(to: anim_mask_shape_t.self).prefix(count).forEach(body)
        }
    }

    var cairoFillRule: cairo_fill_rule_t {
        fill_rule == ANIM_FILL_EVEN_ODD ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }
}
