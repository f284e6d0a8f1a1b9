#if canImport(Glibc)
    import Glibc
#endif

/// One decoded frame: premultiplied B, G, R, A bytes per pixel (Cairo ARGB32 on a little-endian
/// machine), rows `stride` bytes apart. Written once when decoded and never changed afterwards,
/// so any number of threads may read it at once.
public final class FootageFrame: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: UnsafeRawPointer

    /// Takes ownership of `pixels`, which must come from malloc.
    init(width: Int, height: Int, stride: Int, owning pixels: UnsafeMutableRawPointer) {
        (self.width, self.height, self.stride, self.pixels) = (width, height, stride, UnsafeRawPointer(pixels))
    }

    deinit {
        free(UnsafeMutableRawPointer(mutating: pixels))
    }

    /// Uninitialised malloc'd memory for a frame of this size with packed rows, or nil when
    /// memory runs out.
    static func allocate(width: Int, height: Int) -> UnsafeMutableRawPointer? {
        malloc(width * height * 4)
    }

    public var byteCount: Int { stride * height }

    /// The frame's bytes, `byteCount` of them.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: pixels, count: byteCount) }
}
