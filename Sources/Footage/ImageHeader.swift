import CRegularFile
import Foundation

/// The pixel size a PNG or JPEG file declares in its header, read without decoding the image,
/// so that a sequence's sizes are checked before its first frame is drawn.
enum ImageHeader {
    /// The declared size, or nil when the file is not a PNG or JPEG or its header is cut short
    /// (decoding it then says why). A FIFO, a device or a folder is refused unread.
    static func size(ofFile path: String) throws(FootageError) -> (width: Int, height: Int)? {
        var kind: UnsafePointer<CChar>?
        let descriptor = regular_file_open(path, &kind)
        if let kind { throw .notRegularFile(path: path, kind: String(cString: kind)) }
        guard descriptor >= 0 else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let start = try? file.read(upToCount: 24), start.count >= 4 else { return nil }
        let bytes = [UInt8](start)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count == 24 {
            return (bigEndian(bytes[16..<20]), bigEndian(bytes[20..<24]))
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegSize(file) }
        return nil
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
}
