import Renderer

/// A render job's notes, warnings and problems on standard error, with its progress bar;
/// `--quiet` keeps only the warnings and problems.
final class ConsoleRenderReporter: RenderJobReporter {
    private let quiet: Bool
    private var progress: ProgressReporter?

    init(quiet: Bool) {
        self.quiet = quiet
    }

    func note(_ message: String) {
        if !quiet { Console.note(message) }
    }

    func warning(_ message: String) { Console.warn(message) }
    func problem(_ message: String) { Console.error(message) }

    func renderStarted(frames: Int) { progress = ProgressReporter(total: frames, quiet: quiet) }
    func frameRendered() { progress?.advance() }
    func renderFinished() { progress?.finish() }
}
