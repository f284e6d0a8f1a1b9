import CAnimatorABI
import Scene

extension AffineTransform {
    /// `self` after `inner`: maps a point by `inner`, then by `self`.
    func concatenating(_ inner: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// The map undoing this one; nil when it is singular or not finite.
    var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return AffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }
}

extension LayerTree {
    /// Each layer's map from its own coordinates to the canvas: its transform in its parent's
    /// coordinates after its ancestors' (a top-level layer's is its own, to the last bit).
    /// `into` is reused storage.
    func worldTransforms(of layers: UnsafeBufferPointer<anim_layer_t>, into transforms: inout [AffineTransform]) {
        transforms.removeAll(keepingCapacity: true)
        for index in layers.indices {
            let own = layers[index].deviceTransform
            transforms.append(parents[index].map { transforms[$0].concatenating(own) } ?? own)
        }
    }

    /// The map from layer `index`'s own coordinates to the canvas.
    func worldTransform(of index: Int, in layers: UnsafeBufferPointer<anim_layer_t>) -> AffineTransform {
        let own = layers[index].deviceTransform
        guard let parent = parents[index] else { return own }
        return worldTransform(of: parent, in: layers).concatenating(own)
    }

    /// Bounding box of layer `index`'s transformed frame, its ancestors' transforms applied, in the
    /// coordinates `viewer`'s frame is given in (its parent's own space): on the canvas when
    /// `viewer` is nil or a top-level layer.
    public func visualFrame(
        of index: Int, in layers: UnsafeBufferPointer<anim_layer_t>, seenBy viewer: Int? = nil
    ) -> anim_rect_t {
        transform(of: index, seenBy: viewer, in: layers).boundingBox(of: layers[index].localBounds)
    }

    /// Position of layer `index`'s frame centre, its ancestors' transforms applied, in the
    /// coordinates `viewer`'s frame is given in (see `visualFrame(of:in:seenBy:)`).
    public func visualCenter(
        of index: Int, in layers: UnsafeBufferPointer<anim_layer_t>, seenBy viewer: Int? = nil
    ) -> anim_point_t {
        let frame = layers[index].frame
        return transform(of: index, seenBy: viewer, in: layers).apply(
            anim_point_t(x: frame.width / 2, y: frame.height / 2))
    }

    /// Layer `index`'s own coordinates to those of `viewer`'s parent: an animator moves a sublayer
    /// in its parent's space, so it must get other layers' places there too. The canvas stands in
    /// where the parent's map cannot be undone (a parent scaled to nothing shows no sublayer).
    private func transform(
        of index: Int, seenBy viewer: Int?, in layers: UnsafeBufferPointer<anim_layer_t>
    ) -> AffineTransform {
        let world = worldTransform(of: index, in: layers)
        guard let parent = viewer.flatMap({ parents[$0] }),
            let canvasToParent = worldTransform(of: parent, in: layers).inverted
        else { return world }
        return canvasToParent.concatenating(world)
    }
}
