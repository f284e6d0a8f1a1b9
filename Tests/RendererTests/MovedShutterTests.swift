import CRaster
import Foundation
import Testing

/// Motion blur of a picture that only moves (`raster_shutter_average_moved`): its samples are the
/// picture moved by whole pixels and 256ths of one, laid over a page, averaged in linear light.
/// Checked against every sample computed here at every pixel, in doubles: the average looks only
/// where a move can change a pixel, and what it skips must be what it would have found.
@Suite("Motion blur of a picture that only moves")
struct MovedShutterTests {
    static let (width, height) = (96, 40)
    static let stride = width * 4
    /// The picture's box: transparent outside it and in the frame's first and last rows and columns.
    static let box = (x0: 10, y0: 6, x1: 70, y1: 32)

    static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 65536)
        raster_shutter_table16(&table)
        return table
    }()

    /// A generator of the same bytes on every run.
    struct Bytes {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// A card: a flat opaque inside, translucent and varied edges a few pixels wide (a shadow's
    /// falloff, an antialiased border), runs of equal rows, and rows that differ from their
    /// neighbours; premultiplied BGRA.
    static func picture(seed: UInt64) -> [UInt8] {
        var bytes = Bytes(state: seed)
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in box.y0..<box.y1 {
            let repeatsRow = y > box.y0 + 3 && y < box.y1 - 4 && bytes.next(4) != 0
            for x in box.x0..<box.x1 {
                let at = y * stride + x * 4
                if repeatsRow {
                    for c in 0..<4 { pixels[at + c] = pixels[at - stride + c] }
                    continue
                }
                let edge = x < box.x0 + 6 || x >= box.x1 - 6 || y < box.y0 + 3 || y >= box.y1 - 3
                let alpha = edge ? bytes.next(256) : 255
                let colour = edge ? (0..<3).map { _ in bytes.next(alpha + 1) } : [240, 236, 230]
                pixels[at] = UInt8(colour[0])
                pixels[at + 1] = UInt8(colour[1])
                pixels[at + 2] = UInt8(colour[2])
                pixels[at + 3] = UInt8(alpha)
            }
        }
        return pixels
    }

    /// A page of graded colour, opaque or, with `translucent`, a third of it translucent.
    static func page(translucent: Bool) -> [UInt8] {
        var bytes = Bytes(state: 7)
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let at = y * stride + x * 4
                let alpha = translucent && bytes.next(3) == 0 ? bytes.next(256) : 255
                let colour = [x * 2 + 20, y * 5 + 10, (x + y) % 200 + 30]
                for c in 0..<3 { pixels[at + c] = UInt8(min(colour[c], alpha)) }
                pixels[at + 3] = UInt8(alpha)
            }
        }
        return pixels
    }

    static func mulDiv255(_ a: Int, _ b: Int) -> Int { Int((Double(a * b) / 255).rounded()) }

    /// Source-over of premultiplied `source` on `destination`, each product rounded to nearest.
    static func over(_ source: [Int], _ destination: [Int]) -> [Int] {
        (0..<4).map { min(255, source[$0] + mulDiv255(destination[$0], 255 - source[3])) }
    }

    static func pixel(_ pixels: [UInt8], _ x: Int, _ y: Int) -> [Int] {
        let (column, row) = (min(max(x, 0), width - 1), min(max(y, 0), height - 1))
        return (0..<4).map { Int(pixels[row * stride + column * 4 + $0]) }
    }

    /// The picture at (x, y) moved by (sx + wx / 256, sy + wy / 256): the four pixels around where
    /// it came from, weighted by 256ths, rounded once.
    static func moved(_ picture: [UInt8], _ x: Int, _ y: Int, _ move: [Int32]) -> [Int] {
        let (sx, sy, wx, wy) = (Int(move[0]), Int(move[1]), Int(move[2]), Int(move[3]))
        let (left, right, up, down) = (x - sx - 1, x - sx, y - sy - 1, y - sy)
        return (0..<4).map { c in
            let sum =
                pixel(picture, left, up)[c] * wx * wy + pixel(picture, right, up)[c] * (256 - wx) * wy
                + pixel(picture, left, down)[c] * wx * (256 - wy) + pixel(picture, right, down)[c] * (256 - wx)
                * (256 - wy)
            return (sum + 32768) >> 16
        }
    }

    /// The linear-light average of premultiplied pixels (`ShutterAverageTests.reference`).
    static func average(_ samples: [[Int]]) -> [Int] {
        ShutterAverageTests.reference(samples.map { $0.map { UInt8($0) } }).map { Int($0) }
    }

    static let moves: [[Int32]] = [
        [1, 0, 0, 0], [3, 0, 77, 0], [-2, 0, 200, 0], [0, 0, 128, 0], [5, 2, 30, 100], [-4, -1, 0, 255],
        [0, 3, 0, 0], [12, 0, 1, 0], [0, 0, 0, 0],
    ]

    /// The first sample's own move, less than a pixel right and down: none (the first sample is
    /// the picture where it stands, and what the others are compared with), or one, as when the
    /// picture was drawn with its edges on whole pixels and the first sample stands between them:
    /// the picture where it stands is then only what the samples are compared with.
    static let firstMoves: [[Int32]] = [[0, 0, 0, 0], [0, 0, 90, 0], [0, 0, 0, 160], [0, 0, 255, 1]]

    @Test(
        "every pixel is the linear average of the moved samples, and a pixel no move changes keeps its bytes",
        arguments: [(UInt64(1), false, 0), (2, false, 0), (3, true, 0), (4, false, 1), (5, true, 2), (6, false, 3)])
    func theAverageIsEverySampleAveraged(seed: UInt64, translucent: Bool, firstMove: Int) {
        let picture = Self.picture(seed: seed)
        let under = Self.page(translucent: translucent)
        let start = Self.firstMoves[firstMove]
        let firstIsSample = start == [0, 0, 0, 0]
        var first = under
        first.withUnsafeMutableBufferPointer { first in
            raster_shutter_composite(
                first.baseAddress, under, picture, Int32(Self.stride), Int32(Self.box.x0), Int32(Self.box.y0),
                Int32(Self.box.x1), Int32(Self.box.y1))
        }
        let reference = first
        let moves = firstIsSample ? Self.moves : [start] + Self.moves
        var rowGroup = [Int32](repeating: 0, count: Self.height)
        var bounds = [Int32](repeating: 0, count: (Self.box.x1 - Self.box.x0 + 2) * (Self.box.y1 - Self.box.y0))
        var boundSpan = [Int32](repeating: 0, count: 2 * Self.height)
        raster_shutter_runs(
            picture, Int32(Self.width), Int32(Self.height), Int32(Self.stride), Int32(Self.box.x0), Int32(Self.box.y0),
            Int32(Self.box.x1), Int32(Self.box.y1), &rowGroup, &bounds, &boundSpan)
        var rowSums = [UInt32](repeating: 0, count: 4 * Self.width)
        var rowCounts = [UInt8](repeating: 0, count: Self.width)
        raster_shutter_average_moved(
            &first, under, picture, Int32(Self.width), Int32(Self.height), Int32(Self.stride), Int32(Self.box.x0),
            Int32(Self.box.y0), Int32(Self.box.x1), Int32(Self.box.y1), moves.flatMap { $0 }, Int32(moves.count),
            firstIsSample ? 1 : 0, rowGroup, bounds, boundSpan, Self.table, &rowSums, &rowCounts)
        var (largest, kept, changed) = (0, 0, 0)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let referencePixel = Self.pixel(reference, x, y)
                #expect(referencePixel == Self.over(Self.pixel(picture, x, y), Self.pixel(under, x, y)), "(\(x), \(y))")
                let samples =
                    (firstIsSample ? [referencePixel] : [])
                    + moves.map { Self.over(Self.moved(picture, x, y, $0), Self.pixel(under, x, y)) }
                let result = Self.pixel(first, x, y)
                if samples.allSatisfy({ $0 == referencePixel }) {
                    kept += 1
                    #expect(result == referencePixel, "(\(x), \(y)) no sample changes it")
                } else {
                    changed += 1
                    let expected = Self.average(samples)
                    largest = max(largest, zip(result, expected).map { abs($0 - $1) }.max() ?? 0)
                }
            }
        }
        // Linear light in 65535ths rather than doubles moves a rounding by one at most.
        #expect(largest <= 1, "largest difference \(largest)")
        #expect(kept > 0 && changed > 0)
    }
}
