import CCairo
import CRaster

/// The memory of one layer's shadow mask and of its blur's sums, kept from mask to mask: a layer
/// that moves or scales gets a new mask every frame, and allocating a few megabytes each time
/// costs page faults that serialise threads in the kernel. Grows, never shrinks.
final class MaskMemory {
    private var pixels = UnsafeMutableRawPointer.allocate(byteCount: 0, alignment: 64)
    private var pixelCapacity = 0
    private var sums = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private var sumCapacity = 0

    deinit {
        pixels.deallocate()
        sums.deallocate()
    }

    /// Zeroed memory for `height` rows of `stride` bytes; valid until the next call.
    func clearedPixels(stride: Int, height: Int) -> UnsafeMutableRawPointer {
        let count = stride * height
        if count > pixelCapacity {
            // Room to grow: a shadow that grows a little every frame must not reallocate each time.
            pixelCapacity = count + count / 2
            pixels.deallocate()
            pixels = .allocate(byteCount: pixelCapacity, alignment: 64)
        }
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        return pixels
    }

    /// Scratch sums for blurring a `width` × `height` mask; valid until the next call.
    func blurSums(width: Int32, height: Int32) -> UnsafeMutablePointer<UInt32> {
        let count = raster_blur_scratch_count(width, height)
        if count > sumCapacity {
            sumCapacity = count + count / 2
            sums.deallocate()
            sums = .allocate(capacity: sumCapacity)
        }
        return sums
    }
}
