import CAnimatorABI
import CCairo
import Foundation
import Scene
import TestSupport
import Testing

@testable import Compositor

/// An image drawn much smaller than its source is sampled from a pyramid of box-filtered halves,
/// made only as far down as the drawn size needs.
@Suite struct ImagePyramidTests {
    /// Premultiplied (r, g, b, a) of the pixel at (x, y) of a level.
    func pixel(_ level: ImagePyramid.Level, _ x: Int, _ y: Int) -> [Int] {
        let p = level.pixels + y * level.stride + 4 * x
        return [Int(p[2]), Int(p[1]), Int(p[0]), Int(p[3])]
    }

    /// A decoded PNG of `width` × `height` with `rects` painted on transparency.
    func image(
        _ width: Int, _ height: Int, _ rects: [(anim_rect_t, anim_color_t)]
    ) throws -> (file: ImageFile, images: SceneImages, raster: RasterImage) {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("image.png").path
        writePNG(width: width, height: height, to: path, rects: rects)
        let (file, images) = try decodedImage(path)
        return (file, images, images[file]!)
    }

    /// 3 × 3: red, blue, white / clear, green, black / red, red, clear. Each level pixel is the
    /// rounded mean of its 2 × 2 block; past the odd edge a block repeats the pixels it has.
    @Test func eachLevelIsTheRoundedMeanOfTwoByTwoBlocks() throws {
        let black = anim_color_t(r: 0, g: 0, b: 0, a: 1)
        let (_, _, raster) = try image(
            3, 3,
            [
                (rect(0, 0, 1, 1), red), (rect(1, 0, 1, 1), blue), (rect(2, 0, 1, 1), white),
                (rect(1, 1, 1, 1), green), (rect(2, 1, 1, 1), black), (rect(0, 2, 2, 1), red),
            ])
        let pyramid = raster.pyramid
        #expect(pyramid.count == 3)
        let half = pyramid.level(1)
        #expect(half.width == 2 && half.height == 2)
        // (255 + 0 + 0 + 0 + 2) / 4 = 64 for each colour; alpha (3 × 255 + 2) / 4 = 191.
        #expect(pixel(half, 0, 0) == [64, 64, 64, 191])
        #expect(pixel(half, 1, 0) == [128, 128, 128, 255])
        #expect(pixel(half, 0, 1) == [255, 0, 0, 255])
        #expect(pixel(half, 1, 1) == [0, 0, 0, 0])
        let quarter = pyramid.level(2)
        #expect(quarter.width == 1 && quarter.height == 1)
        #expect(pixel(quarter, 0, 0) == [112, 48, 48, 175])
    }

    /// Random bytes at widths where the wide steps run, with and without a tail and an odd edge:
    /// every byte of the next level is (a + b + c + d + 2) / 4 of its block.
    @Test(arguments: [(1, 1), (7, 3), (8, 2), (9, 5), (16, 4), (17, 3), (33, 7), (64, 1)])
    func halvingGivesEveryBytesRoundedMean(width: Int, height: Int) {
        let stride = 4 * width + 12
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        defer { pixels.deallocate() }
        var generator = SeededGenerator(seed: UInt64(width * 1000 + height))
        for index in 0..<stride * height { pixels[index] = UInt8.random(in: 0...255, using: &generator) }
        let pyramid = ImagePyramid(
            base: ImagePyramid.Level(pixels: pixels, width: width, height: height, stride: stride))
        guard pyramid.count > 1 else { return }
        let half = pyramid.level(1)
        #expect(half.width == (width + 1) / 2 && half.height == (height + 1) / 2)
        for y in 0..<half.height {
            for x in 0..<half.width {
                let (left, right) = (2 * x, min(2 * x + 1, width - 1))
                let (top, bottom) = (2 * y, min(2 * y + 1, height - 1))
                for c in 0..<4 {
                    let sum = [(left, top), (right, top), (left, bottom), (right, bottom)]
                        .map { Int(pixels[$0.1 * stride + 4 * $0.0 + c]) }.reduce(0, +)
                    let byte = Int(half.pixels[y * half.stride + 4 * x + c])
                    #expect(byte == (sum + 2) / 4, "\(width)×\(height): (\(x), \(y)) byte \(c)")
                }
            }
        }
    }

    @Test func levelsHalveRoundingUpDownToOnePixel() throws {
        // The image owns level 0's pixels: it must outlive the levels made from them.
        let raster = try image(5, 2, [(rect(0, 0, 5, 2), red)]).raster
        let pyramid = raster.pyramid
        let sizes = withExtendedLifetime(raster) {
            (0..<pyramid.count).map { [pyramid.level($0).width, pyramid.level($0).height] }
        }
        #expect(sizes == [[5, 2], [3, 1], [2, 1], [1, 1]])
    }

