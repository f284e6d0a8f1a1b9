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
}
