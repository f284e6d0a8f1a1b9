import CAnimatorABI

extension anim_layer_t {
    /// The numbers a plugin must leave finite, by name; a table made once, not per check.
    private static let checkedNumbers: [(name: String, value: KeyPath<anim_layer_t, Double> & Sendable)] = [
        ("frame.x", \.frame.x), ("frame.y", \.frame.y), ("frame.width", \.frame.width), ("frame.height", \.frame.height),
        ("anchor.x", \.anchor.x), ("anchor.y", \.anchor.y), ("scale.x", \.scale.x), ("scale.y", \.scale.y),
        ("rotation", \.rotation), ("translation.x", \.translation.x), ("translation.y", \.translation.y),
        ("opacity", \.opacity), ("corner_radius", \.corner_radius), ("shadow.opacity", \.shadow.opacity),
        ("shadow.radius", \.shadow.radius), ("shadow.offset.x", \.shadow.offset.x), ("shadow.offset.y", \.shadow.offset.y),
    ]

    /// The first property a plugin left unusable (not finite, negative size, opacity outside
    /// 0...1), or nil. Rendering such a state would draw garbage or nothing at all.
    var invalidValue: String? {
        if let number = Self.checkedNumbers.first(where: { !self[keyPath: $0.value].isFinite }) {
            return "\(number.name) = \(self[keyPath: number.value])"
        }
        if frame.width < 0 || frame.height < 0 { return "negative frame size \(frame.width)×\(frame.height)" }
        if !(0...1).contains(opacity) { return "opacity \(opacity) outside 0...1" }
        if shadow.radius < 0 { return "negative shadow radius \(shadow.radius)" }
        if mask.shape_count > ANIM_MASK_MAX_SHAPES { return "mask.shape_count \(mask.shape_count) > \(ANIM_MASK_MAX_SHAPES)" }
        return nil
    }
}
