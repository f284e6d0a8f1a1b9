import Glibc

/// The scheduling priority of the calling thread, for threads whose work feeds another process:
/// a render whose frames go to ffmpeg shares the cores with the encoder, and the encoder is what
/// the render waits on. The encoder keeps the usual priority; the threads feeding it are lowered,
/// so that they take the cores the encoder leaves idle rather than a share of the ones it uses.
/// A feeder that falls behind still runs whenever the encoder waits for it.
public enum ThreadPriority {
    /// Nice steps a feeding thread is lowered by. The scheduler weighs a thread at nice 10
    /// against one at nice 0 as 110 against 1024: about a tenth of a core both want.
    static let feederSteps: Int32 = 10

    /// Lowers the calling thread's priority by `feederSteps` (at most to 19, the lowest). Linux
    /// keeps a nice value for each thread, and `setpriority` with `who` 0 sets the caller's
    /// alone; threads it starts afterwards (a codec's own) inherit it. Any user may lower a
    /// priority; a failure leaves it as it was.
    public static func lowerForFeeding() {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0, current < 19 else { return }
        _ = setpriority(which, 0, min(current + feederSteps, 19))
    }
}
