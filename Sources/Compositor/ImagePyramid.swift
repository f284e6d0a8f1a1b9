import CCairo
import CRaster
import Foundation

/// An image at successive half sizes (a mipmap pyramid), so an image drawn much smaller than its
/// source is sampled from pixels near the drawn size instead of filtering every source pixel of
/// every frame. Level 0 is the decoded image; level n + 1 is level n halved, rounding up, down to
/// 1 × 1 pixel. Each of its pixels is the rounded mean of a 2 × 2 block of premultiplied pixels
/// (a block cut by an odd edge repeats the pixels it has): a box filter, exact in integers, so a
/// level is a pure function of level 0, the same bytes whichever thread makes it and in whatever
/// order. Levels are made once, when first asked for, by whichever rendering thread asks first,
/// and freed with the pyramid (with its image, at the end of the render).
final class ImagePyramid: @unchecked Sendable {
    /// Premultiplied ARGB32 pixels, as Cairo reads them.
    struct Level {
        let pixels: UnsafeMutablePointer<UInt8>
        let width: Int, height: Int, stride: Int
    }

    /// How many levels there are, down to 1 × 1.
    let count: Int
    private let lock = NSLock()
    /// The levels made so far, in order; the first is the image's own and not this pyramid's to free.
    private var levels: [Level]

    init(base: Level) {
        levels = [base]
        var (width, height, count) = (base.width, base.height, 1)
        while width > 1 || height > 1 {
            (width, height, count) = ((width + 1) / 2, (height + 1) / 2, count + 1)
        }
        self.count = count
    }

    deinit {
        for level in levels.dropFirst() { free(level.pixels) }
    }

    /// Level `index` (0 ..< count), made now along with the levels above it that are missing.
    func level(_ index: Int) -> Level {
        precondition((0..<count).contains(index), "no pyramid level \(index) of \(count)")
        return lock.withLock {
            while levels.count <= index { levels.append(Self.halving(levels[levels.count - 1])) }
            return levels[index]
        }
    }

    /// How many levels exist so far, level 0 included.
    var madeCount: Int { lock.withLock { levels.count } }

    /// The level to sample when the image's pixels reach the device through `matrix` (image pixels
    /// to device pixels): the smallest one whose pixels still span at most half a device pixel in
    /// any direction, so that Cairo's GOOD filter averages at least two of them per pixel drawn and
    /// a sub-pixel position still moves an edge as it does on the image itself (bilinear sampling
    /// of the level nearest the drawn size would spread each edge over two pixels). The largest
    /// singular value of the matrix's linear part is the most a unit of the image is stretched,
    /// whatever the rotation or skew (a column's length can miss a skew's stretch); level n's
    /// pixels are 2ⁿ image pixels across. 0 for an image drawn at a quarter of its size or more.
    func level(drawnThrough matrix: cairo_matrix_t) -> Int {
        let (a, b, c, d) = (matrix.xx, matrix.xy, matrix.yx, matrix.yy)
        let sum = a * a + b * b + c * c + d * d
        let determinant = a * d - b * c
        let stretch = ((sum + (max(0, sum * sum - 4 * determinant * determinant)).squareRoot()) / 2).squareRoot()
        guard stretch > 0, stretch.isFinite else { return 0 }
        // The margin keeps an exact quarter (from rounded products) on level 1.
        let level = Int(floor(log2(0.5 / stretch) + 1e-9))
        return min(max(level, 0), count - 1)
    }

    /// `level` halved, rounding up: each pixel the mean of a 2 × 2 block, every channel rounded half up.
    private static func halving(_ level: Level) -> Level {
        let (width, height) = ((level.width + 1) / 2, (level.height + 1) / 2)
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard let memory = malloc(stride * height) else { fatalError("out of memory for a \(width)×\(height) level") }
        raster_halve(
            level.pixels, UInt32(level.stride), UInt32(level.width), UInt32(level.height),
            memory.assumingMemoryBound(to: UInt8.self), UInt32(stride))
        return Level(pixels: memory.assumingMemoryBound(to: UInt8.self), width: width, height: height, stride: stride)
    }
}
