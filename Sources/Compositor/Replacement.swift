import CCairo
import CPixman
import CRaster

/// A frame-sized image drawn in place of one layer and its sublayers: how a mixer's output takes
/// the place of the layers it blended. Premultiplied, in the byte order its mixer writes
/// (`order`); drawn at identity, none of the layer's properties applied. The compositor only
/// reads it, except that painting it inside a parent's group puts it in Cairo's byte order.
public struct Replacement {
    public let index: Int
    public let image: FrameBuffer
    public let order: PixelOrder

    public init(index: Int, image: FrameBuffer, order: PixelOrder = .rgba) {
        self.index = index
        self.image = image
        self.order = order
    }

    /// Writes the image over every pixel of `frame` in Cairo's byte order (SRC) if it is opaque,
    /// and says whether it was: OVER an opaque image gives the image, whatever lies below. When
    /// it is not, `frame` holds a partial copy, found out at the first translucent row.
    func copyIfOpaque(into frame: FrameBuffer) -> Bool {
        let rows = raster_copy_opaque_rows(
            image.pixels, UInt32(image.stride), frame.pixels, UInt32(frame.stride),
            UInt32(image.width), UInt32(image.height), order == .rgba)
        return rows == image.height
    }

    /// Composites the image OVER `frame` in one pass: pixman reads RGBA as readily as Cairo's
    /// BGRA and blends with the same arithmetic Cairo's own OVER uses.
    func composite(over frame: FrameBuffer) {
        cairo_surface_flush(frame.surface)
        let source = pixmanImage(image, format: order == .rgba ? PIXMAN_a8b8g8r8 : PIXMAN_a8r8g8b8)
        let target = pixmanImage(frame, format: PIXMAN_a8r8g8b8)
        pixman_image_composite32(
            PIXMAN_OP_OVER, source, nil, target, 0, 0, 0, 0, 0, 0,
            Int32(frame.width), Int32(frame.height))
        pixman_image_unref(source)
        pixman_image_unref(target)
        cairo_surface_mark_dirty(frame.surface)
    }

    /// Paints the image OVER the current target of `cr` (a parent's group, through its clip),
    /// first swapping its bytes into Cairo's order when the mixer wrote RGBA.
    func paint(on cr: OpaquePointer) {
        if order == .rgba { image.swapRedAndBlue() }
        cairo_surface_mark_dirty(image.surface)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func pixmanImage(_ buffer: FrameBuffer, format: pixman_format_code_t) -> OpaquePointer {
        let bits = UnsafeMutableRawPointer(buffer.pixels).assumingMemoryBound(to: UInt32.self)
        return pixman_image_create_bits(format, Int32(buffer.width), Int32(buffer.height), bits, Int32(buffer.stride))
    }
}
