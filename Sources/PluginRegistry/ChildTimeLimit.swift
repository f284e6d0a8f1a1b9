import Foundation

/// A child process's own limit on plugin code, behind the parent's. The parent kills a child
/// whose plugin call runs past its limit; a parent that is itself killed outright (SIGKILL, the
/// out-of-memory killer) cannot, and a child stuck in a plugin would run on for ever. So the
/// child asks for SIGALRM, whose default action ends it, once the parent's limit and a grace
/// period have passed, and takes the request back when the call returns.
public enum ChildTimeLimit {
    /// Beyond the parent's limit: the parent acts first whenever it is alive.
    static let graceSeconds: UInt32 = 2

    /// Starts the clock for one plugin call the parent limits to `limit`.
    public static func arm(behind limit: Duration) {
        _ = defaultAction
        // The limit in whole seconds, past it however short it is, then the grace.
        let seconds = max(0, limit.components.seconds) + 1 + Int64(graceSeconds)
        alarm(UInt32(clamping: seconds))
    }

    /// A blocked or ignored SIGALRM is inherited through exec (a parent that starts pipeline
    /// from a libdispatch thread blocks it): the thread that arms the clock first takes it back,
    /// with its default action.
    private static let defaultAction: Void = {
        signal(SIGALRM, SIG_DFL)
        var alarmOnly = sigset_t()
        sigemptyset(&alarmOnly)
        sigaddset(&alarmOnly, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &alarmOnly, nil)
    }()

    public static func disarm() {
        alarm(0)
    }
}
