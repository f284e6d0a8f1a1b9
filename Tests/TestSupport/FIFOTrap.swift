import Foundation
import Testing

/// A FIFO in a fresh temporary folder, named as a file a reader is handed, for tests that a
/// reader refuses it rather than waiting for a writer. `call` bounds the wait, so a reader that
/// does block fails its test instead of stalling the suite.
public final class FIFOTrap: @unchecked Sendable {
    public let folder: URL
    /// The FIFO's path.
    public let path: String

    public init(named name: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent(name).path
        guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// What `body` returns, or nil (with an issue recorded) when it is still blocked after
    /// `seconds`: a writer then opens and closes the FIFO, as often as `body` opens it again,
    /// so each blocked open ends and its read finds the end of the file.
    public func call<T: Sendable>(within seconds: Double = 10, _ body: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let box = NSLock()
        nonisolated(unsafe) var result: T?
        Thread.detachNewThread {
            let value = body()
            box.withLock { result = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .timedOut else { return box.withLock { result } }
        Issue.record("still reading the FIFO \(path) after \(seconds) s")
        repeat {
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        } while done.wait(timeout: .now() + 0.2) == .timedOut
        return nil
    }
}
