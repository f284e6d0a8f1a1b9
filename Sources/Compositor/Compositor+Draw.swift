import CAnimatorABI
import CCairo
import CRaster
import Foundation
import Scene

/// The one sequence every layer is drawn by (`drawLayer`): its content and sublayers, its
/// effects, its mask, the matte, its opacity (one group, or an alpha on its single paint), its
/// shadow, its projection, and its compositing onto its parent. Where the layer's picture goes
/// (`LayerRoute`) decides which stages apply; the stages themselves are written once.
extension Compositor {
    /// One layer, then its sublayers over it, by the route its state gives (`route(of:flat:unfiltered:)`),
    /// its backdrop filtered first when it has backdrop filters. `nested` says a parent's group or
    /// clip is open, which a replacement must be painted through. `flat` draws a turned layer in
    /// its own plane (into the picture its projection maps), its filters applied but not its
    /// backdrop filters (nothing lies behind it there); `unfiltered` draws a layer in its own plane
    /// as it is before its effects (into the picture they effect, or a snapshot's).
    func drawSubtree(
        _ index: Int, of layers: [anim_layer_t], replacing replacements: [Replacement], nested: Bool,
        flat: Bool = false, unfiltered: Bool = false, on cr: OpaquePointer, frame: FrameBuffer
    ) -> PixelBox {
        if isDrawnOnlyAsMatte(index) { return .empty }
        if let replacement = replacements.first(where: { $0.index == index }) {
            if nested { replacement.paint(on: cr) } else { replacement.composite(over: frame) }
            return .whole(width: frame.width, height: frame.height)
        }
        let route = route(of: index, flat: flat, unfiltered: unfiltered)
        let readsBackdrop =
            route != .projected && !flat && !unfiltered && effects != nil && !contents[index].backdropEffects.isEmpty
        let behind = readsBackdrop ? drawBackdrop(index, of: layers, on: cr) : .empty
        return behind.union(drawLayer(index, route: route, of: layers, replacing: replacements, on: cr, frame: frame))
    }

    /// Where layer `index` is drawn: projected when it is turned (unless drawn in its own plane),
    /// through a picture when it has filters and effects run, straight onto its parent otherwise.
    private func route(of index: Int, flat: Bool, unfiltered: Bool) -> LayerRoute {
        if host[index].isTurned && !flat && !unfiltered { return .projected }
        if !unfiltered && effects != nil && !contents[index].effects.isEmpty { return .filtered }
        return .direct
    }

    /// The draw sequence of layer `index` and its sublayers along `route`; returns the box of
    /// pixels it could change.
    private func drawLayer(
        _ index: Int, route: LayerRoute, of layers: [anim_layer_t], replacing replacements: [Replacement],
        on cr: OpaquePointer, frame: FrameBuffer
    ) -> PixelBox {
        let layer = layers[index]
        let world = worlds[index].scaled(by: scale)
        // What cannot show draws nothing, its sublayers with it.
        guard layer.hidden == 0, layer.opacity > 0, layer.opacity.isFinite, world.isUsable else { return .empty }
        let source: LayerSource
        switch route {
        case .direct where tree.hasSublayers(index):
            source = .sublayers(world)
        case .direct:
            guard let own = contentsSource(of: layer, index: index, transform: world, frame: frame) else {
                return .empty
            }
            source = own
        case .filtered:
            guard let picture = filteredPicture(index, of: layers, world: world, frame: frame) else { return .empty }
            source = .picture(picture)
        case .projected:
            guard let picture = projectedPicture(index, of: layers, world: world, frame: frame) else { return .empty }
            source = .picture(picture)
        }
        return composite(source, of: layer, index: index, in: layers, replacing: replacements, on: cr, frame: frame)
    }

    /// The layer's own contents painted in place through `transform` (its map to device pixels),
    /// with the shadow of its shape made for `frame`'s pixels; nil when it draws nothing.
    private func contentsSource(
        of layer: anim_layer_t, index: Int, transform: AffineTransform, frame: FrameBuffer
    ) -> LayerSource? {
        guard layer.isDrawable, transform.isUsable else { return nil }
        let shadow = shadows.mask(
            for: layer.shadowScaled(by: scale), transform: transform, slot: index,
            surfaceWidth: frame.width, surfaceHeight: frame.height)
        return .contents(transform, shadow: shadow)
    }

