import CAnimatorABI
import Compositor
import Dispatch
import Foundation
import Output
import Scene

/// Renders frames of a scene: states from the evaluator, pixels from one compositor per
/// thread, handed to the caller in frame order.
///
/// Frames are rendered in batches of `threads`, in parallel, then delivered in order, so at
/// most `threads` frames are in memory whatever the animation's length, and the bytes do not
/// depend on the thread count (each frame is a pure function of its time).
public final class FrameRenderer: @unchecked Sendable {
    public let evaluator: FrameEvaluator
    private let workers: [Worker]

    /// `scale` is pixels per canvas point (0.5 for a half-size draft); plugins still see the canvas.
    public init(evaluator: FrameEvaluator, threads: Int, scale: Double = 1) {
        self.evaluator = evaluator
        let scene = evaluator.scene
        // With one frame at a time, the cores split a mixer's rows instead.
        let bands = threads <= 1 ? ProcessInfo.processInfo.activeProcessorCount : 1
        workers = (0..<max(1, threads)).map { _ in
            let compositor = Compositor(canvas: scene.canvas, contents: scene.layers.map(\.content), scale: scale)
            return Worker(compositor: compositor, buffer: FrameBuffer(width: compositor.pixelWidth, height: compositor.pixelHeight),
                          mixBands: bands)
        }
    }

    /// Renders `frames` and calls `deliver` for each, in order, on the calling thread.
    public func render(frames: Range<Int>, deliver: (Int, FrameView) throws(RenderError) -> Void) throws(RenderError) {
        var next = frames.lowerBound
        while next < frames.upperBound {
            let batch = next..<min(next + workers.count, frames.upperBound)
            let failures = renderBatch(batch)
            if let failure = failures.compactMap({ $0 }).first { throw failure }
            for (offset, frame) in batch.enumerated() { try deliver(frame, workers[offset].buffer.view) }
            next = batch.upperBound
        }
    }

    /// One frame, for stills: what the render shows `time` seconds in, so dismiss, pop and
    /// interactive clocks apply as they do to whole renders. Errors name the frame showing it.
    public func render(time: Double) throws(RenderError) -> FrameBuffer {
        let frame = Int((time * evaluator.scene.fps + 1e-9).rounded(.down))
        try workers[0].render(evaluator, time: evaluator.scene.time(atWallTime: time), frame: frame)
        return workers[0].buffer
    }

    private func renderBatch(_ batch: Range<Int>) -> [RenderError?] {
        let results = ConcurrentSlots<RenderError>(count: batch.count)
        let scene = evaluator.scene
        DispatchQueue.concurrentPerform(iterations: batch.count) { offset in
            let frame = batch.lowerBound + offset
            do throws(RenderError) {
                try workers[offset].render(evaluator, time: scene.time(ofFrame: frame), frame: frame)
            } catch {
                results.set(offset, error)
            }
        }
        return results.values
    }
}

extension FrameBuffer {
    public var view: FrameView {
        FrameView(width: width, height: height, stride: stride, pixels: UnsafePointer(pixels))
    }
}
