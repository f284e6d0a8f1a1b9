import CAnimatorABI

extension anim_layer_t {
    /// The anchor, scale and opacity of a layer whose file leaves them out, from their keys.
    private static let defaults = (
        anchor: Keys.layer["anchor"].defaultNumbers!, scale: Keys.layer["scale"].defaultNumbers![0],
        opacity: Keys.layer["opacity"].defaultNumbers![0]
    )

    /// A visible, untransformed layer: its keys' defaults (anchor at the centre, scale 1, opaque),
    /// no shadow, no mask.
    public static func base(name: UnsafePointer<CChar>?, frame: anim_rect_t) -> anim_layer_t {
        var layer = anim_layer_t()
        layer.struct_size = UInt32(MemoryLayout<anim_layer_t>.size)
        layer.name = name
        layer.frame = frame
        layer.anchor = anim_point_t(x: defaults.anchor[0], y: defaults.anchor[1])
        layer.scale = anim_point_t(x: defaults.scale, y: defaults.scale)
        layer.opacity = defaults.opacity
        layer.shadow.color = anim_color_t(r: 0, g: 0, b: 0, a: 1)
        return layer
    }
}
