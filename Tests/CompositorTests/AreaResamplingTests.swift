import CRaster
import Foundation
import TestSupport
import Testing

/// `raster_resample_area`: each pixel out is the mean of the source over the area it covers,
/// the source's edge pixels repeating beyond it, whatever the step and the offset.
@Suite struct AreaResamplingTests {
    struct Case: Sendable, CustomStringConvertible {
        let source: (width: Int, height: Int)
        let out: (width: Int, height: Int)
        let origin: (x: Double, y: Double)
        let step: (x: Double, y: Double)
        var description: String { "\(source) → \(out) from \(origin) by \(step)" }
    }

    /// Random premultiplied pixels (every colour byte at most its alpha), rows padded past the width.
    static func pixels(_ width: Int, _ height: Int, stride: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var bytes = [UInt8](repeating: 0xEE, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8.random(in: 0...255, using: &generator)
                let at = y * stride + 4 * x
                for c in 0..<3 { bytes[at + c] = UInt8.random(in: 0...alpha, using: &generator) }
                bytes[at + 3] = alpha
            }
        }
        return bytes
    }

    /// The exact mean of channel `c` over [lo, hi) × [top, bottom) of the source, edges repeated.
    static func mean(
        _ bytes: [UInt8], stride: Int, _ size: (width: Int, height: Int), x: (Double, Double), y: (Double, Double),
        channel c: Int
    ) -> Double {
        // What lies before the source counts for its first pixel, what lies past it for its last.
        func shares(_ lo: Double, _ hi: Double, _ length: Int) -> [(Int, Double)] {
            let first = min(max(Int(lo.rounded(.down)), 0), length - 1)
            let last = max(min(Int(hi.rounded(.up)), length) - 1, first)
            let inside = (first...last).map { k in (k, max(min(hi, Double(k + 1)) - max(lo, Double(k)), 0)) }
            let before = max(min(hi, 0) - lo, 0)
            let after = max(hi - max(lo, Double(length)), 0)
            return inside + [(0, before), (length - 1, after)]
        }
        var sum = 0.0
        for (row, down) in shares(y.0, y.1, size.height) {
            for (column, across) in shares(x.0, x.1, size.width) {
                sum += across * down * Double(bytes[row * stride + 4 * column + c])
            }
        }
        return sum / ((x.1 - x.0) * (y.1 - y.0))
    }

    static let cases: [Case] = [
        // A level at half and a quarter of the drawn size, on and off the pixel grid.
        Case(source: (64, 48), out: (32, 24), origin: (0, 0), step: (2, 2)),
        Case(source: (90, 130), out: (42, 61), origin: (0.37, 0.81), step: (2.14, 2.13)),
        Case(source: (90, 130), out: (23, 33), origin: (-0.6, 1.25), step: (3.99, 3.93)),
        // Squeezed on one axis, barely on the other; a single column and row; odd widths for the tail.
        Case(source: (40, 9), out: (3, 7), origin: (0.5, 0.2), step: (13.3, 1.3)),
        Case(source: (17, 17), out: (1, 1), origin: (0, 0), step: (17, 17)),
        Case(source: (33, 5), out: (7, 2), origin: (2.25, 0), step: (4.5, 2.5)),
        // Spans past every edge: the edge pixels repeat (EXTEND_PAD).
        Case(source: (10, 8), out: (9, 9), origin: (-3.5, -2.25), step: (1.9, 1.5)),
        Case(source: (5, 3), out: (4, 4), origin: (-10, 2.5), step: (6, 0.75)),
        // A 1 × 1 top level drawn at a millionth of a pixel.
        Case(source: (1, 1), out: (2, 2), origin: (-3e5, -2e5), step: (1e6, 1e6)),
    ]

    @Test(arguments: cases)
    func everyByteIsTheAreaMeanWithinRounding(_ test: Case) {
        let (stride, outStride) = (4 * test.source.width + 8, 4 * test.out.width + 4)
        let source = Self.pixels(test.source.width, test.source.height, stride: stride, seed: UInt64(stride))
        var out = [UInt8](repeating: 0x55, count: outStride * test.out.height)
        let status = raster_resample_area(
            source, UInt32(stride), UInt32(test.source.width), UInt32(test.source.height), &out, UInt32(outStride),
            UInt32(test.out.width), UInt32(test.out.height), test.origin.x, test.step.x, test.origin.y, test.step.y)
        #expect(status == 0)
        var worst = 0.0
        for j in 0..<test.out.height {
            let y = (test.origin.y + Double(j) * test.step.y, test.origin.y + Double(j + 1) * test.step.y)
            for i in 0..<test.out.width {
                let x = (test.origin.x + Double(i) * test.step.x, test.origin.x + Double(i + 1) * test.step.x)
                let pixel = (0..<4).map { out[j * outStride + 4 * i + $0] }
                for c in 0..<4 {
                    let exact = Self.mean(source, stride: stride, test.source, x: x, y: y, channel: c)
                    worst = max(worst, abs(Double(pixel[c]) - exact))
                }
                #expect(pixel[0...2].allSatisfy { $0 <= pixel[3] }, "(\(i), \(j)) is not premultiplied: \(pixel)")
            }
            // The padding past each row is left alone.
            #expect(out[j * outStride + 4 * test.out.width..<(j + 1) * outStride].allSatisfy { $0 == 0x55 })
        }
        // Rounding half up after weights in 2⁻¹⁴ stays within three quarters of a level.
        #expect(worst <= 0.75, "off by \(worst) levels")
    }

    /// Weights that sum to exactly one keep a flat colour exactly, at any offset.
    @Test func aFlatColourStaysExactlyThatColour() {
        let (width, height) = (37, 29)
        let source = [UInt8]((0..<width * height).flatMap { _ in [17, 130, 201, 255] as [UInt8] })
        var out = [UInt8](repeating: 0, count: 4 * 11 * 9)
        for origin in [-1.7, 0, 0.3, 2.9] {
            let status = raster_resample_area(
                source, UInt32(4 * width), UInt32(width), UInt32(height), &out, 44, 11, 9, origin, 3.37, origin / 2,
                3.21)
            #expect(status == 0)
            #expect(out == [UInt8]((0..<11 * 9).flatMap { _ in [17, 130, 201, 255] as [UInt8] }), "from \(origin)")
        }
    }
}
