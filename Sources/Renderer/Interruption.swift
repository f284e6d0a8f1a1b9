import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM during a render, turned into a flag the rendering threads read
/// before each frame: the run then stops at a frame boundary, with every file it finished
/// complete. A second signal stops the process at once.
///
/// Several may be active at once (a batch renders variants side by side, each with its own): a
/// signal raises the flag of every active one, and one started while an active one is raised
/// starts raised, so no render begins after a stop was asked for.
/// Sendable: the flag is atomic; the signal sources are shared by all and kept by `Signals`.
public final class Interruption: @unchecked Sendable {
    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
        /// Called once, on the signal's thread, when a signal raises the flag.
        let raised: (@Sendable () -> Void)?

        init(raised: (@Sendable () -> Void)?) {
            self.raised = raised
        }
    }

    private let requested: Flag
    private let stop: StopRequest

    /// Starts catching the signals (unless another active one catches them already) when `stop`
    /// is `.signals`; `end()` gives them back when it is the last. `raised` is called on the
    /// signal's own thread when a signal raises this one's flag: what waits for something else
    /// (ffmpeg finishing a video) can say at once that it heard the stop.
    public init(_ stop: StopRequest = .signals, raised: (@Sendable () -> Void)? = nil) {
        self.stop = stop
        requested = Flag(raised: raised)
        if case .signals = stop { Signals.shared.add(requested) }
    }

    public var isRequested: Bool {
        switch stop {
        case .signals: requested.value.load(ordering: .relaxed)
        case .asked(let asked): asked()
        }
    }

    public func end() {
        if case .signals = stop { Signals.shared.remove(requested) }
    }
}

/// What stops a render at its next frame: Ctrl-C and SIGTERM, as a command wants, or a caller's
/// own question, asked before each frame (a library never takes its host's signals).
public enum StopRequest: Sendable {
    case signals
    case asked(@Sendable () -> Bool)
}

/// The signal sources, installed while any `Interruption` is active, and the flags they raise.
private final class Signals: @unchecked Sendable {
    static let shared = Signals()

    private let lock = NSLock()
    private var flags: [ObjectIdentifier: Interruption.Flag] = [:]
    private var sources: [any DispatchSourceSignal] = []

    func add(_ flag: Interruption.Flag) {
        lock.withLock {
            if flags.values.contains(where: { $0.value.load(ordering: .relaxed) }) {
                flag.value.store(true, ordering: .relaxed)
            }
            if flags.isEmpty { install() }
            flags[ObjectIdentifier(flag)] = flag
        }
    }

    func remove(_ flag: Interruption.Flag) {
        lock.withLock {
            guard flags.removeValue(forKey: ObjectIdentifier(flag)) != nil, flags.isEmpty else { return }
            for source in sources {
                source.cancel()
                signal(Int32(source.handle), SIG_DFL)
            }
            sources = []
        }
    }

    /// Called with the lock held.
    private func install() {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [unowned self] in self.deliver(number) }
            source.resume()
            return source
        }
    }

    /// Raises every active flag; a signal arriving when they are raised already stops the process.
    private func deliver(_ number: Int32) {
        let (again, raised) = lock.withLock {
            var again = false
            var raised: [@Sendable () -> Void] = []
            for flag in flags.values {
                if flag.value.exchange(true, ordering: .relaxed) {
                    again = true
                } else if let call = flag.raised {
                    raised.append(call)
                }
            }
            return (again, raised)
        }
        for call in raised { call() }
        if again {
            signal(number, SIG_DFL)
            raise(number)
        }
    }
}
