import CRaster

/// Converts premultiplied BGRA frames to the yuv420p an encoder takes: BT.709 coefficients in TV
/// range, each chroma sample the mean of a 2×2 block (`raster_bgra_to_yuv420`). Alpha is dropped,
/// which for premultiplied colours is compositing over black. A pipe carrying yuv420p carries
/// 1.5 bytes a pixel instead of 4.
///
/// One thread at a time; converting allocates nothing.
final class YUV420Converter {
    /// The bytes of one converted frame: the Y, U and V planes, tightly packed.
    let frameBytes: Int
    private let frameWidth: Int, frameHeight: Int
    private let width: Int, height: Int
    private let planes: UnsafeMutableRawBufferPointer

    /// Converts `frameWidth`×`frameHeight` frames to `width`×`height` (at least as large),
    /// padding the right and bottom with black as ffmpeg's `pad` filter does.
    init(frameWidth: Int, frameHeight: Int, width: Int, height: Int) throws(OutputError) {
        guard frameWidth > 0, frameHeight > 0, width >= frameWidth, height >= frameHeight,
            width <= Int(UInt32.max), height <= Int(UInt32.max)
        else {
            throw OutputError(
                "cannot convert \(frameWidth)×\(frameHeight) frames to yuv420p at \(width)×\(height): "
                    + "the frames must have pixels and fit in the converted size")
        }
        (self.frameWidth, self.frameHeight, self.width, self.height) = (frameWidth, frameHeight, width, height)
        let luma = width.multipliedReportingOverflow(by: height)
        let chroma = ((width + 1) / 2).multipliedReportingOverflow(by: (height + 1) / 2)
        guard !luma.overflow, !chroma.overflow, chroma.partialValue <= (Int.max - luma.partialValue) / 2 else {
            throw OutputError("cannot convert frames to yuv420p at \(width)×\(height): the size is too large")
        }
        frameBytes = luma.partialValue + 2 * chroma.partialValue
        planes = .allocate(byteCount: frameBytes, alignment: 64)
    }

    deinit {
        planes.deallocate()
    }

    /// The converted frame, valid until the next call.
    func convert(_ frame: FrameView) -> UnsafeRawBufferPointer {
        precondition(frame.width == frameWidth && frame.height == frameHeight, "frame size checked by the sink")
        precondition(frame.stride <= Int(UInt32.max), "a frame's rows are less than 4 GiB apart")
        let chromaWidth = (width + 1) / 2
        let luma = planes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let blue = luma + width * height
        let red = blue + chromaWidth * ((height + 1) / 2)
        raster_bgra_to_yuv420(
            frame.pixels, UInt32(frame.stride), UInt32(frameWidth), UInt32(frameHeight), luma, UInt32(width), blue,
            red, UInt32(chromaWidth), UInt32(width), UInt32(height))
        return UnsafeRawBufferPointer(planes)
    }
}
