import CAnimatorABI
import Foundation

extension Compositor {
    /// The move, in device pixels, that takes the layers from `start` up to `top` (all, when nil)
    /// in state `from` to where they stand in state `to`, when that move is all that differs
    /// between the two: the layers below `start` and from `top` up the same bytes, and each layer
    /// between the same but for its frame's origin and its translation, its map to the canvas
    /// moved as every other's. Nil otherwise. The layers then draw the same pixels, moved (see
    /// `renderApart`).
    public func commonMove(from: [anim_layer_t], to: [anim_layer_t], above start: Int, below top: Int? = nil) -> (
        dx: Double, dy: Double
    )? {
        precondition(from.count == to.count && from.count == prepared.count, "one layer state per content")
        let top = max(start, min(top ?? from.count, from.count))
        for index in Array(0..<start) + Array(top..<from.count) where !from[index].hasSameBytes(as: to[index]) {
            return nil
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
}
