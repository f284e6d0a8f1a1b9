import CAnimatorABI
import Foundation

extension anim_layer_t {
    /// Whether the two states have the same bytes. Layers are drawn from their state alone (the
    /// only pointer, `name`, is host-owned and never drawn), so equal bytes draw equal pixels;
    /// bytes that differ in an unused field only cost a redraw. Exact, unlike `==` on doubles.
    public func hasSameBytes(as other: anim_layer_t) -> Bool {
        withUnsafeBytes(of: self) { mine in
            withUnsafeBytes(of: other) { theirs in memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0 }
        }
    }
}

extension Collection<anim_layer_t> {
    /// Whether these states begin with `prefix`, state for state, by bytes.
    public func startsWithSameBytes(as prefix: some Collection<anim_layer_t>) -> Bool {
        prefix.count <= count && zip(self, prefix).allSatisfy { $0.hasSameBytes(as: $1) }
    }
}
