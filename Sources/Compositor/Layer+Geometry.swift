import CAnimatorABI

public extension anim_layer_t {
    /// A visible, untransformed layer: anchor at the centre, scale 1, opaque, no shadow, no mask.
    static func base(name: UnsafePointer<CChar>?, frame: anim_rect_t) -> anim_layer_t {
        var layer = anim_layer_t()
        layer.struct_size = UInt32(MemoryLayout<anim_layer_t>.size)
        layer.name = name
        layer.frame = frame
        layer.anchor = anim_point_t(x: 0.5, y: 0.5)
        layer.scale = anim_point_t(x: 1, y: 1)
        layer.opacity = 1
        layer.shadow.color = anim_color_t(r: 0, g: 0, b: 0, a: 1)
        return layer
    }

    /// Device-space bounding box of the transformed frame.
    var visualFrame: anim_rect_t {
        deviceTransform.boundingBox(of: localBounds)
    }

    /// Device-space position of the frame's centre.
    var visualCenter: anim_point_t {
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
        let anchorX = anchor.x * frame.width, anchorY = anchor.y * frame.height
        let turn = cosSin(degrees: rotation)
        let a = turn.cos * scale.x, b = turn.sin * scale.x
        let c = -turn.sin * scale.y, d = turn.cos * scale.y
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