    /// Opacity, shadow, mask, matte and compositing onto the parent, for what `source` paints of
    /// `layer` (layer `index`'s state; `layers` all of them, the sublayers drawn from it), in the
    /// layer's blend mode; a matted layer is drawn into a picture of its own first, which the
    /// matte cuts (`compositeMatted`). Returns the box of pixels it could change.
    private func composite(
        _ source: LayerSource, of layer: anim_layer_t, index: Int, in layers: [anim_layer_t],
        replacing replacements: [Replacement], on cr: OpaquePointer, frame: FrameBuffer
    ) -> PixelBox {
        if isMatted(index) {
            return withMattePictures(for: frame) { pictures in
                guard let matte = matte(of: index, in: layers, into: pictures) else { return .empty }
                return compositeMatted(
                    source, of: layer, index: index, in: layers, replacing: replacements, through: matte, on: cr,
                    frame: frame)
            }
        }
        return composite(
            source, of: layer, index: index, in: layers, replacing: replacements, mode: contents[index].blendMode,
            on: cr, frame: frame)
    }

    /// `composite` without a matte, in `mode`.
    /// Below full opacity or with a blend mode, a layer that paints more than once goes through
    /// one group so its parts fade and blend together; a single paint takes the opacity and the
    /// blend mode directly (the same pixels: a group of one paint over nothing is that paint),
    /// sparing a group the size of the layer.
    func composite(
        _ source: LayerSource, of layer: anim_layer_t, index: Int, in layers: [anim_layer_t],
        replacing replacements: [Replacement], mode: BlendMode, on cr: OpaquePointer, frame: FrameBuffer
    ) -> PixelBox {
        // Pixman's hue, saturation, color and luminosity misread a source painted through a mask
        // (an alpha, a stroke's coverage): a layer in one is always a group, painted unmasked.
        let unmasked = mode.isNonSeparable
        let grouped =
            unmasked || ((layer.opacity < 1 || mode != .normal) && source.paints(of: layer, prepared[index]) > 1)
        let alpha = grouped ? 1 : min(layer.opacity, 1)
        cairo_save(cr)
        if grouped {
            if case .contents(let transform, let shadow) = source {
                clip(to: transform.boundingBox(of: layer.localBounds), and: shadow?.extents, on: cr)
            }
            cairo_push_group(cr)
        } else {
            blend(mode, on: cr)
        }
        let shadow = castShadow(of: source, layer: layer, alpha: alpha, on: cr)
        var drawnOver = PixelBox.empty
        switch source {
        case .contents(let transform, _):
            paintContents(of: layer, index: index, transform: transform, alpha: alpha, on: cr)
            drawnOver = covering(union(transform.boundingBox(of: layer.localBounds), shadow), in: frame)
        case .sublayers(let transform):
            var opaque = layer
            opaque.opacity = 1
            if let own = contentsSource(of: opaque, index: index, transform: transform, frame: frame) {
                drawnOver = composite(
                    own, of: opaque, index: index, in: layers, replacing: [], mode: .normal, on: cr, frame: frame)
            }
            masking(
                layer, index: index, transform: transform, bounds: tree.masksToBounds[index], alpha: 1, on: cr
            ) { _ in
                cairo_identity_matrix(cr)
                drawnOver = drawnOver.union(
                    drawSublayers(of: index, in: layers, replacing: replacements, on: cr, frame: frame))
            }
        case .picture(let picture):
            paint(picture, of: layer, index: index, alpha: alpha, on: cr)
            drawnOver = picture.box(with: shadow, in: frame)
        }
        if grouped { popGroup(blending: mode, opacity: layer.opacity, on: cr) }
        cairo_restore(cr)
        return drawnOver
    }

