import CAnimatorABI

/// One blurred shadow mask per layer, kept while that layer's shadow shape does not change, so a
/// still or merely fading layer blurs its shadow once per render rather than once per frame.
final class ShadowCache {
    private var slots: [ShadowMask?]
    private let memories: [MaskMemory]

    init(layerCount: Int) {
        slots = Array(repeating: nil, count: layerCount)
        memories = (0..<layerCount).map { _ in MaskMemory() }
    }

    /// The mask for `layer` (at index `slot`) drawn with `transform` on a surface of the given
    /// size, or nil when it has no visible shadow.
    func mask(
        for layer: anim_layer_t, transform: AffineTransform, slot: Int,
        surfaceWidth: Int, surfaceHeight: Int
    ) -> ShadowMask? {
        let shadow = layer.shadow
        guard shadow.opacity > 0, shadow.color.a > 0, shadow.radius.isFinite,
            shadow.offset.x.isFinite, shadow.offset.y.isFinite
        else { return nil }
        let key = ShadowKey(
            transform: transform, size: anim_size_t(width: layer.frame.width, height: layer.frame.height),
            cornerRadius: layer.effectiveCornerRadius, blurRadius: max(0, shadow.radius),
            offset: shadow.offset, surfaceWidth: surfaceWidth, surfaceHeight: surfaceHeight)
        if let cached = slots[slot], cached.key == key { return cached }
        // The old mask (and its Cairo surface) goes before the new one reuses its memory.
        slots[slot] = nil
        slots[slot] = ShadowMask(key: key, memory: memories[slot])
        return slots[slot]
    }
}
