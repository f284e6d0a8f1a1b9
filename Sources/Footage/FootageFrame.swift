import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A decoded picture not yet converted to the frame's pixels: a video's YUV picture, which most
/// frames keep until a rendering thread draws them (in parallel, and for a frame drawn over the
/// whole canvas straight into it: `FootageFrame.write(into:stride:)`).
protocol PendingPicture: AnyObject, Sendable {
    /// Converts the picture into `pixels` (`FootageFrame`'s layout and its spare row). Conversion
    /// fails only when memory runs out (what could fail otherwise was checked at decoding).
    func convert(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) -> Bool
    /// The same, scaled to `width` × `height` in the one conversion.
    func convert(into pixels: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int) -> Bool
}

/// One decoded frame: premultiplied B, G, R, A bytes per pixel (Cairo ARGB32 on a little-endian
/// machine), rows `stride` bytes apart. Its pixels never change once made, so any number of
/// threads may read them at once. A video's frame is converted to them from its decoded picture
/// when first read (on the thread that reads it), or written straight into a frame buffer.
public final class FootageFrame: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    /// True when every pixel's alpha is 255 because the source has no alpha (a video whose pixel
    /// format carries none): drawn as such, the frame replaces what is under it without blending.
    public let isOpaque: Bool
    /// Where the pixels go back to when the frame goes; nil when they come from malloc.
    private let pool: FramePool?
    private let buffer: UnsafeMutableRawPointer
    /// The picture `buffer` is still to be converted from; nil once it holds the pixels.
    private var pending: (any PendingPicture)?
    /// The picture, kept for the frame's life: whichever thread converts first, a smaller copy
    /// (`scaled`) is always converted from it, so its bytes never depend on the threads' order.
    private let picture: (any PendingPicture)?
    /// The smaller copies made so far, the latest last.
    private var scaledCopies: [FootageFrame] = []
    private let lock = NSLock()

    /// Takes ownership of `pixels`, which must come from malloc, or from `pool` (a frame of
    /// the pool's size with packed rows). With `pending`, the pixels are converted from it when
    /// first read.
    init(
        width: Int, height: Int, stride: Int, owning pixels: UnsafeMutableRawPointer, pool: FramePool? = nil,
        isOpaque: Bool = false, pending: (any PendingPicture)? = nil
    ) {
        (self.width, self.height, self.stride, buffer) = (width, height, stride, pixels)
        self.isOpaque = isOpaque
        self.pool = pool
        self.pending = pending
        picture = pending
    }

    deinit {
        if let pool {
            pool.giveBack(buffer)
        } else {
            free(buffer)
        }
    }

    /// The frame's pixels, converted now if no thread has read them yet.
    public var pixels: UnsafeRawPointer {
        lock.withLock {
            if let picture = pending {
                guard picture.convert(into: buffer.assumingMemoryBound(to: UInt8.self), stride: stride) else {
                    fatalError("not enough memory to convert a \(width)×\(height) video frame")
                }
                pending = nil
            }
        }
        return UnsafeRawPointer(buffer)
    }

    /// Writes the frame's pixels into `target` (rows `targetStride` bytes apart, the frame's size,
    /// with a spare row after the last): converted straight into it when no thread has read them
    /// yet, sparing a copy. The bytes are the same either way.
    public func write(into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int) {
        if let picture = lock.withLock({ pending }) {
            guard picture.convert(into: target, stride: targetStride) else {
                fatalError("not enough memory to convert a \(width)×\(height) video frame")
            }
            return
        }
        let source = pixels.assumingMemoryBound(to: UInt8.self)
        for row in 0..<height {
            (target + row * targetStride).update(from: source + row * stride, count: width * 4)
        }
    }

    /// The frame converted from its decoded picture at `width` × `height` in one libswscale pass
    /// (a clip drawn smaller, in a draft render), made once per size; nil for a frame without a
    /// picture (an image sequence's). Its rows are 64-byte aligned, as libswscale writes them best.
    public func scaled(width: Int, height: Int) -> FootageFrame? {
        guard let picture, width > 0, height > 0 else { return nil }
        return lock.withLock {
            if let copy = scaledCopies.first(where: { $0.width == width && $0.height == height }) { return copy }
            let stride = (width * 4 + 63) / 64 * 64
            var memory: UnsafeMutableRawPointer?
            // The spare row after the last, as for every frame the decoder converts into.
            guard posix_memalign(&memory, 64, stride * (height + 1)) == 0, let memory else { return nil }
            guard
                picture.convert(
                    into: memory.assumingMemoryBound(to: UInt8.self), stride: stride, width: width, height: height)
            else {
                free(memory)
                return nil
            }
            let copy = FootageFrame(width: width, height: height, stride: stride, owning: memory, isOpaque: isOpaque)
            // Two sizes cover a layer growing or shrinking across a frame boundary.
            scaledCopies = scaledCopies.suffix(1) + [copy]
            return copy
        }
    }

    public var byteCount: Int { stride * height }

    /// The frame's bytes, `byteCount` of them.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: pixels, count: byteCount) }
}

/// Memory for the frames of one source, mapped from the kernel: a frame let go gives its pixels
/// back here, for the next frame decoded, and those beyond the few kept go back to the kernel.
/// Mapped memory is never kept in malloc's per-thread arenas (frames are decoded by one thread
/// and let go by another, which would leave freed megabytes resident), and reusing it spares
/// the kernel's zeroing of every page of every frame.
final class FramePool: @unchecked Sendable {
    /// One row more than a frame: the decoder converts straight into it (CVideoDecode.h).
    let bytes: Int
    private let capacity: Int
    private let lock = NSLock()
    private var free: [UnsafeMutableRawPointer] = []
    /// Whether frames given back are kept: from the first `take` after a `drain` to the next.
    private var keeping = true

    init(width: Int, height: Int, capacity: Int = 8) {
        bytes = max(width * (height + 1) * 4, 1)
        self.capacity = capacity
    }

    deinit {
        for pixels in free { munmap(pixels, bytes) }
    }

    /// Uninitialised memory for a frame, or nil when memory runs out.
    func take() -> UnsafeMutableRawPointer? {
        let reused = lock.withLock {
            keeping = true
            return free.popLast()
        }
        if let reused { return reused }
        let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        return mapped == MAP_FAILED ? nil : mapped
    }

    func giveBack(_ pixels: UnsafeMutableRawPointer) {
        let kept = lock.withLock {
            guard keeping, free.count < capacity else { return false }
            free.append(pixels)
            return true
        }
        if !kept { munmap(pixels, bytes) }
    }

    /// Gives every kept mapping back to the kernel, and those of frames let go from now until
    /// the next `take`: the source is not being decoded.
    func drain() {
        let mappings = lock.withLock {
            keeping = false
            defer { free.removeAll() }
            return free
        }
        for pixels in mappings { munmap(pixels, bytes) }
    }
}
