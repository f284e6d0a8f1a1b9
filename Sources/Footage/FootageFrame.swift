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
    /// The bytes mapped for the pixels (`allocate`), or 0 when they come from malloc.
    private let mappedBytes: Int

    /// Takes ownership of `pixels`, which must come from malloc, or from `allocate` for a frame
    /// of this size with packed rows.
    init(width: Int, height: Int, stride: Int, owning pixels: UnsafeMutableRawPointer, mapped: Bool = false) {
        (self.width, self.height, self.stride, self.pixels) = (width, height, stride, UnsafeRawPointer(pixels))
        mappedBytes = mapped ? Self.mappingSize(width: width, height: height) : 0
    }

    deinit {
        if mappedBytes > 0 {
            munmap(UnsafeMutableRawPointer(mutating: pixels), mappedBytes)
        } else {
            free(UnsafeMutableRawPointer(mutating: pixels))
        }
    }

    /// Uninitialised memory for a frame of this size with packed rows, mapped from the kernel
    /// and given back to it when the frame goes, or nil when memory runs out. Frames decoded by
    /// one thread and let go by another would otherwise stay in malloc's per-thread arenas,
    /// which keep the megabytes of freed frames resident.
    static func allocate(width: Int, height: Int) -> UnsafeMutableRawPointer? {
        let mapped = mmap(
            nil, mappingSize(width: width, height: height), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        return mapped == MAP_FAILED ? nil : mapped
    }

    /// One row more than the picture: the decoder converts straight into it (CVideoDecode.h).
    private static func mappingSize(width: Int, height: Int) -> Int { width * (height + 1) * 4 }

    public var byteCount: Int { stride * height }

    /// The frame's bytes, `byteCount` of them.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: pixels, count: byteCount) }
}
