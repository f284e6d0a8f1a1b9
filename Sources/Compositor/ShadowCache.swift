import CAnimatorABI

/// Which sample of a motion-blurred frame a compositor draws, for its shadows (`ShadowCache`).
public enum ShutterSample: Sendable {
    /// None: every shadow mask is made for its own shape and place.
    case none
    /// The first: masks are made for their own shapes and places, and become their layers'
    /// anchors for the frame's later samples.
    case first
    /// A later one: a mask that differs from its layer's anchor only in where it stands is the
    /// anchor moved there.
    case later
}

/// One blurred shadow mask per layer, kept while that layer's shadow shape does not change, so a
/// still or merely fading layer blurs its shadow once per render rather than once per frame.
///
/// While the samples of a motion-blurred frame are drawn (`shutter`), the masks of the first
/// sample are each layer's anchor: a later sample whose shadow differs from its anchor's only by
/// where the layer stands gets the anchor moved there (`ShadowMask(moving:)`) rather than a new
/// blur. What a sample draws depends on the frame's first sample alone, never on frames drawn
/// before, so the bytes are the same on every thread.
final class ShadowCache {
    private var slots: [ShadowMask?]
    private let memories: [MaskMemory]
    /// The masks of later samples, kept apart so that the anchors in `slots` stay as they are.
    private var moved: [ShadowMask?]
    private let movedMemories: [MaskMemory]
    /// The layers whose mask in `slots` was asked for in the frame's first sample.
    private var anchored: [Bool]

    var shutter = ShutterSample.none {
        didSet {
            guard shutter != .later else { return }
            for slot in moved.indices {
                moved[slot] = nil
                anchored[slot] = false
            }
        }
    }

    init(layerCount: Int) {
        slots = Array(repeating: nil, count: layerCount)
        memories = (0..<layerCount).map { _ in MaskMemory() }
        moved = Array(repeating: nil, count: layerCount)
        movedMemories = (0..<layerCount).map { _ in MaskMemory() }
        anchored = Array(repeating: false, count: layerCount)
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
        if shutter == .later { return laterMask(key, slot: slot) }
        if shutter == .first { anchored[slot] = true }
        if let cached = slots[slot] {
            if cached.key == key { return cached }
            // A shape moved by whole pixels since (a picture drawn on whole pixels for motion blur,
            // a whole-pixel scroll) keeps its mask's pixels.
            if let placed = ShadowMask(placing: cached, for: key) {
                slots[slot] = placed
                return placed
            }
        }
        // The old mask (and its Cairo surface) goes before the new one reuses its memory.
        slots[slot] = nil
        slots[slot] = ShadowMask(key: key, memory: memories[slot])
        return slots[slot]
    }

    /// The mask of `key` in a later sample: the anchor itself, the anchor moved, or one made for
    /// the key when the anchor cannot stand for it (none, cut by the surface's edges, or a shape
    /// that changed).
    private func laterMask(_ key: ShadowKey, slot: Int) -> ShadowMask? {
        if let cached = slots[slot], cached.key == key { return cached }
        let anchor = anchored[slot] ? slots[slot] : nil
        if let made = moved[slot], made.key == key { return made }
        moved[slot] = nil
        if let anchor, anchor.isWhole, let moves = key.moves(from: anchor.key) {
            moved[slot] = ShadowMask(moving: anchor, by: moves, key: key, memory: movedMemories[slot])
        } else {
            moved[slot] = ShadowMask(key: key, memory: movedMemories[slot])
        }
        return moved[slot]
    }
}

extension ShadowKey {
    /// How far this key's shape lies from `anchor`'s, in 256ths of a device pixel right and down,
    /// when that is all that differs: the move between the two places at the nearest 256th, where
    /// a whole mask is drawn (`placed`). Nil when anything else differs, or either place is not
    /// finite or not under a million pixels.
    func moves(from anchor: ShadowKey) -> (x: Int, y: Int)? {
        var translated = anchor
        translated.transform.tx = transform.tx
        translated.transform.ty = transform.ty
        guard translated == self else { return nil }
        let limit = Double(1 << 28)
        let places = [transform.tx, transform.ty, anchor.transform.tx, anchor.transform.ty].map { ($0 * 256).rounded() }
        guard places.allSatisfy({ abs($0) < limit }) else { return nil }
        return (Int(places[0] - places[2]), Int(places[1] - places[3]))
    }
}
