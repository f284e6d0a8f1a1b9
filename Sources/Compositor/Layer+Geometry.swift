import CAnimatorABI
import Scene

extension anim_layer_t {
    /// Device-space bounding box of the transformed frame.
    public var visualFrame: anim_rect_t {
        deviceTransform.boundingBox(of: localBounds)
    }

    /// Device-space position of the frame's centre.
    public var visualCenter: anim_point_t {
        deviceTransform.apply(anim_point_t(x: frame.width / 2, y: frame.height / 2))
    }
}

extension anim_layer_t {
    /// The layer's own coordinates: its frame moved to the origin.
    var localBounds: anim_rect_t {
        anim_rect_t(x: 0, y: 0, width: frame.width, height: frame.height)
    }

    /// translate(position + anchor + translation) · rotate · scale · translate(−anchor), in one matrix.
    var deviceTransform: AffineTransform {
        let anchorX = anchor.x * frame.width
        let anchorY = anchor.y * frame.height
        let turn = cosSin(degrees: rotation)
        let a = turn.cos * scale.x
        let b = turn.sin * scale.x
        let c = -turn.sin * scale.y
        let d = turn.cos * scale.y
        return AffineTransform(
            a: a, b: b, c: c, d: d,
            tx: frame.x + anchorX + translation.x - (a * anchorX + c * anchorY),
            ty: frame.y + anchorY + translation.y - (b * anchorX + d * anchorY))
    }

    /// The corner radius Cairo can draw: at most half the shorter side, never negative.
    var effectiveCornerRadius: Double {
        max(0, min(corner_radius, frame.width / 2, frame.height / 2))
    }
}
