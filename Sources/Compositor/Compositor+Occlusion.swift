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
    /// `unfiltered`), showing no image, SVG or Lottie, whose footage frame has no alpha.
    private func drawsAsOpaqueFootage(_ layer: anim_layer_t, index: Int, unfiltered: Bool = false) -> Bool {
        let content = prepared[index]
        return !tree.hasSublayers(index) && layer.isDrawable && layer.opacity >= 1 && layer.effectiveCornerRadius == 0
            && layer.mask.shape_count == 0 && !host[index].isTurned
            && (unfiltered || !(effects != nil && contents[index].hasEffects)) && content.image == nil
            && content.svg == nil && content.lottie == nil && content.footage?.isOpaque == true
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
