/// A borrowed view of one rendered frame: premultiplied BGRA bytes (Cairo ARGB32 on a
/// little-endian machine), rows `stride` bytes apart, origin at the top left.
/// The pixels only need to stay valid for the call they are passed to.
public struct FrameView {
    public let width: Int, height: Int, stride: Int
    public let pixels: UnsafePointer<UInt8>

    public init(width: Int, height: Int, stride: Int, pixels: UnsafePointer<UInt8>) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }

    /// Bytes in one tightly packed row of 4-byte pixels.
    var packedRowBytes: Int {
        width * 4
    }
}
