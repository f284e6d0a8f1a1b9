/// Footage turns video files and numbered image sequences into frames at a given time: the
/// decoded, upright, square-pixel, premultiplied BGRA pictures (Cairo ARGB32) a layer shows.
///
/// It owns decoding (libavformat, libavcodec and libswscale through `CVideoDecode`; PNG, JPEG and WebP
/// through `CImageCodecs`), the presentation times of every frame, the reading ahead of a
/// render's frames in one pass (`FootageReadAhead`), a small cache of frames decoded on demand
/// shared by all rendering threads, and `ClipTiming`, which maps render time to clip time. It
/// knows nothing of the scene model, the compositor or the renderer: they ask a `FrameSource`
/// for the frame at a clip time and draw its pixels, and tell a read-ahead which frames a render
/// shows.

/// Frames by index and by presentation time, decoded on demand. Any thread may ask for any frame
/// at any time: the bytes of a frame never depend on the order or the threads that ask.
public protocol FrameSource: AnyObject, Sendable {
    /// The size of every frame, as displayed.
    var width: Int { get }
    var height: Int { get }
    /// Every frame's presentation time in seconds from the first frame, sorted and distinct.
    var presentationTimes: [Double] { get }
    /// Where the source ends: the last frame's presentation time plus that frame's duration.
    var duration: Double { get }
    /// The video file or the sequence's pattern, as the pipeline names it.
    var name: String { get }
    /// Every file the frames are read from, in frame order.
    var files: [String] { get }
    /// What decoding changes about the pictures that a user may want to know (fewer bits); nil
    /// when they are shown as stored.
    var conversionNote: String? { get }
    /// Seconds by which a stored time may pass the time it stands for: the frame shown at a time
    /// is found to this precision.
    var timeTolerance: Double { get }
    /// The frame shown at `clipTime`: the last whose presentation time is at or before it (to
    /// within `timeTolerance`), the first before the first.
    func frameIndex(at clipTime: Double) -> Int
    /// The decoded frame `index` (0 ≤ index < presentationTimes.count).
    func frame(index: Int) throws(FootageError) -> FootageFrame
    /// How many pictures have been decoded since the source was opened, including those passed
    /// over on the way to a frame asked for: the work a render cost, whatever it showed.
    var decodedFrameCount: Int { get }
}

extension FrameSource {
    public var conversionNote: String? { nil }

    /// A nanosecond, so that rounding in `from + (t − start) × speed` cannot show the frame
    /// before the one whose time was computed.
    public var timeTolerance: Double { 1e-9 }

    public func frameIndex(at clipTime: Double) -> Int {
        let times = presentationTimes
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= clipTime + timeTolerance { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The frame shown at `clipTime`.
    public func frame(at clipTime: Double) throws(FootageError) -> FootageFrame {
        try frame(index: frameIndex(at: clipTime))
    }
}
