import Footage

extension Compositor {
    /// Starts reading ahead every video and image sequence the compositor's layers show, for a
    /// render of `frames` whose frame f shows timeline times `times(f)` (one, or a motion-blurred
    /// frame's samples; none where the render will fail), decoding on `threads` threads: one
    /// read-ahead per source, however many layers show it. `window` is the render frames past the lowest undelivered one that are decoded ahead;
    /// at least the frames the render holds in flight. Each is told of the render's progress (`advance(to:)`) and stopped
    /// when it ends. With `feeding`, they decode at a feeder's lower priority (`ThreadPriority`).
    public func readAheads(
        frames: Range<Int>, window: Int, threads: Int, feeding: Bool = false,
        times: @escaping @Sendable (Int) -> [Double]
    ) -> [FootageReadAhead] {
        var timings: [ObjectIdentifier: (source: any FrameSource, timings: [ClipTiming])] = [:]
        var order: [ObjectIdentifier] = []
        for content in prepared[firstFootage...] {
            guard let footage = content.footage else { continue }
            let key = ObjectIdentifier(footage.source)
            if timings[key] == nil {
                timings[key] = (footage.source, [])
                order.append(key)
            }
            if !timings[key]!.timings.contains(footage.timing) { timings[key]!.timings.append(footage.timing) }
        }
        return order.compactMap { key in
            let (source, clipTimings) = timings[key]!
            let shown = ShownFrames(source: source, timings: clipTimings)
            return FootageReadAhead(
                source: source, frames: frames, window: window, threads: threads, feeding: feeding
            ) { frame in
                var indices: [Int] = []
                for time in times(frame) {
                    for index in shown.indices(at: time) where !indices.contains(index) { indices.append(index) }
                }
                return indices
            }
        }
    }
}

/// The frames of one source that its layers show at a timeline time, as `PreparedFootage.show`
/// chooses them.
private struct ShownFrames: Sendable {
    let source: any FrameSource
    let timings: [ClipTiming]

    func indices(at time: Double) -> [Int] {
        var indices: [Int] = []
        for timing in timings {
            guard let clipTime = timing.clipTime(at: time, clipEnd: source.duration) else { continue }
            let index = source.frameIndex(at: clipTime)
            if !indices.contains(index) { indices.append(index) }
        }
        return indices
    }
}
