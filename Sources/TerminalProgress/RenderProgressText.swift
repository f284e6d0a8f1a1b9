import Foundation

/// A render's progress as the command shows it: "frame 30/90  45.0 fps  eta 1.3s", paced and with
/// a bar on a terminal. Only the command line shows it; the library reports frames done.
public enum RenderProgressText {
    /// The rate and the time left are shown once this many frames are done…
    public static let framesBeforeEstimate = 5
    /// …and this many seconds have passed: the first frames (threads starting, plugins loading,
    /// caches filling) say little about the rest.
    public static let secondsBeforeEstimate = 1.0

    /// "frame 30/90  45.0 fps  eta 1.3s"; "frame 3/90" before the rate means anything; the last
    /// line gives the whole render's rate.
    public static func text(done: Int, total: Int, elapsed: Double, detail: String = "") -> String {
        let count = "frame \(done)/\(total)" + (detail.isEmpty ? "" : "  \(detail)")
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        if done == total && rate > 0 { return count + String(format: "  %.1f fps", rate) }
        guard done >= framesBeforeEstimate, elapsed >= secondsBeforeEstimate, rate > 0 else { return count }
        return count + String(format: "  %.1f fps  eta %.1fs", rate, Double(total - done) / rate)
    }

    /// A progress display's count: the frames done as they finish, and when a line is due
    /// (`interval` seconds after the last, and at the last frame), with the bar a terminal shows.
    public struct Meter: Sendable {
        /// The least seconds between two lines.
        public let interval: Double
        private var (done, total) = (0, 0)
        private var started = Date()
        private var lastShown = Date.distantPast

        public init(interval: Double) { self.interval = interval }

        /// A render (or a batch) of `frames` frames starts now.
        public mutating func start(frames: Int) { (total, done, started) = (frames, 0, Date()) }

        /// Counts `count` more frames done; the line due now (`text(done:total:elapsed:detail:)`),
        /// nil when the last was shown less than `interval` ago.
        public mutating func advance(by count: Int, detail: String = "") -> String? {
            done += count
            let now = Date()
            guard now.timeIntervalSince(lastShown) >= interval || done == total else { return nil }
            lastShown = now
            return RenderProgressText.text(
                done: done, total: total, elapsed: now.timeIntervalSince(started), detail: detail)
        }

        /// Makes a line due at the next frame (the last one was written over).
        public mutating func showNext() { lastShown = .distantPast }

        /// `[██████······]`: the frames done, in 24 cells.
        public var bar: String {
            let cells = 24
            let filled = total > 0 ? done * cells / total : cells
            return "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled) + "]"
        }
    }
}
