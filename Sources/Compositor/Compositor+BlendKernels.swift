import CCairo
import CRaster
import Scene

/// Blend modes composited by CRaster's kernels (`raster_blend`) where pixman would run its
/// general per-pixel combiners: a layer's group, its picture through a matte, or its one image
/// placed on whole pixels, onto an image surface through a clip of whole-pixel rectangles. The
/// kernels compute what the modes' formulas give (as pixman does, within half a level), so the
/// same pixels come out either way; elsewhere Cairo composites.
extension Compositor {
    /// Composites the image surface `source` (its pixel x, y at device pixel x − offset.x,
    /// y − offset.y, as Cairo's device offsets place a surface) onto `cr`'s target in `mode` at
    /// `opacity`, within `box` (device pixels) and `cr`'s clip. False, having drawn nothing, when
    /// the kernels cannot stand in for Cairo: a mode pixman composites fast (normal, add), a
    /// surface that is not ARGB32 in memory, a clip that is not whole-pixel rectangles.
    func blendWithKernels(
        _ source: OpaquePointer, offset: (x: Int, y: Int), box: PixelBox, mode: BlendMode, opacity: Double,
        on cr: OpaquePointer
    ) -> Bool {
        guard mode.hasKernel, !box.isEmpty, opacity.isFinite, Self.isPixelImage(source) else { return false }
        return forEachRegion(of: source, offset: offset, within: box, on: cr) {
            target, targetStride, pixels, stride, region in
            raster_blend(
                target, UInt32(targetStride), pixels, UInt32(stride), UInt32(region.x1 - region.x0),
                UInt32(region.y1 - region.y0), mode.raster, opacity)
        }
    }

    /// Runs `body` for each whole-pixel rectangle of `cr`'s clip within `box` and both surfaces,
    /// given the target's first pixel in it and the target's stride, the source's and its stride,
    /// and the rectangle; then marks the rectangle changed. False, having run nothing, when the
    /// target is not an ARGB32 image in memory on whole device pixels or the clip is not
    /// whole-pixel rectangles.
    private func forEachRegion(
        of source: OpaquePointer, offset: (x: Int, y: Int), within box: PixelBox, on cr: OpaquePointer,
        _ body: (UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<UInt8>, Int, PixelBox) -> Void
    ) -> Bool {
        guard let target = cairo_get_group_target(cr), Self.isPixelImage(target),
            let targetOffset = Self.wholeOffset(of: target), let rectangles = clipRectangles(within: box, on: cr)
        else { return false }
        let within = box.intersection(Self.deviceBox(of: source, offset: offset))
            .intersection(Self.deviceBox(of: target, offset: targetOffset))
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        let (sourcePixels, targetPixels) = (
            cairo_image_surface_get_data(source)!, cairo_image_surface_get_data(target)!
        )
        let sourceStride = Int(cairo_image_surface_get_stride(source))
        let targetStride = Int(cairo_image_surface_get_stride(target))
        for rectangle in rectangles {
            let region = rectangle.intersection(within)
            guard !region.isEmpty else { continue }
            body(
                targetPixels + (region.y0 + targetOffset.y) * targetStride + (region.x0 + targetOffset.x) * 4,
                targetStride, sourcePixels + (region.y0 + offset.y) * sourceStride + (region.x0 + offset.x) * 4,
                sourceStride, region)
            cairo_surface_mark_dirty_rectangle(
                target, Int32(region.x0 + targetOffset.x), Int32(region.y0 + targetOffset.y),
                Int32(region.x1 - region.x0), Int32(region.y1 - region.y0))
        }
        return true
    }

