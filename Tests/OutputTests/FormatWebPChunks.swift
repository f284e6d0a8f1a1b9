import Foundation

/// What an animated WebP's RIFF chunks say: canvas size and flags (VP8X), loop count (ANIM),
/// and one ANMF chunk per frame.
struct WebPChunks {
    var canvas = (0, 0)
    var hasAlpha = false, isAnimated = false
    var loopCount = -1
    var frameCount = 0

    struct Malformed: Error {}

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4] == Array("RIFF".utf8)[...], bytes[8..<12] == Array("WEBP".utf8)[...]
        else { throw Malformed() }
        let little = { (at: Int, count: Int) in (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        var offset = 12
        while offset + 8 <= bytes.count {
            let name = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = little(offset + 4, 4)
            let body = offset + 8
            guard body + size <= bytes.count else { throw Malformed() }
            switch name {
            case "VP8X":
                hasAlpha = bytes[body] & 0x10 != 0
                isAnimated = bytes[body] & 0x02 != 0
                canvas = (little(body + 4, 3) + 1, little(body + 7, 3) + 1)
            case "ANIM": loopCount = little(body + 4, 2)
            case "ANMF": frameCount += 1
            default: break
            }
            offset = body + size + size % 2
        }
    }
}
