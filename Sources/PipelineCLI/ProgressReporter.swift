import Foundation

/// Progress of a render on standard error: a bar rewritten in place on a terminal, a plain
/// line every two seconds otherwise, nothing with --quiet.
final class ProgressReporter {
    private let total: Int
    private let quiet: Bool
    private let isTerminal = isatty(2) == 1
    private let started = Date()
    private var lastReport = Date.distantPast
    private var done = 0

    init(total: Int, quiet: Bool) {
        self.total = total
        self.quiet = quiet
    }

    func advance() {
        done += 1
        let now = Date()
        guard !quiet, now.timeIntervalSince(lastReport) >= (isTerminal ? 0.1 : 2) || done == total else { return }
        lastReport = now
        let text = Self.text(done: done, total: total, elapsed: now.timeIntervalSince(started))
        if isTerminal {
            FileHandle.standardError.write(Data("\r\(bar) \(text)\u{1B}[K".utf8))
        } else {
            Console.note(text)
        }
    }

    /// The rate and the time left are shown once this many frames are done…
    static let framesBeforeEstimate = 5
    /// …and this many seconds have passed: the first frames (threads starting, plugins loading,
    /// caches filling) say little about the rest.
    static let secondsBeforeEstimate = 1.0

    /// "frame 30/90  45.0 fps  eta 1.3s"; "frame 3/90" before the rate means anything; the last
    /// line gives the whole render's rate.
    static func text(done: Int, total: Int, elapsed: Double) -> String {
        let count = "frame \(done)/\(total)"
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        if done == total && rate > 0 { return count + String(format: "  %.1f fps", rate) }
        guard done >= framesBeforeEstimate, elapsed >= secondsBeforeEstimate, rate > 0 else { return count }
        return count + String(format: "  %.1f fps  eta %.1fs", rate, Double(total - done) / rate)
    }

    /// `[██████······]`, 24 cells.
    private var bar: String {
        let cells = 24
        let filled = total > 0 ? done * cells / total : cells
        return "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled) + "]"
    }

    func finish() {
        if !quiet && isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
