import CRaster
import Scene
import Testing

@Suite struct SwizzleTests {
    /// 3×2 pixels in rows of 16 bytes (4 of padding), every byte distinct.
    let source: [UInt8] = Array(0..<32)

    @Test func swapsBytesZeroAndTwoOfEveryPixelAndNothingElse() {
        var destination = [UInt8](repeating: 0xEE, count: 2 * 20)
        raster_swap_red_blue(source, 16, &destination, 20, 3, 2)
        for y in 0..<2 {
            for x in 0..<3 {
                let from = y * 16 + 4 * x
                let to = y * 20 + 4 * x
                #expect(
                    Array(destination[to..<to + 4]) == [
                        source[from + 2], source[from + 1], source[from], source[from + 3],
                    ])
            }
            #expect(destination[y * 20 + 12..<y * 20 + 20].allSatisfy { $0 == 0xEE }, "padding is left alone")
        }
    }

    @Test func roundTripsInPlace() {
        var pixels = source
        raster_swap_red_blue(pixels, 16, &pixels, 16, 3, 2)
        #expect(pixels != source)
        #expect(Array(pixels[0..<4]) == [2, 1, 0, 3])
        #expect(Array(pixels[12..<16]) == [12, 13, 14, 15], "row padding stays")
        raster_swap_red_blue(pixels, 16, &pixels, 16, 3, 2)
        #expect(pixels == source)
    }

    /// Rows of every width from 1 to 40 (so the eight-pixel and four-pixel paths and their
    /// remainders all run), opaque runs broken by translucent and clear pixels at every offset:
    /// each pixel is what one pixel alone gives.
    @Test func wideRowsGiveWhatEachPixelAloneGives() {
        var random = DamageTests.Generator(state: 7)
        for width in 1...40 {
            let height = 3
            var source = [UInt8](repeating: 0, count: width * 4 * height)
            for pixel in 0..<(width * height) {
                let alpha: UInt8 = random.next() % 5 == 0 ? UInt8(truncatingIfNeeded: random.next()) : 255
                source[4 * pixel + 3] = alpha
                for channel in 0..<3 { source[4 * pixel + channel] = UInt8(random.next() % (UInt64(alpha) + 1)) }
            }
            var swapped = [UInt8](repeating: 0, count: source.count)
            raster_swap_red_blue(source, UInt32(width * 4), &swapped, UInt32(width * 4), UInt32(width), UInt32(height))
            var straight = [UInt8](repeating: 0, count: source.count)
            px_unpremultiply_bgra(source, width * 4, &straight, width * 4, Int32(width), Int32(height), 4)
            for pixel in 0..<(width * height) {
                let (b, g, r, a) = (
                    source[4 * pixel], source[4 * pixel + 1], source[4 * pixel + 2], source[4 * pixel + 3]
                )
                #expect(Array(swapped[4 * pixel..<4 * pixel + 4]) == [r, g, b, a], "width \(width) pixel \(pixel)")
                let expected = [r, g, b].map { c -> UInt8 in
                    a == 0 ? 0 : UInt8(min(255, (510 * Int(c) + Int(a)) / (2 * Int(a))))
                }
                #expect(Array(straight[4 * pixel..<4 * pixel + 4]) == expected + [a], "width \(width) pixel \(pixel)")
            }
        }
    }
}
