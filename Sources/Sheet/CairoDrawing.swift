import CAnimatorABI
import CCairo
import Compositor

extension FrameBuffer {
    /// Runs `body` with a Cairo context drawing on these pixels. The surface is made here over
    /// the public pixels (the compositor keeps its own private), and flushed before returning.
    func withCairo(_ body: (OpaquePointer) -> Void) {
        let surface = makeSurface()
        let cr = cairo_create(surface)!
        body(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
    }

    /// Paints `frame` scaled into `cell` with Cairo's GOOD filter, which averages the pixels a
    /// downscaled cell covers instead of picking one, so thin lines survive the reduction.
    func paint(_ frame: FrameBuffer, into cell: anim_rect_t) {
        let source = frame.makeSurface()
        withCairo { cr in
            cairo_rectangle(cr, cell.x, cell.y, cell.width, cell.height)
            cairo_clip(cr)
            cairo_translate(cr, cell.x, cell.y)
            cairo_scale(cr, cell.width / Double(frame.width), cell.height / Double(frame.height))
            cairo_set_source_surface(cr, source, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
        }
        cairo_surface_destroy(source)
    }

    private func makeSurface() -> OpaquePointer {
        cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
    }
}

/// Sets the source colour of the Cairo context `cr`.
func setSource(_ color: anim_color_t, on cr: OpaquePointer) {
    cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
}
