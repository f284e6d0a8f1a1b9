import CAnimatorABI
import CCairo
import Scene

/// How the compositor paints a fill with Cairo.
extension Fill {
    /// The pattern a gradient paints a layer of `size` with; nil for a colour, which needs none.
    /// Made once per size and reused (see PreparedContent) rather than built every frame.
    func makePattern(size: anim_size_t) -> OpaquePointer? {
        guard case .linearGradient(let start, let end, let stops) = self else { return nil }
        let pattern = cairo_pattern_create_linear(
            start.x * size.width, start.y * size.height, end.x * size.width, end.y * size.height)!
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, min(max(stop.location, 0), 1), c.r, c.g, c.b, c.a)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    /// Paints the current clip of `cr`, whose user space is the layer's own, scaled by `alpha`;
    /// `pattern` is what `makePattern` gave for the layer's size.
    func paint(on cr: OpaquePointer, pattern: OpaquePointer?, alpha: Double) {
        switch self {
        case .color(let color):
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
            cairo_paint(cr)
        case .linearGradient:
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
        }
    }
}
