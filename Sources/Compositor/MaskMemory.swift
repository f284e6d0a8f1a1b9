import CCairo
import CRaster

/// The memory of one layer's shadow mask and of its blur's sums, kept from mask to mask: a layer
/// that moves or scales gets a new mask every frame, and allocating a few megabytes each time
/// costs page faults that serialise threads in the kernel. Grows, never shrinks.
final class MaskMemory {
    private var pixels = GrowingMemory()
    private var sums = GrowingMemory()

    deinit {
        pixels.deallocate()
        sums.deallocate()
    }

    /// Zeroed memory for `height` rows of `stride` bytes; valid until the next call.
    func clearedPixels(stride: Int, height: Int) -> UnsafeMutableRawPointer {
        let count = stride * height
        let memory = pixels.holding(byteCount: count)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        return memory
    }

    /// Scratch sums for blurring a `width` × `height` mask; valid until the next call.
    func blurSums(width: Int32, height: Int32) -> UnsafeMutablePointer<UInt32> {
        let count = raster_blur_scratch_count(width, height)
        return sums.holding(byteCount: count * MemoryLayout<UInt32>.stride).bindMemory(to: UInt32.self, capacity: count)
    }
}

/// One block of memory, 64-byte aligned, replaced by a larger one when asked for more than it
/// has: half as much again as asked, so a shadow that grows a little every frame does not
/// reallocate each time.
private struct GrowingMemory {
    private var block = UnsafeMutableRawPointer.allocate(byteCount: 0, alignment: 64)
    private var capacity = 0

    /// The block, made at least `byteCount` long; its contents are lost when it grows.
    mutating func holding(byteCount: Int) -> UnsafeMutableRawPointer {
        if byteCount > capacity {
            capacity = byteCount + byteCount / 2
            block.deallocate()
            block = .allocate(byteCount: capacity, alignment: 64)
        }
        return block
    }

    func deallocate() { block.deallocate() }
}
