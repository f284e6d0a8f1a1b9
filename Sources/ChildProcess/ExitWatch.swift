import Foundation

/// Waits for a child process to end without oversleeping: `Process.waitUntilExit()` on Linux
/// spins the calling thread's run loop in 50 ms steps and can miss the wake-up the child's exit
/// sends, so it may return only at the next step — up to 50 ms lost for every ffmpeg encode,
/// tool run and plugin scanned in a child. Foundation calls the termination handler as soon as it
/// has reaped the child and recorded its status; this waits for that call, then lets
/// `waitUntilExit()` (which returns at once for an ended child) release what Foundation keeps
/// for a running one — without it the process object, and the pipes it holds, would stay.
public final class ExitWatch: @unchecked Sendable {
    private let condition = NSCondition()
    private var ended = false
    private weak var process: Process?

    /// Watches `process`, which must not have been started yet: this sets its termination
    /// handler.
    public init(_ process: Process) {
        self.process = process
        process.terminationHandler = { [self] _ in
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Returns once the process has ended, with its `terminationStatus` and `terminationReason`
    /// set. Call only after the process was started.
    public func wait() {
        condition.lock()
        while !ended { condition.wait() }
        condition.unlock()
        process?.waitUntilExit()
    }
}
