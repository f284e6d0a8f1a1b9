import CSwscale

/// Converts premultiplied BGRA frames to the yuv420p an encoder takes, through libswscale, as
/// ffmpeg's `scale=out_color_matrix=bt709,format=yuv420p` filter would (the same library, scaler
/// and colour settings, so the same bytes). Alpha is dropped, which for premultiplied colours is
/// compositing over black. A pipe carrying yuv420p carries 1.5 bytes a pixel instead of 4.
///
/// One thread at a time; converting allocates nothing.
final class YUV420Converter {
    /// The bytes of one converted frame: the Y, U and V planes, tightly packed.
    let frameBytes: Int
    private let frameWidth: Int, frameHeight: Int
    private let converter: OpaquePointer

    /// Converts `frameWidth`×`frameHeight` frames to `width`×`height` (at least as large),
    /// padding the right and bottom with black as ffmpeg's `pad` filter does, on `threads`
    /// threads a frame (the caller's among them), as ffmpeg's filter threads do: the bytes are
    /// the same for any number.
    init(frameWidth: Int, frameHeight: Int, width: Int, height: Int, threads: Int = 1) throws(OutputError) {
        if let failure = yuv420_unavailable() { throw OutputError(String(cString: failure)) }
        guard
            let converter = yuv420_converter_create(
                Int32(frameWidth), Int32(frameHeight), Int32(width), Int32(height), Int32(max(threads, 1)))
        else {
            throw OutputError(
                "cannot convert \(frameWidth)×\(frameHeight) frames to yuv420p at \(width)×\(height): "
                    + "libswscale refused the size or memory ran out")
        }
        self.converter = converter
        (self.frameWidth, self.frameHeight) = (frameWidth, frameHeight)
        frameBytes = yuv420_converter_frame_bytes(converter)
    }

    deinit {
        yuv420_converter_destroy(converter)
    }

    /// The converted frame, valid until the next call; nil if libswscale fails.
    func convert(_ frame: FrameView) -> UnsafeRawBufferPointer? {
        precondition(frame.width == frameWidth && frame.height == frameHeight, "frame size checked by the sink")
        guard let bytes = yuv420_converter_convert(converter, frame.pixels, frame.stride) else { return nil }
        return UnsafeRawBufferPointer(start: bytes, count: frameBytes)
    }
}
