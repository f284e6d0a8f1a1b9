import Foundation
import Hummingbird
import Logging
import PipelineKit

/// The preview: an HTTP server on 127.0.0.1 that serves a page playing a pipeline, the frames
/// it shows (rendered on demand, as `pipeline frame` renders them) and a timing chart, and
/// reloads the pipeline and its plugins when their files change.
///
/// It owns the web page and the reload's timing; opening, reloading, rendering and PNG encoding
/// are PipelineKit's (`Pipeline`). It never writes into the user's folders.
public struct PreviewServer: Sendable {
    private let live: LiveScene
    private let port: Int
    /// Set by `--edit`: the one write route, and its token.
    let editing: PreviewEditing?

    /// How often the pipeline file and plugin folders are checked for changes.
    static let pollInterval = 0.3

    /// The page asks for short URLs with a few headers: a request line or header over 8 KiB, or
    /// headers over 16 KiB in all, is refused with 400 as it arrives, before it is held whole
    /// (NIO counts the request line as a header field).
    static let requestLimits = (field: 8 * 1024, allHeaders: 16 * 1024, headerCount: 100)

    /// Serves `pipeline`, opened with its plugins in child processes (`.isolated` or
    /// `.sandboxed`), and takes it over: it is closed when a reload replaces it or the server
    /// stops. Reloads read the file again as it was opened, with the checks every command
    /// makes (`Pipeline.reloaded`). With `editing`, the page may change the file
    /// (`PreviewEditing`), each change checked with `options`.
    public init(_ pipeline: Pipeline, options: Pipeline.OpenOptions, port: Int, editing: Bool = false)
        throws(PreviewError)
    {
        guard pipeline.runsPluginsInChildren else {
            throw PreviewError("the preview runs plugins in child processes: open the pipeline with them isolated")
        }
        do throws(PipelineError) {
            try pipeline.prepareFrames()
        } catch {
            throw PreviewError(error.description)
        }
        live = LiveScene(pipeline)
        self.port = port
        self.editing = editing ? PreviewEditing(options: options) : nil
    }

    /// Serves until SIGINT or SIGTERM, blocking the calling thread: for synchronous callers
    /// such as the command line. `listening` gets the page's URL once the port is bound.
    public func serve(listening: @escaping @Sendable (String) -> Void) throws(PreviewError) {
        let failure = FailureSlot()
        let stopped = DispatchSemaphore(value: 0)
        Task {
            do { try await run(listening: listening) } catch { failure.set(error) }
            stopped.signal()
        }
        stopped.wait()
        if let error = failure.error {
            throw PreviewError(
                "the preview server on 127.0.0.1:\(port) failed: \(error) (if the port is taken, pass another --port, or 0 for any free one)"
            )
        }
    }

    /// Serves until SIGINT or SIGTERM. `listening` gets the page's URL once the port is bound.
    private func run(listening: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "pipeline.preview")
        // Hummingbird's start-up and per-request lines would bury the preview's own messages.
        logger.logLevel = .warning
        let bound = ListeningPort()
        let app = Application(
            router: PreviewRoutes.router(live, port: bound, editing: editing),
            server: .http1(
                configuration: .init(
                    httpDecoderConfiguration: .init(
                        maxHeaderFieldSize: Self.requestLimits.field, maxHeaderListSize: Self.requestLimits.allHeaders,
                        maxHeaderFieldCount: Self.requestLimits.headerCount))),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                bound.set(channel.localAddress?.port ?? port)
                let address = "http://127.0.0.1:\(channel.localAddress?.port ?? port)/"
                listening(address + (editing.map { "?token=\($0.token)" } ?? ""))
            },
            logger: logger)
        live.startWatching(every: Self.pollInterval)
        defer { live.stop() }
        try await app.runService()
    }
}

/// The error a server task ended with, read once the task has signalled.
private final class FailureSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    func set(_ error: any Error) { lock.withLock { stored = error } }
    var error: (any Error)? { lock.withLock { stored } }
}
