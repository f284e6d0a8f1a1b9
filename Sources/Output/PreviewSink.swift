/// A preview's frames taken from the render's (`PreviewOutput`): at its own frame rate, output
/// frame k stands at k / fps seconds and is the render's frame nearest that time (the later of
/// two equally near), so a rate that divides the render's takes exactly every n-th frame. The
/// preview lasts as long as the render: its frames are those whose time falls before the
/// render's end. The frames it takes go on to `sink`, which scales them (`FFmpegCommand.resize`).
public final class PreviewSink: FrameSink {
    private let sink: any FrameSink
    /// The render's frame each preview frame is, in order.
    private let sources: [Int]
    /// The next preview frame.
    private var next = 0

    public init(_ sink: any FrameSink, renderFPS: Double, fps: Double, frameCount: Int) {
        self.sink = sink
        sources = Self.sources(renderFPS: renderFPS, fps: fps, frameCount: frameCount)
    }

    /// The render's frame of each preview frame. The ratio is rounded to 12 digits first, so a
    /// rate such as 29.97 against 14.985 lands on whole frames as it should.
    static func sources(renderFPS: Double, fps: Double, frameCount: Int) -> [Int] {
        let ratio = ((renderFPS / fps) * 1e12).rounded() / 1e12
        let count = min(frameCount, Int((Double(frameCount) / ratio - 1e-9).rounded(.up)))
        return (0..<count).map { min(frameCount - 1, Int((Double($0) * ratio).rounded(.toNearestOrAwayFromZero))) }
    }

    public func write(_ frame: FrameView, index: Int) throws(OutputError) {
        guard next < sources.count, sources[next] == index else { return }
        try sink.write(frame, index: next)
        next += 1
    }

    public func finish() throws(OutputError) { try sink.finish() }
    public func abandon() { sink.abandon() }
    public var unfinishedFiles: [String] { sink.unfinishedFiles }
    public var writingProcesses: [Int32] { sink.writingProcesses }
    /// Frames must arrive in order for the choice above.
    public var concurrent: (any ConcurrentFrameSink)? { nil }
}
