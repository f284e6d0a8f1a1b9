import CCairo

/// One rendered frame: premultiplied Cairo ARGB32 pixels (bytes B, G, R, A on little endian),
/// rows `stride` bytes apart. Owns its memory; starts fully transparent.
public final class FrameBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt8>

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let count = max(1, stride * height)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
    }

    deinit {
        pixels.deallocate()
    }

    /// The premultiplied colour at (x, y), for tests and checks.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the frame")
        let p = pixels + y * stride + x * 4
        return (p[2], p[1], p[0], p[3])
    }
}
