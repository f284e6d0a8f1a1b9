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
        let elapsed = now.timeIntervalSince(started)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let text = String(format: "frame %d/%d  %.1f fps  eta %.1fs", done, total, rate, eta)
        if isTerminal {
            FileHandle.standardError.write(Data("\r\(bar) \(text)\u{1B}[K".utf8))
        } else {
            Console.note(text)
        }
    }

    /// `[██████······]`, 24 cells.
    private var bar: String {
        let cells = 24, filled = total > 0 ? done * cells / total : cells
        return "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled) + "]"
    }

    func finish() {
        if !quiet && isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
