import CAnimatorABI
import CCairo
import CRaster
import Foundation

/// Everything a blurred shadow mask depends on; an equal key means identical mask pixels.
struct ShadowKey: Equatable {
    var transform: AffineTransform
    var size: anim_size_t
    var cornerRadius: Double
    var blurRadius: Double
    var offset: anim_point_t
    var surfaceWidth: Int
    var surfaceHeight: Int

    static func == (l: ShadowKey, r: ShadowKey) -> Bool {
        l.transform == r.transform && l.size.width == r.size.width && l.size.height == r.size.height
            && l.cornerRadius == r.cornerRadius && l.blurRadius == r.blurRadius
            && l.offset.x == r.offset.x && l.offset.y == r.offset.y
            && l.surfaceWidth == r.surfaceWidth && l.surfaceHeight == r.surfaceHeight
    }

    var localBounds: anim_rect_t {
        anim_rect_t(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The part of the shape's device space that lands on the surface once offset.
    var visible: anim_rect_t {
        anim_rect_t(x: -offset.x, y: -offset.y, width: Double(surfaceWidth), height: Double(surfaceHeight))
    }

    /// Whether the shape lies within `visible`: its mask is then whole.
    var isWhole: Bool {
        let (shape, visible) = (transform.boundingBox(of: localBounds), visible)
        return shape.x >= visible.x && shape.y >= visible.y && shape.x + shape.width <= visible.x + visible.width
            && shape.y + shape.height <= visible.y + visible.height
    }

    /// The key moved by whole device pixels so that its translation lies in 0..<1 at the nearest
    /// 256th of a pixel (the precision of moves and of Cairo's own coordinates), with the surface
    /// left out (a whole mask does not depend on it), and that move. Two keys whose shapes differ
    /// by whole pixels have the same such key.
    var placed: (key: ShadowKey, x: Int, y: Int) {
        func split(_ value: Double) -> (Int, Double) {
            let steps = (value * 256).rounded()
            guard abs(steps) < Double(1 << 40) else { return (0, value) }
            let whole = Int((steps / 256).rounded(.down))
            return (whole, (steps - Double(whole) * 256) / 256)
        }
        let (x, fractionX) = split(transform.tx)
        let (y, fractionY) = split(transform.ty)
        var key = self
        (key.transform.tx, key.transform.ty) = (fractionX, fractionY)
        (key.surfaceWidth, key.surfaceHeight) = (0, 0)
        return (key, x, y)
    }
}

/// A layer's rounded frame in device space, rasterised to A8 and blurred (sigma = radius / 2).
/// Covers only the part that can reach the visible surface once offset, plus the blur's reach,
/// so pixels that land on screen are exactly what an unclipped mask would give. Its pixels live in
/// a `MaskMemory` lent by the cache, which makes the next mask there only after this one is gone.
final class ShadowMask {
    let key: ShadowKey
    /// The mask's top left corner in device space, before the shadow offset.
    let originX: Int, originY: Int
    /// Whether the mask holds the whole blurred shape, none of it cut away for lying off the
    /// surface: only such a mask may be moved to stand for the shape elsewhere.
    let isWhole: Bool
    private let surface: OpaquePointer

    /// The blur's standard deviation for a shadow of `radius`, any shadow's: half the radius.
    static func sigma(radius: Double) -> Double { radius / 2 }

    /// Nil when no part of the shadow can reach the surface.
    ///
    /// A whole mask (the shape and its blur lie within the surface) is drawn for the shape moved
    /// to within a pixel of the mask's corner, at the nearest 256th of a pixel (`ShadowKey.placed`),
    /// and placed by the whole pixels: its pixels depend on the shape alone, not on where it
    /// stands, so a shape that moved by whole pixels since is the same mask placed elsewhere
    /// (`init(placing:for:)`), whichever frame drew it first.
    init?(key: ShadowKey, memory: MaskMemory) {
        let sigma = Self.sigma(radius: key.blurRadius)
        let reach = Double(raster_blur_extent(sigma) + 1)
        let whole = key.isWhole
        let placed = key.placed
        let drawn = whole ? placed.key : key
        let shape = drawn.transform.boundingBox(of: key.localBounds)
        let visible = key.visible
        // A whole mask's shape is within the surface: only a cut one is bounded by it.
        let left = floor(whole ? shape.x : max(shape.x, visible.x)) - reach
        let top = floor(whole ? shape.y : max(shape.y, visible.y)) - reach
        let right = ceil(whole ? shape.x + shape.width : min(shape.x + shape.width, visible.x + visible.width)) + reach
        let bottom =
            ceil(whole ? shape.y + shape.height : min(shape.y + shape.height, visible.y + visible.height)) + reach
        // Cairo refuses image surfaces beyond 32767 pixels a side; such a shadow is skipped.
        guard right > left, bottom > top, right - left <= 32767, bottom - top <= 32767 else { return nil }
        self.key = key
        originX = Int(left) + (whole ? placed.x : 0)
        originY = Int(top) + (whole ? placed.y : 0)
        isWhole = whole
        let (width, height) = (Int32(right - left), Int32(bottom - top))
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, width)
        let pixels = memory.clearedPixels(stride: Int(stride), height: Int(height))
        surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8,
            width, height, stride)
        rasterise(
            drawn.transform, left: left, top: top, sigma: sigma, sums: memory.blurSums(width: width, height: height))
    }

