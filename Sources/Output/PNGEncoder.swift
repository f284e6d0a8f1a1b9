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
    private let compressionLevel: Int32
    private let buffer = StraightPixelBuffer()

    init(compressionLevel: Int32) throws(OutputError) {
        guard (0...9).contains(compressionLevel) else {
            throw OutputError("png compression level \(compressionLevel) is out of range: use 0 (none) to 9 (smallest)")
        }
        self.compressionLevel = compressionLevel
    }

    func write(_ frame: FrameView, index: Int, to path: String) throws(OutputError) {
        try OutputError.validate(frame, index: index)
        let channels = frame.isOpaque ? 3 : 4
        let pixels = buffer.fill(from: frame, channels: channels)
        let staged = StagedFile(path: path)
        var reason = [CChar](repeating: 0, count: 256)
        let status = png_write_file(staged.temporaryPath, pixels, Int32(frame.width), Int32(frame.height),
                                    frame.width * channels, Int32(channels), compressionLevel,
                                    &reason, reason.count)
        guard status == 0 else {
            staged.discard()
            let text = String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
            throw OutputError("cannot write \(path): \(text)")
        }
        try staged.commit()
    }
}