    /// Level n's pixels are 2ⁿ image pixels across; each pixel drawn spans at least two of them.
    @Test(arguments: [
        (cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0), 0),
        (cairo_matrix_t(xx: 0.3, yx: 0, xy: 0, yy: 0.3, x0: 5, y0: 5), 0),
        (cairo_matrix_t(xx: 0.25, yx: 0, xy: 0, yy: 0.25, x0: 0, y0: 0), 1),
        (cairo_matrix_t(xx: 0.025, yx: 0, xy: 0, yy: 0.025, x0: 0, y0: 0), 4),
        // Squeezed on one axis only: the other still needs every pixel.
        (cairo_matrix_t(xx: 0.01, yx: 0, xy: 0, yy: 0.5, x0: 0, y0: 0), 0),
        // Turned 45° at a twentieth: the stretch is the scale.
        (cairo_matrix_t(xx: 0.05 * 0.7071, yx: 0.05 * 0.7071, xy: -0.05 * 0.7071, yy: 0.05 * 0.7071, x0: 0, y0: 0), 3),
        // A skew stretches more (0.28) than either column's length (0.17 and 0.24) says.
        (cairo_matrix_t(xx: 0.17, yx: 0, xy: 0.17, yy: 0.17, x0: 0, y0: 0), 0),
        (cairo_matrix_t(xx: 0, yx: 0, xy: 0, yy: 0, x0: 0, y0: 0), 0),
    ])
    func theLevelFollowsTheLargestStretch(matrix: cairo_matrix_t, level: Int) throws {
        let raster = try image(64, 64, [(rect(0, 0, 64, 64), red)]).raster
        #expect(raster.pyramid.level(drawnThrough: matrix) == level)
    }

    /// A 4000 × 4000 image drawn into 100 × 100 pixels makes levels 1 to 4 (250 × 250) and no
    /// further; the picture is the exact path's within a few levels (at the quarters' meeting
    /// point the level's wider box reaches a little across, where GOOD's kernel, capped at 16
    /// source pixels, skips most of each 40 it should average).
    @Test func aLargeImageDrawnSmallIsSampledFromASmallLevel() throws {
        let quarters: [(anim_rect_t, anim_color_t)] = [
            (rect(0, 0, 2000, 2000), red), (rect(2000, 0, 2000, 2000), green), (rect(0, 2000, 2000, 2000), blue),
            (rect(2000, 2000, 2000, 2000), white),
        ]
        let (file, images, raster) = try image(4000, 4000, quarters)
        let canvas = Canvas(width: 100, height: 100, background: clear)
        let contents = [LayerContent(image: file, gravity: .fill)]
        let layers = [layer(rect(0, 0, 100, 100))]
        let exact = FrameBuffer.blank(width: 100, height: 100)
        Compositor(canvas: canvas, contents: contents, images: images, imageScaling: .exact).render(layers, into: exact)
        #expect(raster.pyramid.madeCount == 1, "the exact path makes no level")
        let mipmapped = FrameBuffer.blank(width: 100, height: 100)
        Compositor(canvas: canvas, contents: contents, images: images).render(layers, into: mipmapped)
        #expect(raster.pyramid.madeCount == 5)
        #expect(raster.pyramid.level(4).width == 250)
        for (x, y) in [(25, 25), (75, 25), (25, 75), (75, 75), (49, 49), (50, 50), (0, 0), (99, 99)] {
            #expect(
                isClose(mipmapped.pixel(x: x, y: y), exact.pixel(x: x, y: y), tolerance: 3),
                "(\(x), \(y)): \(mipmapped.pixel(x: x, y: y)) vs \(exact.pixel(x: x, y: y))")
        }
    }

    /// Drawn at more than a quarter of its size, an image takes the exact path, to the byte.
    @Test func anImageDrawnLargerIsDrawnFromTheImageItself() throws {
        let (file, images, raster) = try image(200, 200, [(rect(20, 30, 90, 70), red), (rect(100, 0, 50, 200), blue)])
        let contents = [LayerContent(image: file, gravity: .fill)]
        let layers = [layer(rect(3.5, 2.25, 51, 51))]
        let mipmapped = render(layers, contents, images: images)
        let exact = FrameBuffer.blank(width: 64, height: 64)
        Compositor(
            canvas: Canvas(width: 64, height: 64, background: clear), contents: contents, images: images,
            imageScaling: .exact
        ).render(layers, into: exact)
        #expect(bytes(of: mipmapped) == bytes(of: exact))
        #expect(raster.pyramid.madeCount == 1)
    }
}