    /// Paints the group just drawn on `cr` onto its parent in `mode` at `opacity`: by the kernels
    /// where they stand in for Cairo, else as Cairo's operator (see `blend(_:opacity:on:)`).
    func popGroup(blending mode: BlendMode, opacity: Double, on cr: OpaquePointer) {
        guard let group = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(group) }
        var surface: OpaquePointer?
        if mode.hasKernel, cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            let offset = Self.wholeOffset(of: surface),
            blendWithKernels(
                surface, offset: offset, box: Self.deviceBox(of: surface, offset: offset), mode: mode,
                opacity: opacity, on: cr)
        {
            return
        }
        cairo_set_source(cr, group)
        blend(mode, opacity: opacity, on: cr)
    }

    /// Paints the source set on `cr` (an image surface) in the operator set on it at `alpha`: by
    /// the kernels when the operator is a blend mode they compute and the image lies on whole
    /// device pixels at its own size; else `cairo_paint_with_alpha`.
    func paintSource(alpha: Double, on cr: OpaquePointer) {
        if let mode = BlendMode(cairo: cairo_get_operator(cr)), mode.hasKernel,
            let (surface, offset) = wholePixelSource(on: cr),
            blendWithKernels(
                surface, offset: offset, box: Self.deviceBox(of: surface, offset: offset), mode: mode,
                opacity: alpha, on: cr)
        {
            return
        }
        cairo_paint_with_alpha(cr, alpha)
    }

    /// Paints the source set on `cr` (an image surface) through `matte` in the operator set on
    /// it: composited over in one pass of the matte's pixels by `raster_matte_over` when the
    /// operator is over and the image lies on whole device pixels at its own size; else masked
    /// by the matte's coverage.
    func paintSource(through matte: StraightMatte, on cr: OpaquePointer) {
        if cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, let (surface, offset) = wholePixelSource(on: cr),
            matteOver(surface, offset: offset, through: matte, on: cr)
        {
            return
        }
        guard let mask = matte.coverage() else { return }
        defer { cairo_pattern_destroy(mask) }
        // The mask's pixels are the device's: its pattern maps the user space there.
        var toDevice = cairo_matrix_t()
        cairo_get_matrix(cr, &toDevice)
        cairo_pattern_set_matrix(mask, &toDevice)
        cairo_mask(cr, mask)
    }

    /// Composites `source` (placed as in `blendWithKernels`) over `cr`'s target through `matte`,
    /// within the matte's reach and `cr`'s clip. False, having drawn nothing, when the clip is
    /// not whole-pixel rectangles or either surface is not ARGB32 in memory.
    private func matteOver(
        _ source: OpaquePointer, offset: (x: Int, y: Int), through matte: StraightMatte, on cr: OpaquePointer
    ) -> Bool {
        guard Self.isPixelImage(source, orOpaque: true) else { return false }
        let opaque: Int32 = cairo_image_surface_get_format(source) == CAIRO_FORMAT_RGB24 ? 1 : 0
        let picture = matte.matte.pictures.matte
        let box = matte.keeps.intersection(PixelBox(x0: 0, y0: 0, x1: picture.width, y1: picture.height))
        return forEachRegion(of: source, offset: offset, within: box, on: cr) {
            target, targetStride, pixels, stride, region in
            raster_matte_over(
                target, UInt32(targetStride), pixels, UInt32(stride), opaque,
                picture.pixels + region.y0 * picture.stride + region.x0 * 4, UInt32(picture.stride),
                UInt32(region.x1 - region.x0), UInt32(region.y1 - region.y0), matte.matte.mode.raster, matte.opacity)
        }
    }

    /// The image surface set as `cr`'s source and where it lies (as `blendWithKernels` takes it),
    /// when it lies on whole device pixels at its own size; else nil.
    private func wholePixelSource(on cr: OpaquePointer) -> (OpaquePointer, (x: Int, y: Int))? {
        var surface: OpaquePointer?
        var (matrix, placed) = (cairo_matrix_t(), cairo_matrix_t())
        guard cairo_pattern_get_surface(cairo_get_source(cr), &surface) == CAIRO_STATUS_SUCCESS, let surface,
            Self.isPixelImage(surface, orOpaque: true), let own = Self.wholeOffset(of: surface), own == (0, 0)
        else { return nil }
        cairo_get_matrix(cr, &matrix)
        cairo_pattern_get_matrix(cairo_get_source(cr), &placed)
        // The user space to the device's, and to the image's: at whole translations, the image lies
        // on whole device pixels.
        guard let toDevice = Self.wholeTranslation(matrix), let toImage = Self.wholeTranslation(placed) else {
            return nil
        }
        return (surface, (toImage.x - toDevice.x, toImage.y - toDevice.y))
    }

    /// `cr`'s clip within `box` as whole-pixel device rectangles; nil when it is not one.
    private func clipRectangles(within box: PixelBox, on cr: OpaquePointer) -> [PixelBox]? {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        box.clip(cr)
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var rectangles: [PixelBox] = []
        for index in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[index]
            guard r.x == r.x.rounded(), r.y == r.y.rounded(), r.width == r.width.rounded(),
                r.height == r.height.rounded(), abs(r.x) < 0x1p30, abs(r.y) < 0x1p30, r.width < 0x1p30,
                r.height < 0x1p30
            else { return nil }
            rectangles.append(
                PixelBox(x0: Int(r.x), y0: Int(r.y), x1: Int(r.x) + Int(r.width), y1: Int(r.y) + Int(r.height)))
        }
        return rectangles
    }

    /// The device pixels an image surface covers when its pixel x, y lies at device pixel
    /// x − offset.x, y − offset.y.
    private static func deviceBox(of surface: OpaquePointer, offset: (x: Int, y: Int)) -> PixelBox {
        PixelBox(
            x0: -offset.x, y0: -offset.y, x1: Int(cairo_image_surface_get_width(surface)) - offset.x,
            y1: Int(cairo_image_surface_get_height(surface)) - offset.y)
    }

    /// The whole-pixel move `matrix` makes when it only translates by whole pixels; else nil.
    private static func wholeTranslation(_ matrix: cairo_matrix_t) -> (x: Int, y: Int)? {
        guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0, matrix.x0 == matrix.x0.rounded(),
            matrix.y0 == matrix.y0.rounded(), abs(matrix.x0) < 0x1p30, abs(matrix.y0) < 0x1p30
        else { return nil }
        return (Int(matrix.x0), Int(matrix.y0))
    }

    /// Whether `surface` is an ARGB32 image in memory, as the kernels read and write, or with
    /// `orOpaque` also an RGB24 one (read as opaque).
    private static func isPixelImage(_ surface: OpaquePointer, orOpaque: Bool = false) -> Bool {
        let format = cairo_image_surface_get_format(surface)
        return cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
            && (format == CAIRO_FORMAT_ARGB32 || (orOpaque && format == CAIRO_FORMAT_RGB24))
            && cairo_image_surface_get_data(surface) != nil
    }

    /// The surface's device offset in whole pixels (what is added to a device pixel's place to
    /// find it in the surface); nil when it is not whole.
    private static func wholeOffset(of surface: OpaquePointer) -> (x: Int, y: Int)? {
        var (x, y) = (0.0, 0.0)
        cairo_surface_get_device_offset(surface, &x, &y)
        guard x == x.rounded(), y == y.rounded(), abs(x) < 0x1p30, abs(y) < 0x1p30 else { return nil }
        return (Int(x), Int(y))
    }
}

