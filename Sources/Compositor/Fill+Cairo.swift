import CAnimatorABI
import CCairo
import Scene

/// How the compositor paints a fill with Cairo.
extension Fill {
    /// The pattern a gradient paints a layer of `size` with; nil for a colour, which needs none.
    /// Made once per size and reused (see PreparedContent) rather than built every frame.
    func makePattern(size: anim_size_t) -> OpaquePointer? {
        guard case .gradient(let gradient) = self else { return nil }
        return gradient.makePattern(size: size)
    }

    /// Paints the current clip of `cr`, whose user space is the layer's own, scaled by `alpha`;
    /// `pattern` is what `makePattern` gave for the layer's size.
    func paint(on cr: OpaquePointer, pattern: OpaquePointer?, alpha: Double) {
        switch self {
        case .color(let color):
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
            cairo_paint(cr)
        case .gradient:
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
        }
    }
}

extension Gradient {
    /// Its Cairo pattern over a layer of `size`: unit coordinates scaled to the layer's; a radial
    /// one's radius is the distance from `start` to `end` there.
    func makePattern(size: anim_size_t) -> OpaquePointer {
        let (x0, y0) = (start.x * size.width, start.y * size.height)
        let (x1, y1) = (end.x * size.width, end.y * size.height)
        let pattern: OpaquePointer
        switch kind {
        case .linear:
            pattern = cairo_pattern_create_linear(x0, y0, x1, y1)!
        case .radial:
            let radius = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
            pattern = cairo_pattern_create_radial(x0, y0, 0, x0, y0, radius)!
        }
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, min(max(stop.location, 0), 1), c.r, c.g, c.b, c.a)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }
}
