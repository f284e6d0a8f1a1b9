import Foundation

/// The most recently used decoded frames of one source, so that threads rendering neighbouring
/// frames share the decoding. It holds at most 8 frames and at most 256 MB (but always one), so
/// memory stays bounded whatever the clip's length. A frame being decoded is decoded once: other
/// threads asking for it wait for it rather than decoding it again.
final class FrameCache: @unchecked Sendable {
    static let maximumFrames = 8
    static let maximumBytes = 256 << 20

    let capacity: Int
    private let condition = NSCondition()
    /// Least recently used first.
    private var frames: [(index: Int, frame: FootageFrame)] = []
    private var decoding: Set<Int> = []
    /// The render reading the source ahead, which has the frames it shows.
    private var readAhead: FootageReadAhead?

    init(frameBytes: Int) {
        capacity = max(1, min(Self.maximumFrames, Self.maximumBytes / max(frameBytes, 1)))
    }

    /// The cached frame `index`, or the one `decode` makes (then cached). Different indices are
    /// decoded in parallel; `decode` serialises what must be serialised.
    func frame(
        index: Int, decode: (Int) throws(FootageError) -> FootageFrame
    ) throws(FootageError) -> FootageFrame {
        if let planned = condition.withLock({ readAhead })?.frame(index: index) { return try planned.get() }
        condition.lock()
        while true {
            if let hit = take(index) {
                condition.unlock()
                return hit
            }
            guard decoding.contains(index) else { break }
            condition.wait()
        }
        decoding.insert(index)
        condition.unlock()
        let result: Result<FootageFrame, FootageError>
        do { result = .success(try decode(index)) } catch { result = .failure(error) }
        condition.lock()
        decoding.remove(index)
        if case .success(let frame) = result { store(frame, index: index) }
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }

    /// Makes `readAhead` the source of the frames it plans; false when another already is.
    func attach(_ readAhead: FootageReadAhead) -> Bool {
        condition.withLock {
            guard self.readAhead == nil else { return false }
            self.readAhead = readAhead
            return true
        }
    }

    func detach(_ readAhead: FootageReadAhead) {
        condition.withLock {
            if self.readAhead === readAhead { self.readAhead = nil }
        }
    }

    /// The cached frame, made the most recently used. Called with the lock held.
    private func take(_ index: Int) -> FootageFrame? {
        guard let position = frames.firstIndex(where: { $0.index == index }) else { return nil }
        let entry = frames.remove(at: position)
        frames.append(entry)
        return entry.frame
    }

    private func store(_ frame: FootageFrame, index: Int) {
        frames.append((index, frame))
        if frames.count > capacity { frames.removeFirst(frames.count - capacity) }
    }
}
