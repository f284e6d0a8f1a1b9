import CAnimatorABI
import CCairo
import Scene

extension Compositor {
    /// The topmost top-level layer that hides every pixel below it in this frame, or nil: a layer
    /// without sublayers, fully opaque, unfiltered, unmasked, with square corners and not turned,
    /// whose footage frame has no alpha (`FootageFrame.isOpaque`) and covers the whole frame
    /// through a transform that neither rotates nor skews. Drawing starts there, over no
    /// background: the layers below and the background could not change a byte. Only layers at
    /// or above `lowest` count (those below are restored whole from a static image instead). A
    /// layer `replacements` replace draws as its replacement's image, not its footage: it covers
    /// nothing (a mix's output may be translucent where its other layer is).
    func topmostCovering(
        _ layers: [anim_layer_t], from lowest: Int, skipping replacements: [Replacement] = [], width: Int, height: Int
    ) -> Int? {
        var index = layers.count - 1
        while index >= lowest {
            if tree.parents[index] == nil && !replacements.contains(where: { $0.index == index })
                && covers(layers[index], index: index, width: width, height: height)
            {
                return index
            }
            index -= 1
        }
        return nil
    }

    /// The largest box of frame pixels that one top-level layer from `first` up paints opaque
    /// whatever lies below it, so what a static image holds there need not be copied in first:
    /// an opaque image at full opacity, unfiltered, without sublayers, square-cornered, neither
    /// turned, rotated nor skewed, inside its bounds and its one mask shape (a rectangle, circle
    /// or ellipse: the rectangle inside it), two pixels in from every edge, where antialiasing and
    /// the image's filter reach. The search stops at a layer that reads what lies behind it (a
    /// backdrop filter or a blend mode would read the pixels not copied). A replaced layer
    /// covers nothing.
    func sparedBox(
        _ layers: [anim_layer_t], from first: Int, skipping replacements: [Replacement], width: Int, height: Int
    ) -> PixelBox {
        var best = PixelBox.empty
        for index in first..<layers.count {
            if !contents[index].backdropEffects.isEmpty || contents[index].blendMode != .normal { break }
            if isDrawnOnlyAsMatte(index) { continue }
            guard tree.parents[index] == nil, !replacements.contains(where: { $0.index == index }),
                let box = opaqueBox(layers[index], index: index, width: width, height: height),
                box.area > best.area
            else { continue }
            best = box
        }
        return best
    }

    /// The pixels layer `index` paints opaque whatever lies below (see `sparedBox`), or nil.
    private func opaqueBox(_ layer: anim_layer_t, index: Int, width: Int, height: Int) -> PixelBox? {
        let content = prepared[index]
        guard !tree.hasSublayers(index), !isMatted(index), layer.isDrawable, layer.opacity >= 1,
            layer.effectiveCornerRadius == 0,
            !host[index].isTurned, !(effects != nil && contents[index].hasEffects), let image = content.image,
            image.isOpaque
        else { return nil }
        let transform = worlds[index].scaled(by: scale)
        guard transform.isUsable, transform.b == 0, transform.c == 0 else { return nil }
        let size = anim_size_t(width: Double(image.width), height: Double(image.height))
        let place = content.content.gravity.placement(
            of: size, in: anim_size_t(width: layer.frame.width, height: layer.frame.height))
        var rect = place.intersection(anim_rect_t(x: 0, y: 0, width: layer.frame.width, height: layer.frame.height))
        guard host[index].mask.isEmpty else { return nil }
        if layer.mask.shape_count > 0 {
            guard layer.mask.shape_count == 1, layer.mask.inverted == 0, let inside = layer.mask.shapes.0.inscribedRect
            else { return nil }
            rect = rect.intersection(inside)
        }
        guard rect.width > 0, rect.height > 0 else { return nil }
        let drawn = transform.boundingBox(of: rect)
        let box = PixelBox(
            x0: max(Int((drawn.x).rounded(.up)) + 2, 0), y0: max(Int((drawn.y).rounded(.up)) + 2, 0),
            x1: min(Int((drawn.x + drawn.width).rounded(.down)) - 2, width),
            y1: min(Int((drawn.y + drawn.height).rounded(.down)) - 2, height))
        return box.isEmpty ? nil : box
    }

    /// Whether layer `index` hides every pixel of a `width` × `height` frame: it draws as its
    /// opaque footage (`drawsAsOpaqueFootage`), placed over the whole frame through a transform
    /// that neither rotates nor skews.
    private func covers(_ layer: anim_layer_t, index: Int, width: Int, height: Int) -> Bool {
        let content = prepared[index]
        guard drawsAsOpaqueFootage(layer, index: index), let shown = content.footage?.frame else { return false }
        let transform = worlds[index].scaled(by: scale)
        guard transform.isUsable, transform.b == 0, transform.c == 0 else { return false }
        let own = anim_size_t(width: Double(shown.width), height: Double(shown.height))
        let place = content.content.gravity.placement(
            of: own, in: anim_size_t(width: layer.frame.width, height: layer.frame.height))
        // The image is clipped to the layer's bounds and to its placement.
        let left = max(place.x, 0)
        let top = max(place.y, 0)
        let right = min(place.x + place.width, layer.frame.width)
        let bottom = min(place.y + place.height, layer.frame.height)
        guard right > left, bottom > top else { return false }
        let box = transform.boundingBox(of: anim_rect_t(x: left, y: top, width: right - left, height: bottom - top))
        return box.x <= 0 && box.y <= 0 && box.x + box.width >= Double(width) && box.y + box.height >= Double(height)
    }