extension BlendMode {
    /// Whether the kernels composite the mode where Cairo would: every mode but the two pixman
    /// composites fast (normal, add).
    var hasKernel: Bool { self != .normal && self != .add }

    /// The kernels' name for the mode.
    var raster: raster_blend_mode {
        switch self {
        case .normal: RASTER_BLEND_NORMAL
        case .multiply: RASTER_BLEND_MULTIPLY
        case .screen: RASTER_BLEND_SCREEN
        case .overlay: RASTER_BLEND_OVERLAY
        case .darken: RASTER_BLEND_DARKEN
        case .lighten: RASTER_BLEND_LIGHTEN
        case .colorDodge: RASTER_BLEND_COLOR_DODGE
        case .colorBurn: RASTER_BLEND_COLOR_BURN
        case .hardLight: RASTER_BLEND_HARD_LIGHT
        case .softLight: RASTER_BLEND_SOFT_LIGHT
        case .difference: RASTER_BLEND_DIFFERENCE
        case .exclusion: RASTER_BLEND_EXCLUSION
        case .hue: RASTER_BLEND_HUE
        case .saturation: RASTER_BLEND_SATURATION
        case .color: RASTER_BLEND_COLOR
        case .luminosity: RASTER_BLEND_LUMINOSITY
        case .add: RASTER_BLEND_ADD
        }
    }

    /// The mode Cairo's operator `op` composites in, nil for an operator no mode uses.
    init?(cairo op: cairo_operator_t) {
        guard let mode = BlendMode.allCases.first(where: { $0.cairo == op }) else { return nil }
        self = mode
    }
}
