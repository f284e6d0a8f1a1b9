import CAnimatorABI
import CCairo
import Foundation

/// A box of whole pixels, `x0..<x1` by `y0..<y1`, inside a frame: the part of a frame a
/// drawing may have changed.
struct PixelBox: Equatable {
    var x0, y0, x1, y1: Int

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// How many pixels it holds.
    var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

    static let empty = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)

    static func whole(width: Int, height: Int) -> PixelBox { PixelBox(x0: 0, y0: 0, x1: width, y1: height) }

    /// Every pixel `rect` (device space) touches, plus one pixel all round for antialiasing and
    /// filters, kept inside a `width` × `height` frame; the whole frame when `rect` is not finite.
    init(covering rect: anim_rect_t, width: Int, height: Int) {
        // No array of the four edges: this runs for every layer of every frame.
        let (right, bottom) = (rect.x + rect.width, rect.y + rect.height)
        guard rect.x.isFinite, rect.y.isFinite, right.isFinite, bottom.isFinite else {
            self = .whole(width: width, height: height)
            return
        }
        func clamped(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, 0), Double(limit))) }
        x0 = clamped(floor(rect.x) - 1, width)
        y0 = clamped(floor(rect.y) - 1, height)
        x1 = clamped(ceil(right) + 1, width)
        y1 = clamped(ceil(bottom) + 1, height)
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    /// The smallest box holding both (an empty box holds nothing).
    func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The pixels in both (empty when they do not meet).
    func intersection(_ other: PixelBox) -> PixelBox {
        let box = PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return box.isEmpty ? .empty : box
    }

    /// Clips `cr` to the box, in the user space in force (device pixels under the identity).
    func clip(_ cr: OpaquePointer) {
        cairo_rectangle(cr, Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
        cairo_clip(cr)
    }
}
