import CImageCodecs
import Foundation

/// Encodes one still frame as PNG bytes in memory, exactly as `writePNG` writes it to a file
/// (same libpng writer, same RGB/RGBA choice), for callers that send frames rather than save
/// them, such as the preview server.
public func encodePNG(_ frame: FrameView, compressionLevel: Int32 = 1) throws(OutputError) -> [UInt8] {
    try PNGEncoder(compressionLevel: compressionLevel).data(frame)
}

extension PNGEncoder {
    func data(_ frame: FrameView) throws(OutputError) -> [UInt8] {
        var bytes: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&bytes, &size) else {
            throw OutputError("cannot encode a PNG in memory: \(String(cString: strerror(errno)))")
        }
        // open_memstream's buffer is only final, and only ours to free, once the stream is closed.
        defer { free(bytes) }
        do {
            try encode(frame, index: 0, describedAs: "a PNG in memory") {
                pixels, width, height, channels, level, reason, reasonSize in
                png_write_stream(
                    stream, pixels, width, height, Int(width * channels), channels, level, reason, reasonSize)
            }
        } catch {
            fclose(stream)
            throw error
        }
        guard fclose(stream) == 0, let bytes else {
            throw OutputError("cannot encode a PNG in memory: \(String(cString: strerror(errno)))")
        }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: size) {
            Array(UnsafeBufferPointer(start: $0, count: size))
        }
    }
}
