/// When a clip plays within a render: which clip time shows at each render time.
///
/// From `start` on, the clip plays from clip time `from` at `speed` (2 plays twice as fast):
/// T = from + (t − start) × speed. Before `start` the layer shows the frame at `from`
/// (`before: .first`) or nothing (`.hide`). The clip ends at `clipEnd`, its last frame's
/// presentation time plus that frame's duration; from then on the layer holds the last frame
/// (`end: .hold`), shows nothing (`.hide`) or plays again from `from` (`.loop`: T wraps into
/// [from, clipEnd)). The frame shown is the one whose presentation time is the last at or before
/// T; frames are never blended.
public struct ClipTiming: Sendable, Hashable {
    public enum End: String, Sendable, CaseIterable {
        case hold, hide, loop
    }

    public enum Before: String, Sendable, CaseIterable {
        case first, hide
    }

    /// Render time, in seconds, at which clip time `from` shows.
    public var start: Double
    /// Clip time, in seconds from the clip's first frame, shown at `start`.
    public var from: Double
    /// Clip seconds per render second; positive (the scene model checks it).
    public var speed: Double
    public var end: End
    public var before: Before

    public init(start: Double = 0, from: Double = 0, speed: Double = 1, end: End = .hold, before: Before = .first) {
        precondition(speed > 0, "clip speed must be positive")
        (self.start, self.from, self.speed, self.end, self.before) = (start, from, speed, end, before)
    }

    /// The clip time shown at `renderTime`, or nil when the layer shows nothing. A `from` at or
    /// past `clipEnd` leaves nothing to play: the clip holds (or hides) its last frame from the start.
    public func clipTime(at renderTime: Double, clipEnd: Double) -> Double? {
        guard renderTime >= start else { return before == .first ? min(from, clipEnd) : nil }
        let time = from + (renderTime - start) * speed
        guard time >= clipEnd else { return time }
        switch end {
        case .hold: return clipEnd
        case .hide: return nil
        case .loop:
            guard clipEnd > from else { return clipEnd }
            return from + (time - from).truncatingRemainder(dividingBy: clipEnd - from)
        }
    }

    /// Checks that `from` lies within a clip that ends at `clipEnd`; the message names `path`.
    public func check(clipEnd: Double, path: String) throws(FootageError) {
        guard from >= 0, from < clipEnd else { throw .fromPastEnd(path: path, from: from, clipEnd: clipEnd) }
    }
}
