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
    private var barShown = false

    init(total: Int, quiet: Bool) {
        self.total = total
        self.quiet = quiet
    }

    /// `count` more frames are done; `detail` follows the frame count (a batch's variants).
    func advance(by count: Int = 1, detail: String = "") {
        done += count
        let now = Date()
        guard !quiet, now.timeIntervalSince(lastReport) >= (isTerminal ? 0.1 : 2) || done == total else { return }
        lastReport = now
        let text = Self.text(done: done, total: total, elapsed: now.timeIntervalSince(started), detail: detail)
        if isTerminal {
            FileHandle.standardError.write(Data("\r\(bar) \(text)\u{1B}[K".utf8))
            barShown = true
        } else {
            Console.note(text)
        }
    }

    /// Writes `line` on standard error; on a terminal the bar is cleared first, and drawn again
    /// at the next frame.
    func print(_ line: String) {
        if barShown {
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            barShown = false
            lastReport = .distantPast
        }
        Console.line(line)
    }

    /// The rate and the time left are shown once this many frames are done…
    static let framesBeforeEstimate = 5
    /// …and this many seconds have passed: the first frames (threads starting, plugins loading,
    /// caches filling) say little about the rest.
    static let secondsBeforeEstimate = 1.0

    /// "frame 30/90  45.0 fps  eta 1.3s"; "frame 3/90" before the rate means anything; the last
    /// line gives the whole render's rate.
    static func text(done: Int, total: Int, elapsed: Double, detail: String = "") -> String {
        let count = "frame \(done)/\(total)" + (detail.isEmpty ? "" : "  \(detail)")
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
