import CAnimatorABI
import CCairo
import Scene

extension Compositor {
    /// Paints the fill, the image and the text in the layer's own space, clipped to its rounded
    /// frame and to its mask. An inverted mask punches its shapes out of a group instead of
    /// clipping, since a clip cannot express "outside the union" for overlapping non-zero shapes.
    /// `alpha` scales every paint; `host` gives colours an `animate` step changed.
    func paintContents(
        of layer: anim_layer_t, host: HostLayerState, prepared: PreparedContent, transform: AffineTransform,
        alpha: Double, on cr: OpaquePointer
    ) {
        guard prepared.paintCount > 0 else { return }
        cairo_save(cr)
        var matrix = transform.cairoMatrix
        cairo_set_matrix(cr, &matrix)
        addRoundedRect(layer.localBounds, radius: layer.effectiveCornerRadius, to: cr)
        cairo_clip(cr)
        let mask = layer.mask
        let masked = mask.shape_count > 0
        if masked && mask.inverted == 0 {
            cairo_set_fill_rule(cr, mask.cairoFillRule)
            addMaskShapes(of: mask, to: cr)
            cairo_clip(cr)
        }
        let punched = masked && mask.inverted != 0
        if punched { cairo_push_group(cr) }
        let size = anim_size_t(width: layer.frame.width, height: layer.frame.height)
        let paintAlpha = punched ? 1 : alpha
        prepared.paintFill(on: cr, size: size, alpha: paintAlpha, color: host.fillColor)
        paintImage(of: prepared, in: size, alpha: paintAlpha, on: cr)
        prepared.text?.paint(width: size.width, height: size.height, alpha: paintAlpha, color: host.textColor, on: cr)
        if punched { punchOut(mask, alpha: alpha, on: cr) }
        cairo_restore(cr)
    }

    /// Places the image, the footage's current frame or the snapshot's picture by its gravity,
    /// sampled with Cairo's GOOD filter; padding the edges keeps the filter from fading the border
    /// into transparency.
    /// Drawn at less than a quarter of its size, an image is sampled from a smaller copy (see
    /// `ImagePyramid`), so the filter reads a few pixels per pixel drawn rather than every pixel
    /// of the source; a footage frame, shown for one frame or a few, is sampled as it is.
    private func paintImage(of prepared: PreparedContent, in frame: anim_size_t, alpha: Double, on cr: OpaquePointer) {
        let image = prepared.image
        let footageFrame = image == nil ? prepared.footage?.surface ?? prepared.snapshot?.surface : nil
        let imageSize: anim_size_t
        if let image {
            imageSize = anim_size_t(width: Double(image.width), height: Double(image.height))
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
        var source = footageFrame
        if let image {
            let level = imageScaling == .exact ? 0 : image.pyramid.level(drawnThrough: currentMatrix(of: cr))
            if level > 0 {
                // Level n's pixels are 2ⁿ of the image's across; past an odd edge it overhangs the clip.
                let across = Double(1 << level)
                cairo_scale(cr, across, across)
            }
            source = prepared.imageSurface(level: level)
        }
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cr, alpha)
        cairo_restore(cr)
    }

    private func currentMatrix(of cr: OpaquePointer) -> cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        return matrix
    }

    /// Clears the mask's shapes from the group holding the contents, then composites the rest.
    func punchOut(_ mask: anim_mask_t, alpha: Double, on cr: OpaquePointer) {
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
        cairo_set_fill_rule(cr, mask.cairoFillRule)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        addMaskShapes(of: mask, to: cr)
        cairo_fill(cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }
}
