import CAnimatorABI
import Compositor
import Dispatch
import Foundation
import Output
import Scene

/// Renders frames of a scene: states from the evaluator, pixels from one compositor per
/// thread, handed to the caller in frame order.
///
/// Frames are rendered in batches of `threads`, in parallel, while the previous batch is
/// delivered: two sets of workers take turns, so rendering and writing overlap and at most
/// 2 × `threads` frames are in memory whatever the animation's length. The bytes do not depend
/// on the thread count (each frame is a pure function of its time).
public final class FrameRenderer: @unchecked Sendable {
    public typealias Delivery = (Int, FrameView) throws(RenderError) -> Void
    public typealias ConcurrentDelivery = @Sendable (Int, FrameView) throws(RenderError) -> Void

    public let evaluator: FrameEvaluator
    private let sets: [[Worker]]

    /// `scale` is pixels per canvas point (0.5 for a half-size draft); plugins still see the canvas.
    public init(evaluator: FrameEvaluator, threads: Int, scale: Double = 1) {
        self.evaluator = evaluator
        let scene = evaluator.scene
        // With one frame at a time, the cores split a mixer's rows instead.
        let bands = threads <= 1 ? ProcessInfo.processInfo.activeProcessorCount : 1
        // Each static image is drawn by whichever thread needs it first, then copied by all.
        let staticImages = StaticImageCache()
        sets = (0..<2).map { _ in
            (0..<max(1, threads)).map { _ in
                let compositor = Compositor(canvas: scene.canvas, contents: scene.layers.map(\.content), scale: scale,
                                            sharing: staticImages)
                return Worker(compositor: compositor, buffer: FrameBuffer(width: compositor.pixelWidth, height: compositor.pixelHeight),
                              mixBands: bands)
            }
        }
    }

    /// Renders `frames`. `alongside` gets each frame on the thread that rendered it, in any
    /// order and concurrently (for outputs made of independent files, such as PNGs); `deliver`
    /// gets each frame in order on the calling thread (for streams, such as ffmpeg's input).
    public func render(frames: Range<Int>, alongside: ConcurrentDelivery? = nil, deliver: Delivery) throws(RenderError) {
        let size = sets[0].count
        let batches = stride(from: frames.lowerBound, to: frames.upperBound, by: size).map { $0..<min($0 + size, frames.upperBound) }
        guard !batches.isEmpty else { return }
        let interruption = Interruption()
        defer { interruption.end() }
        var pending = start(batches[0], on: sets[0], alongside)
        // Whatever happens, no batch is left running on workers and outputs the caller owns.
        defer { pending.wait() }
        for (index, batch) in batches.enumerated() {
            let failure = pending.wait()
            if let failure { throw failure }
            // Interrupted: the rendered batch is still delivered, so every frame so far is complete.
            let stopping = interruption.isRequested && index + 1 < batches.count
            if !stopping && index + 1 < batches.count { pending = start(batches[index + 1], on: sets[(index + 1) % 2], alongside) }
            for (offset, frame) in batch.enumerated() { try deliver(frame, sets[index % 2][offset].buffer.view) }
            if stopping { throw RenderError.interrupted(complete: frames.lowerBound..<batch.upperBound) }
        }
    }

    /// One frame, for stills: what the render shows `time` seconds in, so dismiss, pop and
    /// interactive clocks apply as they do to whole renders. Errors name the frame showing it.
    public func render(time: Double) throws(RenderError) -> FrameBuffer {
        let frame = Int((time * evaluator.scene.fps + 1e-9).rounded(.down))
        let worker = sets[0][0]
        try worker.render(evaluator, time: evaluator.scene.time(atWallTime: time), frame: frame)
        return worker.buffer
    }

    /// Starts rendering `batch` on `workers` in the background.
    private func start(_ batch: Range<Int>, on workers: [Worker], _ alongside: ConcurrentDelivery?) -> PendingBatch {
        let pending = PendingBatch(count: batch.count)
        let (evaluator, scene) = (evaluator, evaluator.scene)
        DispatchQueue.global().async(group: pending.group) {
            DispatchQueue.concurrentPerform(iterations: batch.count) { offset in
                let frame = batch.lowerBound + offset, worker = workers[offset]
                do throws(RenderError) {
                    try worker.render(evaluator, time: scene.time(ofFrame: frame), frame: frame)
                    try alongside?(frame, worker.buffer.view)
                } catch {
                    pending.failures.set(offset, error)
                }
            }
        }
        return pending
    }
}

/// A batch rendering in the background: wait for it, then read its first failure.
private struct PendingBatch {
    let group = DispatchGroup()
    let failures: ConcurrentSlots<RenderError>

    init(count: Int) { failures = ConcurrentSlots(count: count) }

    /// Blocks until the batch is done; returns its first failure in frame order.
    @discardableResult
    func wait() -> RenderError? {
        group.wait()
        return failures.values.lazy.compactMap { $0 }.first
    }
}

extension FrameBuffer {
    public var view: FrameView {
        FrameView(width: width, height: height, stride: stride, pixels: UnsafePointer(pixels))
    }
}
