import CAnimatorABI
import Foundation
import Scene

extension Compositor {
    /// The move, in device pixels, that takes the layers from `start` up to `top` (all, when nil)
    /// in state `from` to where they stand in state `to`, when that move is all that differs
    /// between the two: the layers below `start` and from `top` up the same bytes, and each layer
    /// between the same but for its frame's origin and its translation, its map to the canvas
    /// moved as every other's, and no layer moving without its matte layer or the other way
    /// round. Nil otherwise. The layers then draw the same pixels, moved (see
    /// `renderApart`).
    public func commonMove(from: [anim_layer_t], to: [anim_layer_t], above start: Int, below top: Int? = nil) -> (
        dx: Double, dy: Double
    )? {
        precondition(from.count == to.count && from.count == prepared.count, "one layer state per content")
        let top = max(start, min(top ?? from.count, from.count))
        for index in Array(0..<start) + Array(top..<from.count) where !from[index].hasSameBytes(as: to[index]) {
            return nil
        }
        // A matted layer moved without its matte layer, or the other way round, changes its
        // pixels, not only their place.
        let moving = start..<top
        for (index, content) in contents.enumerated() {
            if let matte = content.matte, moving.contains(index) != moving.contains(matte.layer) { return nil }
        }
        for index in start..<top {
            var moved = to[index]
            moved.frame.x = from[index].frame.x
            moved.frame.y = from[index].frame.y
            moved.translation = from[index].translation
            if !moved.hasSameBytes(as: from[index]) { return nil }
        }
        var before: [AffineTransform] = []
        var after: [AffineTransform] = []
        from.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &before) }
        to.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &after) }
        var move: (dx: Double, dy: Double)?
        // A move is the same for every layer within a thousandth of a pixel: the maps of
        // sublayers are products, whose last bits differ.
        let tolerance = 1e-3 / scale
        for index in start..<top {
            let (b, a) = (before[index], after[index])
            guard b.a == a.a, b.b == a.b, b.c == a.c, b.d == a.d else { return nil }
            let (dx, dy) = (a.tx - b.tx, a.ty - b.ty)
            guard dx.isFinite, dy.isFinite else { return nil }
            if let move {
                guard abs(move.dx - dx) <= tolerance, abs(move.dy - dy) <= tolerance else { return nil }
            } else {
                move = (dx, dy)
            }
        }
        return move.map { ($0.dx * scale, $0.dy * scale) } ?? (0, 0)
    }

    /// The layers from `start` up to `top` (all, when nil) moved left and up by less than a
    /// pixel, so that the first of them has its left and top edges on whole device pixels, and
    /// that move (right and down, in device pixels, each in 0..<1). A picture drawn so, moved by a
    /// fraction of a pixel and resampled bilinearly, is what drawing it there gives: a straight
    /// edge's coverage then grows linearly across the pixel it enters. Nil when that cannot be
    /// had: the first layer turned or slanted, a moving layer inside a layer that does not move,
    /// or edges on whole pixels already. `across` says along which axes to move them (a picture
    /// cut at the frame's top or bottom edge stays where it is across them).
    public func alignedToPixels(
        _ layers: [anim_layer_t], above start: Int, below top: Int? = nil, across: (x: Bool, y: Bool) = (true, true)
    ) -> (
        layers: [anim_layer_t], move: (x: Double, y: Double)
    )? {
        precondition(layers.count == prepared.count, "one layer state per content")
        let top = min(top ?? layers.count, layers.count)
        guard start < top else { return nil }
        for index in start..<top where tree.parents[index].map({ $0 < start }) ?? false { return nil }
        func corner(_ layers: [anim_layer_t]) -> (x: Double, y: Double)? {
            var transforms: [AffineTransform] = []
            layers.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &transforms) }
            let world = transforms[start].scaled(by: scale)
            guard world.b == 0, world.c == 0, world.a > 0, world.d > 0 else { return nil }
            let rect = world.boundingBox(of: layers[start].localBounds)
            guard rect.x.isFinite, rect.y.isFinite else { return nil }
            return (rect.x - rect.x.rounded(.down), rect.y - rect.y.rounded(.down))
        }
        // Fractions within a 256th of a pixel of a whole one are whole: moves are resampled in 256ths.
        func fraction(_ value: Double) -> Double { value < 1.0 / 512 || value > 1 - 1.0 / 512 ? 0 : value }
        guard let before = corner(layers) else { return nil }
        let move = (x: across.x ? fraction(before.x) : 0, y: across.y ? fraction(before.y) : 0)
        guard move.x > 0 || move.y > 0 else { return nil }
        var aligned = layers
        for index in start..<top where tree.parents[index] == nil {
            aligned[index].translation.x -= move.x / scale
            aligned[index].translation.y -= move.y / scale
        }
        // The edges must now be on whole pixels, whatever the layers' maps were.
        guard let after = corner(aligned), !across.x || fraction(after.x) == 0, !across.y || fraction(after.y) == 0
        else { return nil }
        return (aligned, move)
    }

    /// For a motion-blurred frame whose samples differ only in where some of its layers stand:
    /// fills `frame` with the background and the bottom layers that do not change within the
    /// shutter (the whole subtrees below `limit`), as much of them as a static image holds copied
    /// and the rest drawn, and draws the layers above them and below `top` (whole subtrees; the
    /// layers from `top` up are drawn over the samples' average, `renderOver`) alone over the
    /// transparent pixels of `picture` (which must be transparent outside `cleared`, see
    /// `drawApart`). Returns the first layer drawn into `picture`, the box it drew in, the static
    /// image's pixels when `frame` holds that image alone (nil when it holds the background
    /// alone or layers drawn over the image), which stay as they are while this compositor draws
    /// nothing else, and the frame's edges a layer in the picture reached past. A layer with
    /// effects or turned out of its plane among those drawn into `picture` would not draw alike
    /// wherever it stands: nil is returned then. Footage and Lottie frames are those shown
    /// (`showFootage`), the same in every sample.
    public func renderApart(
        _ layers: [anim_layer_t], host: [HostLayerState]? = nil, below limit: Int, upTo top: Int? = nil,
        into frame: FrameBuffer, picture: FrameBuffer, cleared: (x0: Int, y0: Int, x1: Int, y1: Int)
    ) -> (start: Int, box: (x0: Int, y0: Int, x1: Int, y1: Int), image: UnsafePointer<UInt8>?, beyond: FrameEdges)? {
        precondition(layers.count == prepared.count, "renderApart needs one layer state per content")
        checkSize(of: picture)
        let below = pictureStart(below: limit)
        let top = max(below, min(top ?? layers.count, layers.count))
        // What is drawn into the picture must draw the same pixels wherever it stands.
        for index in below..<top where contents[index].hasEffects || (host ?? baseHost)[index].isTurned {
            return nil
        }
        guard let (start, image) = renderBelow(layers, host: host, below: limit, into: frame) else { return nil }
        let (box, beyond) = drawApart(layers, from: start, upTo: top, picture: picture, cleared: cleared)
        return (start, box, image, beyond)
    }

    /// Fills `frame` with the background and the whole subtrees below `limit`, as much of them as
    /// a static image holds copied and the rest drawn: the layers a motion-blurred frame's samples
    /// all show alike under those that change. Returns the first layer it left out, and the
    /// static image's pixels when `frame` holds that image alone (nil when it holds the
    /// background alone or layers drawn over the image), which stay as they are while this
    /// compositor draws nothing else; nil for an empty frame.
    public func renderBelow(
        _ layers: [anim_layer_t], host: [HostLayerState]? = nil, below limit: Int, into frame: FrameBuffer
    ) -> (start: Int, image: UnsafePointer<UInt8>?)? {
        precondition(layers.count == prepared.count, "renderBelow needs one layer state per content")
        self.host = host ?? baseHost
        checkSize(of: frame)
        guard frame.width > 0, frame.height > 0 else { return nil }
        let below = pictureStart(below: limit)
        let lowest = tree.wholeSubtrees(upTo: min(below, firstChanging))
        let unchanged = tree.wholeSubtrees(upTo: staticLayers.unchangedCount(layers, below: lowest))
        drawsWholeFrame = true
        defer { drawsWholeFrame = false }
        layers.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &worlds) }
        // A clip covering the frame below the layers that change is drawn over nothing, as a
        // frame draws it (`render`), written straight into the frame where it can be.
        if let covering = topmostCovering(layers, from: unchanged, width: frame.width, height: frame.height),
            covering < below
        {
            frame.pixelsChanged()
            let from =
                writesFootageStraight(layers[covering], index: covering, into: frame) ? tree.ends[covering] : covering
            drawing(into: frame, over: nil) { cr in
                _ = drawSubtrees(in: from..<below, of: layers, replacing: [], on: cr, frame: frame)
            }
            return (below, nil)
        }
        let restored = staticLayers.restore(layers, unchanged: unchanged, below: lowest, into: frame) { image, range in
            drawing(into: image, over: range.lowerBound == 0 ? canvas.background : nil) { cr in
                _ = drawSubtrees(in: range, of: layers, replacing: [], on: cr, frame: image)
            }
        }
        if restored == 0 {
            drawing(into: frame, over: canvas.background) { _ in }
            frame.pixelsChanged()
        }
        var image = frame.heldStatic.map { UnsafePointer($0.drawing.pixels.pixels) }
        if restored < below {
            var drawn = PixelBox.empty
            drawing(into: frame, over: nil) { cr in
                drawn = drawSubtrees(in: restored..<below, of: layers, replacing: [], on: cr, frame: frame)
            }
            frame.heldStatic?.drawnOver = drawn
            image = nil
        }
        return (below, image)
    }

    /// Draws the whole subtrees from `start` up to `top` over what `frame` holds (the layers below
    /// them, `renderBelow`), as a frame draws them, and returns the box they could have changed:
    /// one sample of a motion-blurred frame whose samples differ in those layers.
    public func drawOver(
        _ layers: [anim_layer_t], host: [HostLayerState]? = nil, from start: Int, upTo top: Int, into frame: FrameBuffer
    ) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        precondition(layers.count == prepared.count, "drawOver needs one layer state per content")
        self.host = host ?? baseHost
        checkSize(of: frame)
        let box = drawOverHeld(layers, in: start..<max(start, min(top, layers.count)), into: frame)
        frame.pixelsChanged()
        return (box.x0, box.y0, box.x1, box.y1)
    }

    /// Draws the whole subtrees from `start` up to `top` alone over the transparent pixels of
    /// `picture` (which must be transparent outside `cleared`), as `renderApart` does once the
    /// frame holds the layers below them; returns the box it drew in and the frame's edges a layer
    /// reached past (a move bringing what lies past them in would show nothing there).
    public func drawApart(
        _ layers: [anim_layer_t], host: [HostLayerState]? = nil, from start: Int, upTo top: Int, picture: FrameBuffer,
        cleared: (x0: Int, y0: Int, x1: Int, y1: Int)
    ) -> (box: (x0: Int, y0: Int, x1: Int, y1: Int), beyond: FrameEdges) {
        precondition(layers.count == prepared.count, "drawApart needs one layer state per content")
        if let host { self.host = host }
        checkSize(of: picture)
        picture.clear(within: PixelBox(x0: cleared.x0, y0: cleared.y0, x1: cleared.x1, y1: cleared.y1))
        drawnBeyond = []
        drawsWholeFrame = true
        defer { drawsWholeFrame = false }
        let box = drawOverHeld(layers, in: start..<max(start, min(top, layers.count)), into: picture)
        picture.pixelsChanged()
        return ((box.x0, box.y0, box.x1, box.y1), drawnBeyond)
    }

    /// Draws the whole subtrees from `start` up over what `frame` holds, without a background:
    /// the top layers of a motion-blurred frame that every sample shows alike, laid over the
    /// average of the samples of the layers below them, as drawing each sample would lay them.
    public func renderOver(
        _ layers: [anim_layer_t], host: [HostLayerState]? = nil, from start: Int, into frame: FrameBuffer
    ) {
        precondition(layers.count == prepared.count, "renderOver needs one layer state per content")
        self.host = host ?? baseHost
        checkSize(of: frame)
        guard frame.width > 0, frame.height > 0, start < layers.count else { return }
        let drawn = drawOverHeld(layers, in: tree.wholeSubtrees(upTo: start)..<layers.count, into: frame)
        frame.pixelsChanged(within: (drawn.x0, drawn.y0, drawn.x1, drawn.y1))
    }

    /// Draws the whole subtrees in `range` of `layers` over what `frame` holds, without a
    /// background, placed by `layers`; returns the box of pixels they could have changed.
    private func drawOverHeld(_ layers: [anim_layer_t], in range: Range<Int>, into frame: FrameBuffer) -> PixelBox {
        layers.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &worlds) }
        var box = PixelBox.empty
        drawing(into: frame, over: nil) { cr in
            box = drawSubtrees(in: range, of: layers, replacing: [], on: cr, frame: frame)
        }
        return box
    }

    /// Whether a layer from `start` up reads what lies behind it (a backdrop filter), which over
    /// the samples' average would not be what it reads in each sample.
    public func readsBackdrop(from start: Int) -> Bool {
        contents[min(start, contents.count)...].contains { !$0.backdropEffects.isEmpty }
    }

    /// The first layer `renderApart` draws into its picture when the layers below `limit` are
    /// the ones that do not change: the first after the whole subtrees below it.
    public func pictureStart(below limit: Int) -> Int {
        tree.wholeSubtrees(upTo: min(limit, prepared.count))
    }
}
