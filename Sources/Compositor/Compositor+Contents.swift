import CAnimatorABI
import CCairo
import CRaster
import Footage
import Foundation
import Scene
import ShapeGeometry

extension Compositor {
    /// Paints the fill, the image and the text of layer `index` in its own space through its
    /// rounded frame and its mask (the mask stage, `masking`). `alpha` scales every paint; the
    /// colours an `animate` step changed come from the layer's host state.
    func paintContents(
        of layer: anim_layer_t, index: Int, transform: AffineTransform, alpha: Double, on cr: OpaquePointer
    ) {
        let content = self.prepared[index]
        guard content.paintCount > 0 else { return }
        let host = self.host[index]
        let size = anim_size_t(width: layer.frame.width, height: layer.frame.height)
        masking(layer, index: index, transform: transform, bounds: true, alpha: alpha, on: cr) { alpha in
            content.paintFill(on: cr, size: size, alpha: alpha, color: host.fillColor)
            paintImage(of: content, in: size, alpha: alpha, on: cr)
            if let shape = content.content.shape, !content.shapePaths.isEmpty {
                let paths = ShapeContent.changed(content.shapePaths, by: host)
                paintShape(
                    paths, base: content.shapePaths, trim: shape.trim, index: index, size: size, alpha: alpha, on: cr)
            }
            content.text?.paint(width: size.width, height: size.height, alpha: alpha, host: host, on: cr)
        }
    }

    /// Places the image, the footage's current frame or the snapshot's picture by its gravity,
    /// sampled with Cairo's GOOD filter; padding the edges keeps the filter from fading the border
    /// into transparency.
    /// Drawn at less than a quarter of its size, an image is sampled from a smaller copy (see
    /// `ImagePyramid`), so the filter reads a few pixels per pixel drawn rather than every pixel
    /// of the source, and without rotation or skew it is averaged by `paintAreaAveraged` rather
    /// than by pixman's general convolution; a footage frame, shown for one frame or a few, is
    /// sampled as it is, or in a draft render converted smaller (`smallerFootage`).
    private func paintImage(of prepared: PreparedContent, in frame: anim_size_t, alpha: Double, on cr: OpaquePointer) {
        if let svg = prepared.svg {
            return paintSVG(svg, gravity: prepared.content.gravity, in: frame, alpha: alpha, on: cr)
        }
        if let lottie = prepared.lottie {
            return paintLottie(lottie, gravity: prepared.content.gravity, in: frame, alpha: alpha, on: cr)
        }
        let image = prepared.image
        let shown = image == nil ? prepared.footage?.frame : nil
        var footageFrame = image == nil && shown == nil ? prepared.snapshot?.surface : nil
        let imageSize: anim_size_t
        if let image {
            imageSize = anim_size_t(width: Double(image.width), height: Double(image.height))
        } else if let shown {
            imageSize = anim_size_t(width: Double(shown.width), height: Double(shown.height))
        } else if let footageFrame {
            imageSize = anim_size_t(
                width: Double(cairo_image_surface_get_width(footageFrame)),
                height: Double(cairo_image_surface_get_height(footageFrame)))
        } else {
            return
        }
        let place = prepared.content.gravity.placement(of: imageSize, in: frame)
        cairo_save(cr)
        cairo_rectangle(cr, place.x, place.y, place.width, place.height)
        cairo_clip(cr)
        cairo_translate(cr, place.x, place.y)
        cairo_scale(cr, place.width / imageSize.width, place.height / imageSize.height)
        if let shown, let footage = prepared.footage {
            footageFrame = smallerFootage(footage, shown: shown, on: cr) ?? footage.surface
        }
        var source = footageFrame
        if let image {
            let level = imageScaling == .exact ? 0 : image.pyramid.level(drawnThrough: currentMatrix(of: cr))
            if level > 0 && pictureMatte == nil {
                // Level n's pixels are 2ⁿ of the image's across; past an odd edge it overhangs the clip.
                let across = Double(1 << level)
                cairo_scale(cr, across, across)
                if paintAreaAveraged(image.pyramid.level(level), alpha: alpha, on: cr) { return cairo_restore(cr) }
            }
            source = prepared.imageSurface(level: level)
        }
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        paintPicture(alpha: alpha, on: cr)
        cairo_restore(cr)
    }

