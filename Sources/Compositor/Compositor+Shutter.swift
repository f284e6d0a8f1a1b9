import CAnimatorABI
import Foundation

extension Compositor {
    /// The move, in device pixels, that takes the layers from `start` up in state `from` to where
    /// they stand in state `to`, when that move is all that differs between the two: the layers
    /// below `start` the same bytes, and each layer from `start` up the same but for its frame's
    /// origin and its translation, its map to the canvas moved as every other's. Nil otherwise.
    /// The layers then draw the same pixels, moved (see `renderApart`).
    public func commonMove(from: [anim_layer_t], to: [anim_layer_t], above start: Int) -> (dx: Double, dy: Double)? {
        precondition(from.count == to.count && from.count == prepared.count, "one layer state per content")
        for index in 0..<start where !from[index].hasSameBytes(as: to[index]) { return nil }
        for index in start..<from.count {
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
        for index in start..<from.count {
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
}
