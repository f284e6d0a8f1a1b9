import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM during a render, turned into a flag the rendering threads read
/// before each frame: the run then stops at a frame boundary, with every file it finished
/// complete. A second signal stops the process at once.
/// Sendable: the flag is atomic, and the signal sources are only touched by `init` and `end`,
/// on the thread that runs the render.
final class Interruption: @unchecked Sendable {
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private let requested = Flag()
    private let sources: [any DispatchSourceSignal]

    /// Starts catching the signals; `end()` gives them back.
    init() {
        let requested = requested
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if requested.value.exchange(true, ordering: .relaxed) {
                    signal(number, SIG_DFL)
                    raise(number)
                }
            }
            source.resume()
            return source
        }
    }

    var isRequested: Bool { requested.value.load(ordering: .relaxed) }

    func end() {
        for source in sources {
            source.cancel()
            signal(Int32(source.handle), SIG_DFL)
        }
    }
}
