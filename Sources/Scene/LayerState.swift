import CAnimatorABI

extension anim_layer_t {
    /// A visible, untransformed layer: anchor at the centre, scale 1, opaque, no shadow, no mask.
    public static func base(name: UnsafePointer<CChar>?, frame: anim_rect_t) -> anim_layer_t {
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
}
