import Foundation
import Output

/// The frames the rendering threads wrote as files of their own (PNGs), in any order. When a
/// plugin fails at frame F, frames after F that other threads had already finished are taken
/// back, so the folder holds the frames before F, complete and in order: what an interrupted
/// run leaves too, and what a user (or a resumed run) can count on.
///
/// Sendable through its lock. An NSLock (a pthread mutex), not Synchronization's Mutex: on Linux
/// that one locks with futexes inside the uninstrumented runtime, which ThreadSanitizer cannot see.
final class WrittenFrames: @unchecked Sendable {
    private let lock = NSLock()
    private var indices: [Int] = []

    func add(_ index: Int) {
        lock.withLock { indices.append(index) }
    }

    /// Removes the files of frames after `failed` from `sinks`, which were abandoned, and says
    /// what stays (the run's frames start at `first`).
    func withdraw(after failed: Int, from sinks: [any FrameSink], first: Int) -> Withdrawal {
        let later = lock.withLock { indices.filter { $0 > failed } }
        let frameFiles = sinks.compactMap(\.concurrent)
        for sink in frameFiles { sink.withdraw(frames: later) }
        return Withdrawal(
            first: first, failed: failed, keptFrameFiles: !frameFiles.isEmpty,
            removedVideos: frameFiles.count < sinks.count)
    }
}
