import CAnimatorABI
import Foundation

/// An image an effect reads or writes in a check: premultiplied, 4 bytes a pixel, rows packed
/// (stride 4 × width), in RGBA or the compositor's own order.
struct EffectPixels: Equatable {
    let width, height: Int
    let nativePixels: Bool
    var bytes: [UInt8]

    var stride: Int { width * 4 }

    /// Every byte `fill`: what `out` holds before a call, to see what the call wrote.
    init(width: Int, height: Int, nativePixels: Bool, filled fill: UInt8) {
        (self.width, self.height, self.nativePixels) = (width, height, nativePixels)
        bytes = [UInt8](repeating: fill, count: width * height * 4)
    }

    init(width: Int, height: Int, nativePixels: Bool, bytes: [UInt8]) {
        (self.width, self.height, self.nativePixels, self.bytes) = (width, height, nativePixels, bytes)
    }

    /// The layer an effect filters: `image.width` × `image.height` pixels, none transparent,
    /// surrounded by transparent pixels, as many as the reach's margins and `extra` more on
    /// every side. The same for the same arguments, so two calls get the same input.
    init(layer image: CheckPlan.EffectImage, margins reach: anim_reach_t, extra: Int = 0) {
        let (left, top) = (Int(reach.left) + extra, Int(reach.top) + extra)
        self.init(
            width: left + image.width + Int(reach.right) + extra,
            height: top + image.height + Int(reach.bottom) + extra,
            nativePixels: image.nativePixels, filled: 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let alpha = 48 + (x * 37 + y * 59) % 208
                let colour = [(x * 29 + y * 7 + 11) % 256, (x * 5 + y * 31 + 101) % 256, (x * x + y * 3 + 53) % 256]
                set(x: left + x, y: top + y, red: colour[0], green: colour[1], blue: colour[2], alpha: alpha)
            }
        }
    }

    /// Where the layer's pixels are in an image `EffectPixels(layer:margins:extra:)` made.
    static func layerOrigin(margins reach: anim_reach_t, extra: Int = 0) -> (x: Int, y: Int) {
        (Int(reach.left) + extra, Int(reach.top) + extra)
    }

    /// Replaces every pixel farther than `distance` (in x or in y) from (x, y) with another
    /// premultiplied colour, unlike the layer's; returns whether any was. (Plain loops: the check's
    /// debug build runs them on images of millions of pixels.)
    mutating func perturb(fartherThan distance: Int, from centre: (x: Int, y: Int)) -> Bool {
        let order = Self.offsets(native: nativePixels)
        let (width, height) = (width, height)
        var changed = false
        bytes.withUnsafeMutableBufferPointer { buffer in
            let bytes = buffer.baseAddress!
            var y = 0
            while y < height {
                let near = y - centre.y <= distance && centre.y - y <= distance
                var x = 0
                while x < width {
                    if !near || x - centre.x > distance || centre.x - x > distance {
                        let at = (y * width + x) * 4
                        let alpha = 160 + (x * 13 + y * 17) % 96
                        bytes[at + order.red] = UInt8((x * 71 + 200) % 256 * alpha / 255)
                        bytes[at + order.green] = UInt8((y * 43 + 17) % 256 * alpha / 255)
                        bytes[at + order.blue] = UInt8((255 - (x + y) % 256) * alpha / 255)
                        bytes[at + order.alpha] = UInt8(alpha)
                        changed = true
                    }
                    x += 1
                }
                y += 1
            }
        }
        return changed
    }

    /// Sets a pixel from straight RGBA components, premultiplied and in this image's order.
    private mutating func set(x: Int, y: Int, red: Int, green: Int, blue: Int, alpha: Int) {
        let at = (y * width + x) * 4
        let order = Self.offsets(native: nativePixels)
        bytes[at + order.red] = UInt8(red * alpha / 255)
        bytes[at + order.green] = UInt8(green * alpha / 255)
        bytes[at + order.blue] = UInt8(blue * alpha / 255)
        bytes[at + order.alpha] = UInt8(alpha)
    }

    /// The byte offsets of the channels in a pixel: RGBA, or the compositor's (Cairo's ARGB32,
    /// one native-endian word: B, G, R, A in memory on a little-endian machine), as the
    /// "native-pixels" service tells plugins.
    static func offsets(native: Bool) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        guard native else { return (0, 1, 2, 3) }
        #if _endian(little)
            return (2, 1, 0, 3)
        #else
            return (1, 2, 3, 0)
        #endif
    }

    func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
        let at = (y * width + x) * 4
        return bytes[at..<(at + 4)]
    }

    /// `(12, 34, 56, 255)`: a pixel's bytes in memory order.
    func text(x: Int, y: Int) -> String {
        "(" + pixel(x: x, y: y).map(String.init).joined(separator: ", ") + ")"
    }

    /// Whether rows `rows` hold the same bytes in `self` and `other` (of the same size).
    func sameRows(_ rows: Range<Int>, as other: EffectPixels) -> Bool {
        guard !rows.isEmpty else { return true }
        let (start, count) = (rows.lowerBound * stride, rows.count * stride)
        return bytes.withUnsafeBytes { a in
            other.bytes.withUnsafeBytes { b in memcmp(a.baseAddress! + start, b.baseAddress! + start, count) == 0 }
        }
    }

    /// The first pixel, in row order, where `self` and `other` (of the same size) differ.
    func firstDifference(from other: EffectPixels) -> (x: Int, y: Int)? {
        Self.firstDifferentByte(bytes, other.bytes).map { (($0 / 4) % width, ($0 / 4) / width) }
    }

    /// The first index where `a` and `b` (of the same length) differ.
    static func firstDifferentByte(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b -> Int? in
                let count = a.count
                guard count > 0, memcmp(a.baseAddress!, b.baseAddress!, count) != 0 else { return nil }
                var at = 0
                while a[at] == b[at] { at += 1 }
                return at
            }
        }
    }

    /// The first pixel outside columns `columns` and rows `rows` that is not all zero
    /// (transparent), in row order.
    func firstVisible(outsideColumns columns: Range<Int>, rows: Range<Int>) -> (x: Int, y: Int)? {
        let (width, height) = (width, height)
        return bytes.withUnsafeBufferPointer { buffer -> (x: Int, y: Int)? in
            let bytes = buffer.baseAddress!
            var y = 0
            while y < height {
                let inside = y >= rows.lowerBound && y < rows.upperBound
                var x = 0
                while x < width {
                    if !inside || x < columns.lowerBound || x >= columns.upperBound {
                        let at = (y * width + x) * 4
                        if bytes[at] | bytes[at + 1] | bytes[at + 2] | bytes[at + 3] != 0 { return (x, y) }
                    }
                    x += 1
                }
                y += 1
            }
            return nil
        }
    }

    /// The first pixel with a colour channel above its alpha: not premultiplied.
    var firstNotPremultiplied: (x: Int, y: Int)? {
        let order = Self.offsets(native: nativePixels)
        let width = width
        return bytes.withUnsafeBufferPointer { buffer -> (x: Int, y: Int)? in
            let bytes = buffer.baseAddress!
            var at = 0
            while at < buffer.count {
                let alpha = bytes[at + order.alpha]
                if bytes[at + order.red] > alpha || bytes[at + order.green] > alpha || bytes[at + order.blue] > alpha {
                    return ((at / 4) % width, (at / 4) / width)
                }
                at += 4
            }
            return nil
        }
    }
}
