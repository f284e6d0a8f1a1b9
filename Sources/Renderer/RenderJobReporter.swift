/// What a `RenderJob` tells its user while it runs, all on the thread that runs it; the job
/// itself prints nothing. What stops the job is thrown instead (`RenderJobError`).
public protocol RenderJobReporter {
    /// What the job is doing or did: resuming, nothing to do, the files written. A caller
    /// asked to be quiet may drop these.
    func note(_ message: String)
    /// A value a plugin got wrong was replaced, or the frames will likely not fit on the disk;
    /// the outputs are still written.
    func warning(_ message: String)
    /// An output that cannot be opened or finished; the others are still written.
    func problem(_ message: String)
    /// Rendering starts: `frames` frames, each announced by `frameRendered` once every output
    /// has it, then `renderFinished` (not called when the render fails).
    func renderStarted(frames: Int)
    func frameRendered()
    func renderFinished()
}
