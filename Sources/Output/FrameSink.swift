/// Something that receives rendered frames and turns them into files.
///
/// Calls come from one thread at a time. Frames arrive in index order. Exactly one of `finish()`
/// or `abandon()` ends the sink's life.
public protocol FrameSink: AnyObject {
    /// Writes one frame; `index` counts from 0 in the whole animation.
    func write(_ frame: FrameView, index: Int) throws(OutputError)
    /// Completes the file(s): temporaries are renamed into place.
    func finish() throws(OutputError)
    /// Gives up after a failure or an interrupt: removes temporaries, leaves complete files only.
    func abandon()
    /// Files being written that are not complete yet (a video's hidden temporary): what must go
    /// when this process dies before `finish()` or `abandon()` can run.
    var unfinishedFiles: [String] { get }
    /// Child processes writing those files (ffmpeg), which a dying process must kill before it
    /// removes them: one still starting would create the file again after it was removed.
    var writingProcesses: [Int32] { get }
    /// This sink as one whose frames are files of their own, written by the rendering threads;
    /// nil when its frames must arrive in order through `write`.
    var concurrent: (any ConcurrentFrameSink)? { get }
}

/// A sink whose frames are independent files: frames may arrive from several threads at once,
/// in any order, so each is written by the thread that rendered it.
public protocol ConcurrentFrameSink: FrameSink, Sendable {
    /// Like `write`, callable concurrently for different frames.
    func writeConcurrently(_ frame: FrameView, index: Int) throws(OutputError)
    /// Removes the files of `frames`: those other threads finished after a frame before them
    /// failed, so what stays is every frame up to the failed one and none after it.
    func withdraw(frames: [Int])
}
