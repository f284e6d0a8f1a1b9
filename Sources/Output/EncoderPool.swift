import Foundation

/// PNG encoders for concurrent writers: each call takes one (made on demand from the first's
/// settings) and gives it back, so a conversion buffer is never shared and never reallocated
/// per frame.
final class EncoderPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [PNGEncoder]
    private let compressionLevel: Int32

    init(first: PNGEncoder) {
        idle = [first]
        compressionLevel = first.compressionLevel
    }

    func take() -> PNGEncoder {
        // Cannot fail: the first encoder was made with this level.
        lock.withLock { idle.popLast() } ?? (try! PNGEncoder(compressionLevel: compressionLevel))
    }

    func give(_ encoder: PNGEncoder) {
        lock.withLock { idle.append(encoder) }
    }
}
