import CImageCodecs
import Foundation

/// An opaque frame as a baseline JPEG at `quality` (1–100, 4:2:0 chroma), in memory: what the
/// studio sends while it plays. The frame's fourth bytes are ignored, so a frame with any
/// translucent pixel should go as a PNG instead (`encodePNG`).
public func encodeJPEG(_ frame: FrameView, quality: Int) throws(OutputError) -> [UInt8] {
    var jpeg: UnsafeMutablePointer<UInt8>?
    var size = 0
    var reason = [CChar](repeating: 0, count: 256)
    let status = jpeg_write_memory(
        frame.pixels, Int32(clamping: frame.width), Int32(clamping: frame.height), frame.stride,
        Int32(clamping: quality), &jpeg, &size, &reason, reason.count)
    defer { free(jpeg) }
    guard status == 0, let jpeg else {
        throw OutputError(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return Array(UnsafeBufferPointer(start: jpeg, count: size))
}
