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

    /// Canvas bounding box of layer `index`'s transformed frame, its ancestors' transforms applied.
    public func visualFrame(of index: Int, in layers: UnsafeBufferPointer<anim_layer_t>) -> anim_rect_t {
        worldTransform(of: index, in: layers).boundingBox(of: layers[index].localBounds)
    }

    /// Canvas position of layer `index`'s frame centre, its ancestors' transforms applied.
    public func visualCenter(of index: Int, in layers: UnsafeBufferPointer<anim_layer_t>) -> anim_point_t {
        let frame = layers[index].frame
        return worldTransform(of: index, in: layers).apply(anim_point_t(x: frame.width / 2, y: frame.height / 2))
    }

    /// Whether layer `index` and every ancestor are shown (not hidden, some opacity): a hidden
    /// or transparent layer hides its sublayers.
    public func isShown(_ index: Int, in layers: UnsafeBufferPointer<anim_layer_t>) -> Bool {
        ([index] + ancestors(of: index)).allSatisfy { layers[$0].hidden == 0 && layers[$0].opacity > 0 }
    }
}
