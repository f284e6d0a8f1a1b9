import CRaster

/// A reusable buffer of tightly packed straight-alpha pixels, so a sink converts every frame
/// without allocating.
final class StraightPixelBuffer {
    private var storage: UnsafeMutablePointer<UInt8>?
    private var capacity = 0

    deinit {
        storage?.deallocate()
    }

    /// Converts `frame` to straight RGBA (`channels` 4) or RGB (3, meant for opaque frames).
    /// The result stays valid until the next call; its rows are `width * channels` bytes apart.
    func fill(from frame: FrameView, channels: Int) -> UnsafePointer<UInt8> {
        let rowBytes = frame.width * channels
        let destination = reserve(rowBytes * frame.height)
        px_unpremultiply_bgra(
            frame.pixels, frame.stride, destination, rowBytes,
            Int32(frame.width), Int32(frame.height), Int32(channels))
        return UnsafePointer(destination)
    }

    /// Copies `frame` as it is, dropping any row padding, when its stride is not already packed.
    func packed(_ frame: FrameView) -> UnsafePointer<UInt8> {
        let rowBytes = frame.packedRowBytes
        guard frame.stride != rowBytes else { return frame.pixels }
        let destination = reserve(rowBytes * frame.height)
        for row in 0..<frame.height {
            (destination + row * rowBytes).update(from: frame.pixels + row * frame.stride, count: rowBytes)
        }
        return UnsafePointer(destination)
    }

    private func reserve(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
        if let storage, capacity >= bytes { return storage }
        storage?.deallocate()
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes)
        storage = fresh
        capacity = bytes
        return fresh
    }
}

extension FrameView {
    /// Whether every pixel is fully opaque, so the alpha channel carries nothing.
    var isOpaque: Bool {
        px_bgra_is_opaque(pixels, Int32(width), Int32(height), stride)
    }
}
