import CRegularFile
import Foundation

/// The pixel size a PNG, JPEG or WebP file declares in its header, read without decoding the
/// image, so that a sequence's sizes are checked before its first frame is drawn.
enum ImageHeader {
    /// The declared size, or nil when the file is not a PNG, JPEG or WebP or its header is cut
    /// short (decoding it then says why). A FIFO, a device or a folder is refused unread.
    static func size(ofFile path: String) throws(FootageError) -> (width: Int, height: Int)? {
        var kind: UnsafePointer<CChar>?
        let descriptor = regular_file_open(path, &kind)
        if let kind { throw .notRegularFile(path: path, kind: String(cString: kind)) }
        guard descriptor >= 0 else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let start = try? file.read(upToCount: 30), start.count >= 4 else { return nil }
        let bytes = [UInt8](start)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 24 {
            return (bigEndian(bytes[16..<20]), bigEndian(bytes[20..<24]))
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegSize(file) }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count == 30, bytes[8..<12].elementsEqual("WEBP".utf8) {
            return webpSize(bytes)
        }
        return nil
    }

    /// The first chunk of a WebP's RIFF container holds the size: a lossy frame header (14 bits
    /// each, after the 3-byte frame tag and the start code 9D 01 2A), a lossless header (14 bits
    /// each, less one, after the 0x2F signature) or, in the extended format, the canvas (24 bits
    /// each, less one).
    private static func webpSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 " where bytes[23..<26].elementsEqual([0x9D, 0x01, 0x2A]):
            return (littleEndian(bytes[26..<28]) & 0x3FFF, littleEndian(bytes[28..<30]) & 0x3FFF)
        case "VP8L" where bytes[20] == 0x2F:
            let bits = littleEndian(bytes[21..<25])
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            return (littleEndian(bytes[24..<27]) + 1, littleEndian(bytes[27..<30]) + 1)
        default:
            return nil
        }
    }

    /// Walks the JPEG's segments to its start-of-frame marker.
    private static func jpegSize(_ file: FileHandle) -> (width: Int, height: Int)? {
        var offset: UInt64 = 2
        while true {
            guard (try? file.seek(toOffset: offset)) != nil, let data = try? file.read(upToCount: 9),
                data.count >= 4
            else { return nil }
            let segment = [UInt8](data)
            guard segment[0] == 0xFF else { return nil }
            let marker = segment[1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard segment.count == 9 else { return nil }
                return (bigEndian(segment[7..<9]), bigEndian(segment[5..<7]))
            }
            let standalone = marker == 0x01 || (0xD0...0xD7).contains(marker)
            offset += standalone ? 2 : 2 + UInt64(bigEndian(segment[2..<4]))
        }
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
