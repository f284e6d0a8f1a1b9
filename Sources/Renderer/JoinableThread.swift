import Foundation

/// A POSIX thread running one closure, joined by `join()`. Foundation's `Thread` cannot be joined:
/// a render that returns once its threads say they are done may leave them still releasing what
/// their closures hold while the process exits (LeakSanitizer then reports those objects). Once
/// `join()` returns, the closure and everything it captured are gone.
public final class JoinableThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private var handle = pthread_t()

    public init(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(
            &handle, nil,
            { context in
                // Released when this scope ends, before the thread does.
                let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
                body.run()
                return nil
            }, context)
        precondition(status == 0, "could not start a rendering thread: error \(status)")
    }

    public func join() {
        pthread_join(handle, nil)
    }
}
