import CCairo
import CRaster
import Foundation

/// One rendered frame: premultiplied Cairo ARGB32 pixels (bytes B, G, R, A on little endian),
/// rows `stride` bytes apart. Owns its memory; starts fully transparent. Used by one thread at
/// a time, like its Cairo surface.
public final class FrameBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt8>
    /// The block `pixels` lies in, for `free`.
    private let allocation: UnsafeMutableRawPointer
    private static let alignment = 64
    /// A Cairo surface over `pixels`, made once rather than per frame. Code that writes the
    /// pixels without Cairo (a mixer) is followed by `cairo_surface_mark_dirty` before Cairo reads.
    let surface: OpaquePointer
    /// The static image (see StaticLayers) these pixels hold outside `drawnOver`, or nil when
    /// they may hold anything. Whoever writes the pixels keeps it true.
    var heldStatic: (drawing: StaticImage, drawnOver: PixelBox)?

    /// The memory for a `width` × `height` frame could not be had.
    public struct OutOfMemory: Error, CustomStringConvertible {
        public let width: Int, height: Int, bytes: Int

        public var description: String {
            "not enough memory for a \(width)×\(height) frame: it needs \((bytes + (1 << 20) - 1) >> 20) MiB"
        }
    }

    public init(width: Int, height: Int) throws(OutOfMemory) {
        self.width = width
        self.height = height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        // Zeroed by the kernel page by page on first touch (calloc of a large block maps fresh
        // pages), so making a renderer's buffers costs nothing until a rendering thread writes.
        // Rows start on a cache line (calloc's large blocks start 16 bytes into a page): SIMD code
        // reading 32 or 64 bytes down a column then touches one line a row, not two (a blur's
        // vertical pass took 60% longer on the calloc address).
        // A spare row after the last: libswscale's vector code, converting a video frame straight
        // into the pixels (`FootageFrame.write`), may write past a row's end.
        let count = max(1, stride * height)
        guard let memory = calloc(count + stride + Self.alignment, 1) else {
            throw OutOfMemory(width: width, height: height, bytes: count)
        }
        allocation = memory
        let misalignment = Int(bitPattern: memory) % Self.alignment
        pixels = (memory + (misalignment == 0 ? 0 : Self.alignment - misalignment)).assumingMemoryBound(to: UInt8.self)
        surface = cairo_image_surface_create_for_data(
            pixels, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
    }

    deinit {
        cairo_surface_destroy(surface)
        free(allocation)
    }

    /// The premultiplied colour at (x, y), for tests and checks.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the frame")
        let p = pixels + y * stride + x * 4
        return (p[2], p[1], p[0], p[3])
    }

    /// Swaps red and blue in place: Cairo's BGRA bytes become the RGBA bytes mixers read and
    /// write, and back. Cairo must not read the pixels between the two swaps.
    public func swapRedAndBlue() {
        pixelsChanged()
        raster_swap_red_blue(pixels, UInt32(stride), pixels, UInt32(stride), UInt32(width), UInt32(height))
    }
}

extension FrameBuffer {
    /// Makes every pixel outside `box` transparent.
    func clear(outside box: PixelBox) {
        let (x0, x1) = (min(max(box.x0, 0), width), min(max(box.x1, 0), width))
        let (y0, y1) = (min(max(box.y0, 0), height), min(max(box.y1, 0), height))
        guard x0 < x1, y0 < y1 else {
            memset(pixels, 0, stride * height)
            return
        }
        memset(pixels, 0, stride * y0)
        memset(pixels + y1 * stride, 0, stride * (height - y1))
        for y in y0..<y1 {
            let row = pixels + y * stride
            memset(row, 0, x0 * 4)
            memset(row + x1 * 4, 0, (width - x1) * 4)
        }
    }

    /// Makes every pixel inside `box` transparent.
    func clear(within box: PixelBox) {
        let (x0, x1) = (min(max(box.x0, 0), width), min(max(box.x1, 0), width))
        let (y0, y1) = (min(max(box.y0, 0), height), min(max(box.y1, 0), height))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 { memset(pixels + y * stride + x0 * 4, 0, (x1 - x0) * 4) }
    }

    /// Whether every pixel of `rows` has alpha 255.
    public func rowsAreOpaque(_ rows: Range<Int>) -> Bool {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows \(rows) are outside the frame")
        return raster_rows_opaque(pixels + rows.lowerBound * stride, UInt32(stride), UInt32(width), UInt32(rows.count))
    }

    /// Copies `rows` into the same rows of `other`, a buffer of the same size.
    public func copyRows(_ rows: Range<Int>, into other: FrameBuffer) {
        precondition(other.width == width && other.height == height && other.stride == stride, "buffers differ in size")
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows \(rows) are outside the frame")
        other.pixelsChanged()
        (other.pixels + rows.lowerBound * stride).update(
            from: pixels + rows.lowerBound * stride, count: rows.count * stride)
    }
}