    /// Writes layer `index` into `picture` as `drawAlone` or `renderLayer` would draw it (its world
    /// set to the picture; `drawAlone` at full opacity, without its shadow) when that is its
    /// footage alone, opaque, filling the picture pixel for pixel (`writesFootageStraight`): a
    /// layer without sublayers, unmasked, square-cornered and not turned, showing only footage,
    /// drawn `unfiltered` or without filters. False, having written nothing, otherwise.
    func writesAloneStraight(_ layer: anim_layer_t, index: Int, unfiltered: Bool, into picture: FrameBuffer) -> Bool {
        guard drawsAsOpaqueFootage(layer, index: index, unfiltered: unfiltered) else { return false }
        picture.pixelsChanged()
        return writesFootageStraight(layer, index: index, into: picture)
    }

    /// Whether layer `index` draws as nothing but its footage, opaque: a layer without sublayers,
    /// fully opaque, unmasked, with square corners and not turned, without filters (or drawn
    /// `unfiltered`), blending normally, seen through no matte and not drawn only as one, showing
    /// no image, SVG or Lottie, whose footage frame has no alpha.
    private func drawsAsOpaqueFootage(_ layer: anim_layer_t, index: Int, unfiltered: Bool = false) -> Bool {
        let content = prepared[index]
        return !tree.hasSublayers(index) && layer.isDrawable && layer.opacity >= 1 && layer.effectiveCornerRadius == 0
            && layer.mask.shape_count == 0 && host[index].mask.isEmpty && !host[index].isTurned
            && (unfiltered || !(effects != nil && contents[index].hasEffects)) && content.image == nil
            && content.svg == nil && content.lottie == nil && content.footage?.isOpaque == true
            && contents[index].blendMode == .normal && !isMatted(index) && !isDrawnOnlyAsMatte(index)
    }

    /// Writes the footage of `index`, a layer that covers the frame (`topmostCovering`), straight
    /// into `frame` when it shows there pixel for pixel (the frame's size, placed at the origin,
    /// neither scaled nor moved by a fraction of a pixel) and has no text over it: the bytes Cairo
    /// would copy there, without the copy, and for a frame not yet converted, without its own
    /// pixels at all. False, having written nothing, otherwise.
    func writesFootageStraight(_ layer: anim_layer_t, index: Int, into frame: FrameBuffer) -> Bool {
        let content = prepared[index]
        guard content.text == nil, let shown = content.footage?.frame, shown.width == frame.width,
            shown.height == frame.height
        else { return false }
        let transform = worlds[index].scaled(by: scale)
        let own = anim_size_t(width: Double(shown.width), height: Double(shown.height))
        let place = content.content.gravity.placement(
            of: own, in: anim_size_t(width: layer.frame.width, height: layer.frame.height))
        guard transform.a == 1, transform.d == 1, transform.b == 0, transform.c == 0, place.width == own.width,
            place.height == own.height, transform.tx + place.x == 0, transform.ty + place.y == 0
        else { return false }
        cairo_surface_flush(frame.surface)
        shown.write(into: frame.pixels, stride: frame.stride)
        cairo_surface_mark_dirty(frame.surface)
        return true
    }
}

extension anim_rect_t {
    /// The part of both (empty, with no width or height, when they do not meet).
    fileprivate func intersection(_ other: anim_rect_t) -> anim_rect_t {
        let (left, top) = (max(x, other.x), max(y, other.y))
        let (right, bottom) = (min(x + width, other.x + other.width), min(y + height, other.y + other.height))
        return anim_rect_t(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }
}

extension anim_mask_shape_t {
    /// A rectangle inside the shape as `addMaskShapes` draws it (the largest, for a rectangle,
    /// circle or ellipse: its half-sides the radii over √2), or nil for another kind or a shape
    /// that is not finite.
    fileprivate var inscribedRect: anim_rect_t? {
        let r = rect
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0 else {
            return nil
        }
        let (centreX, centreY) = (r.x + r.width / 2, r.y + r.height / 2)
        let halves: (Double, Double)
        switch kind {
        case ANIM_MASK_SHAPE_RECT: return r
        case ANIM_MASK_SHAPE_CIRCLE:
            let half = min(r.width, r.height) / 2 / 2.0.squareRoot()
            halves = (half, half)
        case ANIM_MASK_SHAPE_ELLIPSE: halves = (r.width / 2 / 2.0.squareRoot(), r.height / 2 / 2.0.squareRoot())
        default: return nil
        }
        return anim_rect_t(x: centreX - halves.0, y: centreY - halves.1, width: 2 * halves.0, height: 2 * halves.1)
    }
}