    /// Paints the picture set as `cr`'s source: through `pictureMatte` when one is set, else at
    /// `alpha` in the operator set (by the blend kernels where they stand in for Cairo).
    private func paintPicture(alpha: Double, on cr: OpaquePointer) {
        if let pictureMatte {
            paintSource(through: pictureMatte, on: cr)
        } else {
            paintSource(alpha: alpha, on: cr)
        }
    }

    /// In a draft render (a scale below 1), a video frame drawn
    /// smaller on both axes, neither turned, skewed nor flipped, is converted at the size it is
    /// drawn at in the one libswscale pass that converts it (`FootageFrame.scaled`): neither the
    /// full-size conversion nor pixman's filter over every pixel of it is paid. The matrix is set
    /// to draw that copy over the same place; nil, with the matrix unchanged, otherwise.
    private func smallerFootage(_ footage: PreparedFootage, shown: FootageFrame, on cr: OpaquePointer) -> OpaquePointer?
    {
        guard scale < 1 else { return nil }
        let matrix = currentMatrix(of: cr)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0, matrix.xx < 1, matrix.yy < 1 else {
            return nil
        }
        let width = max(1, Int((Double(shown.width) * matrix.xx).rounded()))
        let height = max(1, Int((Double(shown.height) * matrix.yy).rounded()))
        guard let surface = footage.scaledSurface(width: width, height: height) else { return nil }
        let (across, down) = (Double(shown.width) / Double(width), Double(shown.height) / Double(height))
        if abs(matrix.xx * across - 1) < 1e-9, abs(matrix.yy * down - 1) < 1e-9 {
            // Drawn at a whole size: one pixel of the copy to one of the device, which pixman copies.
            var unit = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: matrix.x0, y0: matrix.y0)
            cairo_set_matrix(cr, &unit)
        } else {
            // Drawn at a fractional size, the copy is stretched over exactly that, not shifted.
            cairo_scale(cr, across, down)
        }
        return surface
    }

    /// Paints `level`, whose pixels reach the device through the current matrix without rotation
    /// or skew, as Cairo's GOOD filter would (each device pixel the mean of the level's pixels
    /// under it, the edges padded) but at the cost of the pixels drawn: the level is averaged into
    /// an image of the device pixels the clip spans (`raster_resample_area`), which is painted at
    /// whole-pixel coordinates through the same clip, so the edges' coverage is unchanged. False,
    /// having drawn nothing, for a matrix that rotates, skews or flips, or when memory runs out.
    private func paintAreaAveraged(_ level: ImagePyramid.Level, alpha: Double, on cr: OpaquePointer) -> Bool {
        let matrix = currentMatrix(of: cr)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0, matrix.xx.isFinite, matrix.yy.isFinite
        else { return false }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        var (left, top, right, bottom) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &left, &top, &right, &bottom)
        let (x, y) = (left.rounded(.down), top.rounded(.down))
        let (width, height) = (right.rounded(.up) - x, bottom.rounded(.up) - y)
        guard width >= 1, height >= 1 else { return true }
        guard width <= 32767, height <= 32767, abs(x) < 0x1p30, abs(y) < 0x1p30 else { return false }
        let averaged = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(averaged) }
        guard cairo_surface_status(averaged) == CAIRO_STATUS_SUCCESS,
            let pixels = cairo_image_surface_get_data(averaged)
        else { return false }
        let status = raster_resample_area(
            level.pixels, UInt32(level.stride), UInt32(level.width), UInt32(level.height),
            pixels, UInt32(cairo_image_surface_get_stride(averaged)), UInt32(width), UInt32(height),
            (x - matrix.x0) / matrix.xx, 1 / matrix.xx, (y - matrix.y0) / matrix.yy, 1 / matrix.yy)
        guard status == 0 else { return false }
        cairo_surface_mark_dirty(averaged)
        cairo_set_source_surface(cr, averaged, x, y)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint_with_alpha(cr, alpha)
        return true
    }

    /// Draws the document as vectors through the layer's transform, placed by its own size (the
    /// frame's when it has none) and its gravity: every edge is drawn at the device's pixels, as
    /// sharp at `--scale 2` as at 1.
    private func paintSVG(
        _ svg: SVGDocument, gravity: Gravity, in frame: anim_size_t, alpha: Double, on cr: OpaquePointer
    ) {
        let own = svg.size.map { anim_size_t(width: $0.width, height: $0.height) } ?? frame
        let place = gravity.placement(of: own, in: frame)
        // A scale of zero or one that is not finite would leave the context in an error state
        // that keeps every later layer of the frame from being drawn.
        guard Self.drawable(place, from: own) else { return }
        cairo_save(cr)
        cairo_rectangle(cr, place.x, place.y, place.width, place.height)
        cairo_clip(cr)
        let faded = alpha < 1
        if faded { cairo_push_group(cr) }
        cairo_translate(cr, place.x, place.y)
        cairo_scale(cr, place.width / own.width, place.height / own.height)
        svg.draw(width: own.width, height: own.height, on: cr)
        if faded {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// Draws the animation's current frame, rendered at the pixel size its place covers on the
    /// device (the animation's aspect ratio, the larger of the two scales), so it is drawn about
    /// one to one: a layer exactly the animation's size at whole-pixel coordinates shows rlottie's
    /// pixels unchanged.
    private func paintLottie(
        _ lottie: PreparedLottie, gravity: Gravity, in frame: anim_size_t, alpha: Double, on cr: OpaquePointer
    ) {
        let own = anim_size_t(width: Double(lottie.document.width), height: Double(lottie.document.height))
        let place = gravity.placement(of: own, in: frame)
        guard Self.drawable(place, from: own) else { return }
        let matrix = currentMatrix(of: cr)
        let across = (matrix.xx * matrix.xx + matrix.yx * matrix.yx).squareRoot() * place.width / own.width
        let down = (matrix.xy * matrix.xy + matrix.yy * matrix.yy).squareRoot() * place.height / own.height
        let scale = max(across, down)
        guard scale.isFinite, scale > 0 else { return }
        let largest = Double(PreparedLottie.largestSide)
        let width = Int(min(max((own.width * scale).rounded(), 1), largest))
        let height = Int(min(max((own.height * scale).rounded(), 1), largest))
        let surface = lottie.surface(width: width, height: height)
        cairo_save(cr)
        cairo_rectangle(cr, place.x, place.y, place.width, place.height)
        cairo_clip(cr)
        cairo_translate(cr, place.x, place.y)
        cairo_scale(cr, place.width / Double(width), place.height / Double(height))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        paintPicture(alpha: alpha, on: cr)
        cairo_restore(cr)
    }

    /// True when `own` drawn into `place` scales by finite factors above zero both ways.
    private static func drawable(_ place: anim_rect_t, from own: anim_size_t) -> Bool {
        let factors = [place.width / own.width, place.height / own.height, place.x, place.y]
        return factors.allSatisfy(\.isFinite) && factors[0] > 0 && factors[1] > 0
    }

    private func currentMatrix(of cr: OpaquePointer) -> cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        return matrix
    }

    /// Clears the mask's shapes and paths from the group holding the contents, then composites
    /// the rest.
    func punchOut(_ mask: anim_mask_t, paths: [BezierPath], alpha: Double, on cr: OpaquePointer) {
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
        cairo_set_fill_rule(cr, mask.cairoFillRule)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_new_path(cr)
        addMaskShapes(of: mask, to: cr)
        for path in paths { addPath(path, to: cr) }
        cairo_fill(cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// A feathered mask: its shapes and paths drawn into an alpha surface over the group's clip
    /// (device pixels), blurred with a sigma of half the feather (a shadow's, at the device's
    /// scale), then the group kept where it is (or, inverted, where it is not) by that alpha.
    func featherOut(
        _ mask: anim_mask_t, paths: LayerMaskPaths, transform: AffineTransform, alpha: Double, on cr: OpaquePointer
    ) {
        var (x0, y0, x1, y1): (Double, Double, Double, Double) = (0, 0, 0, 0)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let (left, top) = (floor(x0), floor(y0))
        let (width, height) = (Int32(ceil(x1) - left), Int32(ceil(y1) - top))
        if width > 0, height > 0, width <= 32767, height <= 32767,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)
        {
            let drawing = cairo_create(surface)!
            cairo_translate(drawing, -left, -top)
            var matrix = transform.cairoMatrix
            cairo_transform(drawing, &matrix)
            cairo_set_fill_rule(drawing, mask.cairoFillRule)
            addMaskShapes(of: mask, to: drawing)
            for path in paths.paths { addPath(path, to: drawing) }
            cairo_fill(drawing)
            cairo_destroy(drawing)
            // The layer's units to device pixels: the geometric mean of the two axes' factors.
            let units = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
            blurAlpha(surface, sigma: ShadowMask.sigma(radius: paths.feather * units))
            cairo_set_operator(cr, mask.inverted != 0 ? CAIRO_OPERATOR_DEST_OUT : CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_surface(cr, surface, left, top)
            cairo_paint(cr)
            cairo_surface_destroy(surface)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }
}