    /// The shadow stage: the shadow of what `source` paints, faded by `alpha`, beneath it; returns
    /// the device box it covers, nil when there is none. A layer's contents cast the shadow made
    /// from their shape, a picture the shadow of its alpha; a layer's sublayers cast none of its.
    private func castShadow(of source: LayerSource, layer: anim_layer_t, alpha: Double, on cr: OpaquePointer)
        -> anim_rect_t?
    {
        switch source {
        case .contents(_, let shadow?):
            let color = layer.shadow.color
            shadow.draw(
                color: anim_color_t(
                    r: color.r, g: color.g, b: color.b, a: color.a * min(layer.shadow.opacity, 1) * alpha),
                on: cr)
            return shadow.extents
        case .contents, .sublayers:
            return nil
        case .picture(let picture):
            return paintShadow(
                of: picture.image, within: picture.within, layer: layer, through: picture.toDevice, alpha: alpha,
                on: cr)
        }
    }

    /// A layer's picture painted through its mask (unless the picture holds it already),
    /// `alpha` fading it.
    private func paint(_ picture: LayerPicture, of layer: anim_layer_t, index: Int, alpha: Double, on cr: OpaquePointer)
    {
        var shown = layer
        let ownMask = host[index].mask
        if picture.holdsMask {
            shown.mask = anim_mask_t()
            host[index].mask = LayerMaskPaths()
        }
        defer { host[index].mask = ownMask }
        masking(shown, index: index, transform: picture.maskTransform, bounds: false, alpha: alpha, on: cr) { alpha in
            if let box = picture.clip {
                cairo_identity_matrix(cr)
                cairo_rectangle(cr, Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
                cairo_clip(cr)
            }
            var toDevice = picture.toDevice.cairoMatrix
            cairo_set_matrix(cr, &toDevice)
            cairo_set_source_surface(cr, picture.image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), picture.filter)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// The layer's shadow, cast from the alpha of `box` of the picture (the rest of it is
    /// transparent): blurred by its radius, offset, in its colour; returns the device box it
    /// covers, nil when there is none.
    private func paintShadow(
        of picture: FrameBuffer, within box: PixelBox, layer: anim_layer_t, through pictureToDevice: AffineTransform,
        alpha: Double, on cr: OpaquePointer
    ) -> anim_rect_t? {
        let shadow = layer.shadowScaled(by: scale).shadow
        guard shadow.opacity > 0, shadow.color.a > 0, shadow.radius.isFinite, shadow.offset.x.isFinite,
            shadow.offset.y.isFinite, !box.isEmpty
        else { return nil }
        let sigma = ShadowMask.sigma(radius: shadow.radius)
        let spread = Int(raster_blur_extent(sigma))
        let width = box.x1 - box.x0 + 2 * spread
        let height = box.y1 - box.y0 + 2 * spread
        let mask: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(mask)
        let stride = Int(cairo_image_surface_get_stride(mask))
        let alphaBytes = cairo_image_surface_get_data(mask)!
        cairo_surface_flush(picture.surface)
        for y in box.y0..<box.y1 {
            let source = picture.pixels + y * picture.stride + box.x0 * 4
            let row = alphaBytes + (y - box.y0 + spread) * stride + spread
            for x in 0..<(box.x1 - box.x0) { row[x] = source[x * 4 + 3] }
        }
        var scratch = [UInt32](repeating: 0, count: raster_blur_scratch_count(Int32(width), Int32(height)))
        raster_blur_a8(alphaBytes, Int32(width), Int32(height), Int32(stride), sigma, &scratch)
        cairo_surface_mark_dirty(mask)
        let color = shadow.color
        cairo_save(cr)
        // The offset applies in device pixels, after the layer's transform.
        let toDevice = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: shadow.offset.x, ty: shadow.offset.y)
            .concatenating(pictureToDevice)
            .concatenating(
                AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(box.x0 - spread), ty: Double(box.y0 - spread)))
        var matrix = toDevice.cairoMatrix
        cairo_set_matrix(cr, &matrix)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * min(shadow.opacity, 1) * alpha)
        cairo_mask_surface(cr, mask, 0, 0)
        cairo_restore(cr)
        return toDevice.boundingBox(of: anim_rect_t(x: 0, y: 0, width: Double(width), height: Double(height)))
    }

    /// The mask stage: `paint` draws through the layer's rounded frame (when `bounds`) and its
    /// mask, in the layer's coordinates through `transform` (the matte follows, on the whole
    /// layer: see `composite`). An inverted mask punches its shapes out of a group instead of
    /// clipping, since a clip cannot express "outside the union" for overlapping non-zero shapes;
    /// `paint` is told the alpha to paint at.
    func masking(
        _ layer: anim_layer_t, index: Int, transform: AffineTransform, bounds: Bool, alpha: Double,
        on cr: OpaquePointer, _ paint: (Double) -> Void
    ) {
        cairo_save(cr)
        clip(to: layer, index: index, transform: transform, bounds: bounds, on: cr)
        let mask = layer.mask
        let paths = host[index].mask
        let masked = mask.shape_count > 0 || !paths.paths.isEmpty
        let punched = masked && (mask.inverted != 0 || paths.feather > 0)
        if punched { cairo_push_group(cr) }
        paint(punched ? 1 : alpha)
        if punched {
            var matrix = transform.cairoMatrix
            cairo_set_matrix(cr, &matrix)
            if paths.feather > 0 {
                featherOut(mask, paths: paths, transform: transform, alpha: alpha, on: cr)
            } else {
                punchOut(mask, paths: paths.paths, alpha: alpha, on: cr)
            }
        }
        cairo_restore(cr)
    }

    /// Clips `cr` to the layer's rounded frame (when `bounds`) and, unless it is inverted or
    /// feathered (applied after painting), its mask, leaving the matrix at `transform`, the
    /// layer's coordinates.
    func clip(to layer: anim_layer_t, index: Int, transform: AffineTransform, bounds: Bool, on cr: OpaquePointer) {
        var matrix = transform.cairoMatrix
        cairo_set_matrix(cr, &matrix)
        if bounds {
            addRoundedRect(layer.localBounds, radius: layer.effectiveCornerRadius, to: cr)
            cairo_clip(cr)
        }
        let mask = layer.mask
        let paths = host[index].mask
        if (mask.shape_count > 0 || !paths.paths.isEmpty) && mask.inverted == 0 && paths.feather <= 0 {
            cairo_set_fill_rule(cr, mask.cairoFillRule)
            addMaskShapes(of: mask, to: cr)
            for path in paths.paths { addPath(path, to: cr) }
            cairo_clip(cr)
        }
    }

    /// The operator a layer's group (or, when it needs none, its single paint) is composited onto
    /// its parent with in `mode`. `normal` keeps OVER, the operator its parent's drawing already has.
    func blend(_ mode: BlendMode, on cr: OpaquePointer) {
        if mode != .normal { cairo_set_operator(cr, mode.cairo) }
    }

    /// Paints the source (a layer's group or picture) onto the parent in `mode` at `opacity`; a
    /// non-separable mode below full opacity through `blendFaded`.
    func blend(_ mode: BlendMode, opacity: Double, on cr: OpaquePointer) {
        if mode.isNonSeparable && opacity < 1 {
            blendFaded(mode, opacity: opacity, on: cr)
        } else {
            blend(mode, on: cr)
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Paints the source (a layer's group, in a non-separable mode) blended at `opacity`:
    /// what lies under it, with the group blended over it at full strength, laid over what lies
    /// under at `opacity` — (1 − a)·under + a·blended, the spec's result for a source of alpha a,
    /// without the masked paint pixman's non-separable modes misread.
    private func blendFaded(_ mode: BlendMode, opacity: Double, on cr: OpaquePointer) {
        guard let picture = cairo_pattern_reference(cairo_get_source(cr)) else { return }
        defer { cairo_pattern_destroy(picture) }
        let under: OpaquePointer = cairo_get_group_target(cr)
        cairo_save(cr)
        cairo_push_group(cr)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, under, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        // The group's pattern is placed for the matrix it was made under, in force again.
        cairo_set_source(cr, picture)
        blend(mode, on: cr)
        cairo_paint(cr)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }

    /// The pixels of `frame` a layer reaching `rect` (device space) can touch; notes in
    /// `drawnBeyond` a reach past the frame's edge.
    func covering(_ rect: anim_rect_t, in frame: FrameBuffer) -> PixelBox {
        if !(rect.x >= 0) { drawnBeyond.insert(.left) }
        if !(rect.y >= 0) { drawnBeyond.insert(.top) }
        if !(rect.x + rect.width <= Double(frame.width)) { drawnBeyond.insert(.right) }
        if !(rect.y + rect.height <= Double(frame.height)) { drawnBeyond.insert(.bottom) }
        return PixelBox(covering: rect, width: frame.width, height: frame.height)
    }

    /// Limits a group to the pixels the layer can touch (whole pixels, so the clip is not blended).
    private func clip(to frame: anim_rect_t, and shadow: anim_rect_t?, on cr: OpaquePointer) {
        let box = union(frame, shadow)
        let left = floor(box.x)
        let top = floor(box.y)
        cairo_rectangle(cr, left, top, ceil(box.x + box.width) - left, ceil(box.y + box.height) - top)
        cairo_clip(cr)
    }
}

/// Where a layer's picture goes, which decides the stages of the draw sequence that apply.
enum LayerRoute {
    /// Straight onto the parent: its contents painted in place, its sublayers over them.
    case direct
    /// Into an offscreen picture in its own plane, which its filters run on (`filteredPicture`).
    case filtered
    /// Into a flat picture of its own plane, filtered, projected through its turn (`projectedPicture`).
    case projected
}

/// What the compositing stage puts onto the parent.
enum LayerSource {
    /// The layer's own contents painted in place through the transform, its shadow the one made
    /// from its shape.
    case contents(AffineTransform, shadow: ShadowMask?)
    /// The layer's contents at full opacity, then its sublayers through its clip and mask,
    /// faded together by its opacity (Core Animation's group opacity).
    case sublayers(AffineTransform)
    /// A picture of the layer, its shadow cast from the picture's alpha.
    case picture(LayerPicture)

    /// How many times it paints onto the parent's surface: more than once, it fades in a group.
    func paints(of layer: anim_layer_t, _ prepared: PreparedContent) -> Int {
        switch self {
        case .contents(_, let shadow): (shadow == nil ? 0 : 1) + prepared.paintCount
        case .sublayers: Int.max
        case .picture: layer.shadow.opacity > 0 ? 2 : 1
        }
    }
}

/// A layer drawn into a picture of its own (filtered, or projected), and how it goes onto the frame.
struct LayerPicture {
    let image: FrameBuffer
    /// The picture's pixels to the device's.
    let toDevice: AffineTransform
    /// The pixels of the picture the layer can hold, whose alpha casts its shadow.
    let within: PixelBox
    /// The device pixels the picture is painted into, when only those are (else all it covers).
    let clip: PixelBox?
    /// How the picture is sampled.
    let filter: cairo_filter_t
    /// The layer's own coordinates to the device's, where its mask is applied; nil when the
    /// picture holds the mask already.
    let layerToDevice: AffineTransform?

    var holdsMask: Bool { layerToDevice == nil }
    var maskTransform: AffineTransform { layerToDevice ?? toDevice }

    /// The box of `frame`'s pixels the picture and its `shadow` (device space) could change.
    func box(with shadow: anim_rect_t?, in frame: FrameBuffer) -> PixelBox {
        if let clip {
            return clip.union(shadow.map { PixelBox(covering: $0, width: frame.width, height: frame.height) } ?? .empty)
        }
        let whole = anim_rect_t(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        return PixelBox(
            covering: union(toDevice.boundingBox(of: whole), shadow), width: frame.width, height: frame.height)
    }
}

extension BlendMode {
    /// Whether the mode mixes the colours as wholes (hue, saturation, color, luminosity) rather
    /// than channel by channel.
    var isNonSeparable: Bool { [.hue, .saturation, .color, .luminosity].contains(self) }

    /// Cairo's operator for the mode: its blend operators are W3C Compositing and Blending's
    /// (source-over with the mode's mixing, pixman's arithmetic); add is ADD.
    var cairo: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .add: CAIRO_OPERATOR_ADD
        }
    }
}
