import Foundation
import PipelineKit
import TerminalProgress

/// A render's or a batch's progress and messages on standard error: a bar rewritten in place on
/// a terminal, a plain line every two seconds otherwise; `--quiet` keeps only the warnings and
/// errors. A batch's lines name their variant.
final class ProgressReporter: RenderObserver, BatchObserver, @unchecked Sendable {
    private let quiet: Bool
    private let isTerminal = isatty(2) == 1
    private lazy var meter = RenderProgressText.Meter(interval: isTerminal ? 0.1 : 2)
    private var variants = 0
    private var barShown = false

    init(quiet: Bool) { self.quiet = quiet }

    func note(_ message: String) { if !quiet { print(message) } }
    func warning(_ message: String) { print("warning: \(message)") }
    func problem(_ message: String) { print("error: \(message)") }
    func renderStarted(frames: Int) { meter.start(frames: frames) }
    func frameRendered() -> Bool { advance(by: 1) }
    func renderFinished() { if !quiet && isTerminal { FileHandle.standardError.write(Data("\n".utf8)) } }

    func batchStarted(frames: Int, variants: Int) {
        renderStarted(frames: frames)
        self.variants = variants
    }
    func note(_ message: String, variant id: String) { note("\(id): \(message)") }
    func warning(_ message: String, variant id: String) { warning("\(id): \(message)") }
    func problem(_ message: String, variant id: String) { problem("\(id): \(message)") }
    func progress(frames: Int, variantsEnded: Int) -> Bool {
        advance(by: frames, detail: "variant \(variantsEnded)/\(variants)")
    }
    func batchFinished() { renderFinished() }

    /// `count` more frames are done; `detail` follows the frame count (a batch's variants).
    private func advance(by count: Int, detail: String = "") -> Bool {
        guard !quiet, let text = meter.advance(by: count, detail: detail) else { return true }
        if isTerminal {
            FileHandle.standardError.write(Data("\r\(meter.bar) \(text)\u{1B}[K".utf8))
            barShown = true
        } else {
            Console.note(text)
        }
        return true
    }

    /// Writes `line` on standard error; on a terminal the bar is cleared first, and drawn again
    /// at the next frame.
    private func print(_ line: String) {
        if barShown {
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            barShown = false
            meter.showNext()
        }
        Console.line(line)
    }
}
