import CImageCodecs

/// Writes one still frame as a PNG, atomically (temporary name, then rename).
/// A fully opaque frame is stored as RGB, anything else as RGBA.
public func writePNG(_ frame: FrameView, to path: String, compressionLevel: Int32 = 1) throws(OutputError) {
    try PNGEncoder(compressionLevel: compressionLevel).write(frame, index: 0, to: path)
}

/// Converts frames to straight alpha in one reused buffer and writes each as a PNG file.
///
/// The choice between RGB and RGBA is made per frame: an opaque frame loses nothing without
/// alpha and is a quarter smaller and faster to compress, and every PNG reader takes both.
final class PNGEncoder {
    let compressionLevel: Int32
    private let buffer = StraightPixelBuffer()

    init(compressionLevel: Int32) throws(OutputError) {
        guard (0...9).contains(compressionLevel) else {
            throw OutputError("png compression level \(compressionLevel) is out of range: use 0 (none) to 9 (smallest)")
        }
        self.compressionLevel = compressionLevel
    }

    func write(_ frame: FrameView, index: Int, to path: String) throws(OutputError) {
        let staged = StagedFile(path: path)
        do {
            try encode(frame, index: index, describedAs: path) { pixels, width, height, channels, level, reason, size in
                png_write_file(
                    staged.temporaryPath, pixels, width, height, Int(width * channels), channels, level, reason, size)
            }
        } catch {
            staged.discard()
            throw error
        }
        try staged.commit()
    }

    /// The C writer's signature less its destination: pixels, width, height, channels,
    /// compression level, reason buffer and its size; returns 0 or -1.
    typealias CWriter = (UnsafePointer<UInt8>, Int32, Int32, Int32, Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    /// Converts `frame` to straight alpha and hands it to `writer` (png_write_file or
    /// png_write_stream); its reason for a failure becomes the error about `destination`.
    func encode(_ frame: FrameView, index: Int, describedAs destination: String, _ writer: CWriter) throws(OutputError)
    {
        try OutputError.validate(frame, index: index)
        let channels = frame.isOpaque ? 3 : 4
        let pixels = buffer.fill(from: frame, channels: channels)
        var reason = [CChar](repeating: 0, count: 256)
        let status = writer(
            pixels, Int32(frame.width), Int32(frame.height), Int32(channels), compressionLevel, &reason, reason.count)
        guard status == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
            throw OutputError("cannot write \(destination): \(text)")
        }
    }
}
