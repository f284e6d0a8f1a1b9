import Foundation

/// A source whose frames a read-ahead decodes in one pass: a video clip (which decodes forward
/// from a keyframe) or an image sequence (each file alone).
protocol PassageDecoding: FrameSource {
    /// The first frame that decoding frame `index` goes through (`index` itself when frames are
    /// decoded alone); decoding each frame from there to `index` in turn decodes every picture once.
    func passage(to index: Int) -> Int
    /// Decodes frame `index`, the next of a passage; its pixels when `keep` (nil otherwise: a
    /// frame passed over is decoded, not converted).
    func decodePassing(_ index: Int, keep: Bool) throws(FootageError) -> FootageFrame?
    /// Whether each frame is decoded on its own (`passage(to: i)` is always `i`), so several
    /// can be decoded at once.
    var decodesAlone: Bool { get }
    /// The threads decoding may use (a codec's own), from the next frame on.
    func setDecodingThreads(_ threads: Int)
    /// Lets go of what decoding holds (the codec, its threads and buffers) until the next frame.
    func releaseDecoder()
    /// The cache the source's frames are asked through.
    var frameCache: FrameCache { get }
}

/// The frames of one source that a render will show, decoded ahead of the rendering lanes in one
/// pass, in the order the render shows them.
///
/// A thread of its own walks the render's frames from the first, asking `needs` which of the
/// source's frames each shows, and decodes each frame not yet held, up to `window` render frames
/// past the lowest frame not yet delivered (`advance(to:)`). A video decodes forward from a
/// keyframe (`passage`): frames it passes over are decoded without being converted, except those
/// shown again soon (within the window plus the passage's own length), which are kept: so a clip
/// played backwards decodes each group of pictures once. A held frame is let go once every frame
/// that shows it has been delivered, and the decoder once it has decoded nothing for a window's
/// frames (it is opened again when a frame needs it).
///
/// Lanes ask through the source's cache (`FrameSource.frame(index:)`) as before: a frame held is
/// returned at once; one the window will bring is waited for; any other (a frame this render was
/// not planned with, such as a snapshot's) is decoded on demand. `window` must be at least the
/// frames a render holds in flight, so that every frame a lane renders lies within it.
public final class FootageReadAhead: @unchecked Sendable {
    private struct Held {
        var frame: Result<FootageFrame, FootageError>
        /// The last render frame known to show it.
        var last: Int
    }

    private let source: any PassageDecoding
    /// The source read ahead.
    public var footage: any FrameSource { source }
    private let range: Range<Int>
    private let window: Int
    private let threads: Int
    private let needs: @Sendable (Int) -> [Int]
    private let condition = NSCondition()
    private var held: [Int: Held] = [:]
    /// The lowest render frame not yet delivered.
    private var frontier: Int
    /// Every render frame before it has its frames held (or their failures).
    private var cursor: Int
    private var stopped = false
    private var finished = false
    /// Whether the decoder holds anything (it has decoded since it was last released).
    private var decoderOpen = false
    /// The render frame the thread last decoded for.
    private var lastDecoded = Int.min / 2
    /// `needs` of the render frames ahead of the cursor, computed once each.
    private var known: [Int: [Int]] = [:]
    public private(set) var peakFrames = 0
    /// The source's decoded count when the read-ahead started.
    private let decodedAtStart: Int

    /// Starts reading ahead for a render of `frames` on `threads` threads; nil when `source`
    /// cannot be read ahead or is already read ahead by another render (it is then decoded on
    /// demand). A video's codec decodes on as many threads as the render has lanes: the lanes
    /// convert the pictures it decodes (`FootageFrame`), so a thread more, libavcodec's own
    /// choice, would only compete with them for the cores the render was given
    /// (docs/BENCHMARKS.md has the measurements).
    /// With `feeding`, the thread (and the codec's threads it starts) runs at a feeder's lower
    /// priority (`ThreadPriority`).
    public init?(
        source: any FrameSource, frames: Range<Int>, window: Int, threads: Int, feeding: Bool = false,
        needs: @escaping @Sendable (Int) -> [Int]
    ) {
        guard let decoding = source as? any PassageDecoding, !frames.isEmpty else { return nil }
        self.source = decoding
        range = frames
        self.window = max(window, 1)
        self.threads = max(threads, 1)
        self.needs = needs
        frontier = frames.lowerBound
        cursor = frames.lowerBound
        decodedAtStart = decoding.decodedFrameCount
        guard decoding.frameCache.attach(self) else { return nil }
        decoding.setDecodingThreads(self.threads)
        // Not kept: the thread holds the read-ahead until it ends, and a kept thread would hold it
        // for ever.
        let thread = Thread { [self] in
            if feeding { ThreadPriority.lowerForFeeding() }
            run()
        }
        thread.name = "pipeline read-ahead"
        thread.start()
    }

    /// The pictures the source decoded since the read-ahead started, on demand ones included.
    public var decoded: Int { source.decodedFrameCount - decodedAtStart }

    /// Every frame before `frame` has been delivered: frames only they show are let go (by the
    /// read-ahead's thread, once it knows which frames after them show what), and the window
    /// moves on.
    public func advance(to frame: Int) {
        condition.withLock {
            guard frame > frontier else { return }
            frontier = frame
            condition.broadcast()
        }
    }

