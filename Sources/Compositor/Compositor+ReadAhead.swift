import Footage
import Scene

extension Compositor {
    /// Starts reading ahead every video and image sequence the compositor's layers show, for a
    /// render of `frames` whose frame f shows timeline times `times(f)` (one, or a motion-blurred
    /// frame's samples; none where the render will fail), decoding on `threads` threads: one
    /// read-ahead per source, however many layers show it. `window` is the render frames past the lowest undelivered one that are decoded ahead;
    /// at least the frames the render holds in flight. Each is told of the render's progress (`advance(to:)`) and stopped
    /// when it ends. With `feeding`, they decode at a feeder's lower priority (`ThreadPriority`).
    /// `hidden(f, t)` says which layers frame f does not draw at timeline time `t` whatever their
    /// state (those a mixer step hides, showing another alone, `HiddenFootage`): their footage is
    /// not read ahead then, so a clip waiting under a transition to come is not decoded, and its
    /// first frame not held, before the transition shows it.
    public func readAheads(
        frames: Range<Int>, window: Int, threads: Int, feeding: Bool = false,
        times: @escaping @Sendable (Int) -> [Double],
        hidden: @escaping @Sendable (_ frame: Int, _ time: Double) -> HiddenFootage = { _, _ in .none }
    ) -> [FootageReadAhead] {
        var shows: [ObjectIdentifier: (source: any FrameSource, layers: [ShownFrames.Layer])] = [:]
        var order: [ObjectIdentifier] = []
        for (index, content) in prepared.enumerated().dropFirst(firstFootage) {
            guard let footage = content.footage else { continue }
            let key = ObjectIdentifier(footage.source)
            if shows[key] == nil {
                shows[key] = (footage.source, [])
                order.append(key)
            }
            shows[key]!.layers.append(
                ShownFrames.Layer(ancestry: Array(tree.ancestry(of: index)), timing: footage.timing))
        }
        return order.compactMap { key in
            let (source, layers) = shows[key]!
            let shown = ShownFrames(source: source, layers: layers)
            return FootageReadAhead(
                source: source, frames: frames, window: window, threads: threads, feeding: feeding
            ) { frame in
                var indices: [Int] = []
                for time in times(frame) {
                    for index in shown.indices(at: time, hidden: hidden(frame, time)) where !indices.contains(index) {
                        indices.append(index)
                    }
                }
                return indices
            }
        }
    }
}

/// The frames of one source that its layers show at a timeline time, as `PreparedFootage.show`
/// chooses them.
private struct ShownFrames: Sendable {
    struct Layer: Sendable {
        /// The layer showing the source, then its parent, and so on up.
        let ancestry: [Int]
        let timing: ClipTiming
    }

    let source: any FrameSource
    let layers: [Layer]

    func indices(at time: Double, hidden: HiddenFootage) -> [Int] {
        var indices: [Int] = []
        for layer in layers where !hidden.hides(ancestry: layer.ancestry) {
            guard let clipTime = layer.timing.clipTime(at: time, clipEnd: source.duration) else { continue }
            let index = source.frameIndex(at: clipTime)
            if !indices.contains(index) { indices.append(index) }
        }
        return indices
    }
}
