import CRaster
import Foundation
import Testing

/// Motion blur's average of samples (`raster_shutter_add`, `raster_shutter_resolve`) against
/// the same arithmetic done here in doubles: premultiplied sRGB bytes to linear light, averaged,
/// and back, rounded to nearest.
@Suite("Motion blur's linear-light average")
struct ShutterAverageTests {
    static let table: [Float] = {
        var table = [Float](repeating: 0, count: 65536)
        raster_shutter_table(&table)
        return table
    }()

    static func linear(_ s: Double) -> Double { s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
    static func encoded(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

    /// The average of premultiplied BGRA pixels, computed independently.
    static func reference(_ pixels: [[UInt8]]) -> [UInt8] {
        let count = Double(pixels.count)
        let alpha = pixels.reduce(0.0) { $0 + Double($1[3]) / 255 }
        let outAlpha = (alpha / count * 255).rounded()
        guard outAlpha > 0 else { return [0, 0, 0, 0] }
        let colour = (0..<3).map { c in
            let light = pixels.reduce(0.0) { sum, p in
                p[3] == 0 ? sum : sum + linear(Double(min(p[c], p[3])) / Double(p[3])) * Double(p[3]) / 255
            }
            return UInt8(min((encoded(min(light / alpha, 1)) * outAlpha).rounded(), outAlpha))
        }
        return colour + [UInt8(outAlpha)]
    }

    /// Averages `samples` (each `width` pixels, one row) as a frame's samples are.
    static func average(_ samples: [[UInt8]], width: Int) -> [UInt8] {
        var first = samples[0]
        var sums = [Float](repeating: 0, count: width * 4)
        var differs = [UInt8](repeating: 0, count: width)
        var spans: [Int32] = [0, 0]
        for sample in samples.dropFirst() {
            raster_shutter_add(
                &first, sample, Int32(width), 1, Int32(width * 4), 0, 0, Int32(width), 1, table, &sums, &differs,
                &spans)
        }
        raster_shutter_resolve(
            &first, Int32(width), 1, Int32(width * 4), Int32(samples.count), table, sums, differs, spans)
        return first
    }

    @Test("pixels that differ are averaged in linear light; one that does not keeps its bytes")
    func differingPixelsAreAveraged() {
        let kept: [UInt8] = [30, 60, 90, 128]
        let moving: [[UInt8]] = [[0, 0, 0, 0], [255, 255, 255, 255], [40, 80, 20, 100], [0, 0, 255, 255]]
        let samples = moving.map { kept + $0 }
        let result = Self.average(samples, width: 2)
        #expect(Array(result[0..<4]) == kept)
        #expect(Array(result[4..<8]) == Self.reference(moving))
    }

    @Test("white covering a pixel in a quarter of the samples gives a quarter of its light, not of its bytes")
    func aQuarterOfWhite() {
        let samples: [[UInt8]] = [[255, 255, 255, 255]] + Array(repeating: [0, 0, 0, 255], count: 3)
        // encode(0.25) = 0.537: 137, where the bytes' mean is 64.
        #expect(Self.average(samples, width: 1) == [137, 137, 137, 255])
    }

    /// Every premultiplied value taken to linear light and back unchanged, were it converted:
    /// the copy of pixels equal in every sample is a saving, not what keeps them exact.
    @Test("the round trip of any premultiplied pixel through linear light is exact")
    func roundTripIsExact() {
        var mismatches: [String] = []
        for alpha in 1...255 {
            let row = (0...alpha).flatMap { c -> [UInt8] in [UInt8(c), UInt8(alpha - c), UInt8(c / 2), UInt8(alpha)] }
            let width = alpha + 1
            var pixels = row
            let sums = [Float](repeating: 0, count: width * 4)
            let differs = [UInt8](repeating: 1, count: width)
            raster_shutter_resolve(
                &pixels, Int32(width), 1, Int32(width * 4), 16, Self.table, sums, differs, [0, Int32(width)])
            if pixels != row { mismatches.append("alpha \(alpha)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