    /// `mask` standing for `key`, whose shape is the mask's moved by whole device pixels: the same
    /// pixels, placed there. Nil unless both are whole and drawn alike (`ShadowKey.placed`).
    init?(placing mask: ShadowMask, for key: ShadowKey) {
        guard mask.isWhole, key.isWhole else { return nil }
        let (from, to) = (mask.key.placed, key.placed)
        guard from.key == to.key else { return nil }
        self.key = key
        isWhole = true
        originX = mask.originX + (to.x - from.x)
        originY = mask.originY + (to.y - from.y)
        surface = cairo_surface_reference(mask.surface)
    }

    /// `anchor` moved by whole device pixels and 256ths of one, `moves` of them right and down
    /// (`ShadowKey.moves(from:)`), standing for the mask of `key` (the anchor's but for that
    /// translation): the same pixels at a whole-pixel move, resampled
    /// (`raster_shift_a8`, into `memory`) otherwise. The anchor must be whole.
    init(moving anchor: ShadowMask, by moves: (x: Int, y: Int), key: ShadowKey, memory: MaskMemory) {
        precondition(anchor.isWhole, "only a whole mask can be moved")
        self.key = key
        isWhole = false
        let (wholeX, wholeY) = (moves.x >> 8, moves.y >> 8)
        let (fractionX, fractionY) = (moves.x & 255, moves.y & 255)
        originX = anchor.originX + wholeX
        originY = anchor.originY + wholeY
        guard fractionX != 0 || fractionY != 0 else {
            surface = cairo_surface_reference(anchor.surface)
            return
        }
        let source = anchor.surface
        let (width, height) = (cairo_image_surface_get_width(source), cairo_image_surface_get_height(source))
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, width + 1)
        let pixels = memory.clearedPixels(stride: Int(stride), height: Int(height + 1))
        raster_shift_a8(
            cairo_image_surface_get_data(source), width, height, cairo_image_surface_get_stride(source),
            Double(fractionX) / 256, Double(fractionY) / 256, pixels.assumingMemoryBound(to: UInt8.self), stride)
        surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_A8, width + 1, height + 1, stride)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Fills the shape drawn by `transform`, with the mask's corner at (`left`, `top`), and blurs it.
    private func rasterise(
        _ transform: AffineTransform, left: Double, top: Double, sigma: Double, sums: UnsafeMutablePointer<UInt32>
    ) {
        let cr = cairo_create(surface)!
        var matrix = transform.cairoMatrix
        cairo_translate(cr, -left, -top)
        cairo_transform(cr, &matrix)
        addRoundedRect(key.localBounds, radius: key.cornerRadius, to: cr)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        raster_blur_a8(
            cairo_image_surface_get_data(surface),
            cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface),
            cairo_image_surface_get_stride(surface), sigma, sums)
        cairo_surface_mark_dirty(surface)
    }

    /// The device-space box the offset shadow may cover.
    var extents: anim_rect_t {
        anim_rect_t(
            x: Double(originX) + key.offset.x, y: Double(originY) + key.offset.y,
            width: Double(cairo_image_surface_get_width(surface)),
            height: Double(cairo_image_surface_get_height(surface)))
    }

    /// Paints `color` through the mask at its offset place; `cr` must have device space as user space.
    func draw(color: anim_color_t, on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_mask_surface(cr, surface, Double(originX) + key.offset.x, Double(originY) + key.offset.y)
    }
}

/// Blurs the A8 image surface `surface` in place, a Gaussian of standard deviation `sigma`
/// pixels (`raster_blur_a8`, with scratch memory of its own).
func blurAlpha(_ surface: OpaquePointer, sigma: Double) {
    let (width, height) = (cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))
    cairo_surface_flush(surface)
    let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: raster_blur_scratch_count(width, height))
    raster_blur_a8(
        cairo_image_surface_get_data(surface), width, height, cairo_image_surface_get_stride(surface), sigma, scratch)
    scratch.deallocate()
    cairo_surface_mark_dirty(surface)
}