    /// Ends the read-ahead: its thread stops, its frames and the decoder are let go, and the
    /// source is decoded on demand again.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while !finished { condition.wait() }
            held.removeAll()
        }
        source.frameCache.detach(self)
    }

    /// Frame `index` as the read-ahead has it or will have it within the window; nil when it
    /// will not (decode it on demand).
    func frame(index: Int) -> Result<FootageFrame, FootageError>? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let entry = held[index] { return entry.frame }
            if stopped || finished || cursor >= min(frontier + window, range.upperBound) { return nil }
            condition.wait()
        }
    }

    private func run() {
        condition.lock()
        while !stopped {
            // Frames already delivered need nothing more: lanes may pass the thread where every
            // frame they show is held.
            if cursor < frontier {
                cursor = frontier
                known = known.filter { $0.key >= frontier }
            }
            if cursor >= range.upperBound { break }
            if cursor >= frontier + window {
                // Releasing lets go of the lock: what changed meanwhile is looked at before waiting.
                if !releaseIfIdle() { condition.wait() }
                continue
            }
            let frame = cursor
            let indices = known.removeValue(forKey: frame) ?? unlocked { needs(frame) }
            for index in indices where !stopped {
                if held[index] != nil {
                    held[index]!.last = max(held[index]!.last, frame)
                } else if source.decodesAlone {
                    decodeAlone(from: frame)
                } else {
                    decode(index, for: frame)
                }
            }
            cursor = frame + 1
            // A frame shown up to the one before this is shown by none after it that the thread
            // knows of; one shown again later is decoded again then.
            let dead = min(frontier, frame)
            held = held.filter { $0.value.last >= dead }
            condition.broadcast()
        }
        condition.unlock()
        source.releaseDecoder()
        condition.withLock {
            finished = true
            decoderOpen = false
            condition.broadcast()
        }
    }

    /// Decodes the passage to `index`, shown at render frame `frame`, keeping the frames shown
    /// again soon. Called with the lock held; decodes without it.
    private func decode(_ index: Int, for frame: Int) {
        let start = unlocked { source.passage(to: index) }
        // Frames passed over are kept when a frame shows them before this horizon. It moves on
        // while the frames after keep showing the passage's frames, so a passage shown over more
        // render frames than it has pictures (a rewind at a lower frame rate than the render's,
        // or slowed down) is kept whole; what is kept never exceeds the passage.
        var horizon = min(frame + window + max(index - start, 0), range.upperBound)
        var keep: [Int: Int] = [index: frame]
        var later = frame + 1
        while start < index && later < horizon && keep.count <= index - start {
            let shown = known[later] ?? unlocked { needs(later) }
            known[later] = shown
            for other in shown where (start..<index).contains(other) {
                if keep[other] == nil { keep[other] = later }
                horizon = min(max(horizon, later + window + 1), range.upperBound)
            }
            later += 1
        }
        decoderOpen = true
        lastDecoded = frame
        for passing in min(start, index)...index {
            if stopped { return }
            let first = keep[passing]
            if let first, held[passing] != nil {
                held[passing]!.last = max(held[passing]!.last, first)
                continue
            }
            let result: Result<FootageFrame, FootageError>? = unlocked {
                do throws(FootageError) {
                    return try source.decodePassing(passing, keep: first != nil).map { .success($0) }
                } catch {
                    return .failure(error)
                }
            }
            // A frame passed over that fails costs nothing more: the next starts from a seek.
            if let first, let result { held[passing] = Held(frame: result, last: first) }
            peakFrames = max(peakFrames, held.count)
        }
    }

    /// Decodes at once, one per thread, the frames not yet held that the render frames from
    /// `frame` to the window's end show, for a source whose frames are decoded alone (a
    /// sequence's files). Lock held; decodes without it.
    private func decodeAlone(from frame: Int) {
        var wanted: [(index: Int, first: Int)] = []
        var later = frame
        while later < min(frontier + window, range.upperBound) && wanted.count < threads {
            let shown: [Int]
            if let computed = known[later] {
                shown = computed
            } else {
                shown = unlocked { needs(later) }
                if later > frame { known[later] = shown }
            }
            for index in shown where held[index] == nil && !wanted.contains(where: { $0.index == index }) {
                wanted.append((index, later))
            }
            later += 1
        }
        let indices = wanted.map(\.index)
        let results = unlocked {
            let slots = DecodedSlots(count: indices.count)
            DispatchQueue.concurrentPerform(iterations: indices.count) { slot in
                do throws(FootageError) {
                    slots.set(slot, try source.decodePassing(indices[slot], keep: true).map { .success($0) })
                } catch {
                    slots.set(slot, .failure(error))
                }
            }
            return slots.values
        }
        lastDecoded = frame
        for (slot, entry) in wanted.enumerated() {
            if let result = results[slot] { held[entry.index] = Held(frame: result, last: entry.first) }
        }
        peakFrames = max(peakFrames, held.count)
    }

    /// Releases the decoder when it has decoded nothing for a window's frames: the source is
    /// not shown, or holds one frame (a clip waiting for its start, or holding its last frame).
    /// Reopened, it starts from a keyframe again. Lock held; returns whether it released (and so
    /// let go of the lock meanwhile).
    private func releaseIfIdle() -> Bool {
        guard decoderOpen, cursor - lastDecoded >= window else { return false }
        decoderOpen = false
        unlocked { source.releaseDecoder() }
        return true
    }

    private func unlocked<T>(_ body: () -> T) -> T {
        condition.unlock()
        defer { condition.lock() }
        return body()
    }
}

/// The results of decodes running at once, one slot each.
private final class DecodedSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<FootageFrame, FootageError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ slot: Int, _ value: Result<FootageFrame, FootageError>?) {
        lock.withLock { slots[slot] = value }
    }

    var values: [Result<FootageFrame, FootageError>?] { lock.withLock { slots } }
}
