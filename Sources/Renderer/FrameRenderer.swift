import CAnimatorABI
import Compositor
import Dispatch
import Footage
import Foundation
import Output
import Scene

/// Renders frames of a scene: states from the evaluator, pixels from one compositor per
/// thread, handed to the caller in frame order.
///
/// `threads` rendering threads take frames in order from a shared counter, each as soon as it
/// is free, into a pool of 2 × `threads` frame buffers; the calling thread hands finished frames
/// on in order and gives their buffers back. So a slow frame holds up no other thread, rendering
/// and writing overlap, and at most 2 × `threads` frames are in memory whatever the animation's
/// length. The bytes do not depend on the thread count or on which thread renders a frame (each
/// frame is a pure function of its time).
public final class FrameRenderer: @unchecked Sendable {
    public typealias Delivery = (Int, FrameView) throws(RenderError) -> Void
    public typealias ConcurrentDelivery = @Sendable (Int, FrameView) throws(RenderError) -> Void

    public let evaluator: FrameEvaluator
    private let workers: [Worker]
    private let buffers: [FrameBuffer]
    /// For stills (`render(time:)`), which the caller reads after the call; made on first use.
    private var still: FrameBuffer?
    /// What the footage cost in the last `render(frames:)`, one entry per video or sequence.
    public private(set) var footageCost: [FootageCost] = []

    /// `images` are the scene's decoded images (`SceneImages.load`). Frames are drawn at the
    /// evaluator's render scale; animators still see the canvas.
    public init(
        evaluator: FrameEvaluator, images: SceneImages, threads: Int, imageScaling: ImageScaling = .mipmapped
    ) throws(RenderError) {
        self.evaluator = evaluator
        let scale = evaluator.renderScale
        let scene = evaluator.scene
        let threads = max(1, threads)
        // Each static image is drawn by whichever thread needs it first, then copied by all.
        let staticImages = StaticImageCache()
        workers = (0..<threads).map { _ in
            Worker(
                compositor: Compositor(
                    canvas: scene.canvas, contents: scene.layers.map(\.content), tree: scene.tree,
                    host: scene.layers.map(\.host), changingHost: scene.layersWithChangingHostState, images: images,
                    scale: scale,
                    imageScaling: imageScaling, sharing: staticImages), effects: evaluator.effects)
        }
        let (width, height) = (workers[0].compositor.pixelWidth, workers[0].compositor.pixelHeight)
        do throws(FrameBuffer.OutOfMemory) {
            var buffers: [FrameBuffer] = []
            for _ in 0..<2 * threads { buffers.append(try FrameBuffer(width: width, height: height)) }
            self.buffers = buffers
        } catch {
            throw .outOfMemory(error, frame: nil)
        }
    }

    /// Renders `frames`. `alongside` gets each frame on the thread that rendered it, in any
    /// order and concurrently (for outputs made of independent files, such as PNGs); `deliver`
    /// gets each frame in order on one thread, the calling one unless `feeding` (for streams,
    /// such as ffmpeg's input).
    ///
    /// A failure or Ctrl-C stops handing out frames; the frames already being rendered finish and
    /// every frame before the first failed one is delivered, so what was written is complete and
    /// gapless. Then the failure is thrown, or `.interrupted` with the frames delivered.
    /// `stop` asks for the stop; by default Ctrl-C and SIGTERM do.
    ///
    /// `feeding` says the frames feed another process that shares the cores and does the larger
    /// part of the work (ffmpeg's encoder): the rendering threads, the footage's read-ahead and
    /// the thread delivering the frames (one of its own then, the calling thread waiting) run at
    /// a feeder's lower priority (`ThreadPriority`), taking the cores the encoder leaves idle
    /// rather than slowing it. A feeder that falls behind still runs whenever the encoder waits
    /// for it. The bytes are the same either way.
    public func render(
        frames: Range<Int>, alongside: ConcurrentDelivery? = nil, stop: StopRequest = .signals,
        feeding: Bool = false, deliver: Delivery
    ) throws(RenderError) {
        guard !frames.isEmpty else { return }
        let interruption = Interruption(stop)
        defer { interruption.end() }
        let queue = FrameQueue(frames: frames, buffers: buffers.count)
        let (evaluator, buffers, fps) = (evaluator, buffers, evaluator.scene.fps)
        // Snapshots show footage at times of their own: taken before the footage is read ahead.
        for worker in workers { try worker.takeSnapshotsIfNeeded(evaluator, frame: frames.lowerBound) }
        let readAheads = workers[0].compositor.readAheads(
            frames: frames, window: readAheadWindow, threads: workers.count, feeding: feeding
        ) { frame in
            evaluator.footageTimes(ofFrame: frame)
        } hidden: { frame, time in
            evaluator.hiddenFootage(ofFrame: frame, at: time)
        }
        // Run after the threads are joined (defers run last first).
        defer {
            for readAhead in readAheads { readAhead.stop() }
            // One line per file: layers playing a file with different timings read it ahead apart.
            var costs: [FootageCost] = []
            for readAhead in readAheads {
                let name = readAhead.footage.name
                if let slot = costs.firstIndex(where: { $0.name == name }) {
                    costs[slot].decoded += readAhead.decoded
                    costs[slot].peakHeld += readAhead.peakFrames
                } else {
                    costs.append(FootageCost(name: name, decoded: readAhead.decoded, peakHeld: readAhead.peakFrames))
                }
            }
            footageCost = costs
        }
        let threads = workers.map { worker in
            JoinableThread {
                if feeding { ThreadPriority.lowerForFeeding() }
                while let (frame, slot) = queue.take(stoppingIf: interruption.isRequested) {
                    let buffer = buffers[slot]
                    do throws(RenderError) {
                        try worker.render(
                            evaluator, time: try evaluator.time(ofFrame: frame), wallTime: Double(frame) / fps,
                            frame: frame, into: buffer)
                        try alongside?(frame, buffer.view)
                        queue.finished(frame, slot: slot)
                    } catch {
                        queue.failed(frame, slot: slot, error)
                    }
                }
            }
        }
        // Whatever happens below, no thread is left rendering into buffers the caller may free.
        defer {
            queue.stop()
            for thread in threads { thread.join() }
        }
        // The frames delivered before the render ended.
        let next = try withoutActuallyEscaping(deliver) { deliver throws(RenderError) -> Int in
            let delivered = { () throws(RenderError) -> Int in
                var next = frames.lowerBound
                while let slot = try queue.waitFor(next) {
                    do throws(RenderError) {
                        try deliver(next, buffers[slot].view)
                    } catch {
                        queue.give(back: slot)
                        throw error
                    }
                    queue.give(back: slot)
                    next += 1
                    for readAhead in readAheads { readAhead.advance(to: next) }
                }
                return next
            }
            return try feeding ? Self.onFeedingThread(delivered) : delivered()
        }
        if next < frames.upperBound { throw RenderError.interrupted(complete: frames.lowerBound..<next) }
    }

    /// Runs `body` on a thread of its own at a feeder's lower priority (`ThreadPriority`), the
    /// calling thread waiting: the frames are handed to ffmpeg from the cores its encoder leaves
    /// idle, and the caller's own priority stays as it was (lowered, it could not be raised again).
    private static func onFeedingThread(
        _ body: @escaping () throws(RenderError) -> Int
    ) throws(RenderError) -> Int {
        // The caller waits for the thread: nothing here is used by two threads at once.
        final class Call: @unchecked Sendable {
            let body: () throws(RenderError) -> Int
            var result: Result<Int, RenderError> = .success(0)
            init(_ body: @escaping () throws(RenderError) -> Int) { self.body = body }
        }
        let call = Call(body)
        let thread = JoinableThread {
            ThreadPriority.lowerForFeeding()
            do throws(RenderError) {
                call.result = .success(try call.body())
            } catch {
                call.result = .failure(error)
            }
        }
        thread.join()
        return try call.result.get()
    }

    /// The render frames past the lowest undelivered one whose footage is decoded ahead: every
    /// frame in flight (one per buffer), and as many again as there are lanes, so that decoding
    /// stays ahead of them.
    var readAheadWindow: Int { buffers.count + workers.count }

    /// Frame `frame` of the render, as `render(frames:)` draws it, into a buffer reused by the
    /// next call: for callers that take frames one at a time (the library's frame access).
    public func render(frame: Int) throws(RenderError) -> FrameBuffer {
        let buffer = try stillBuffer(frame: frame)
        try workers[0].render(
            evaluator, time: try evaluator.time(ofFrame: frame), wallTime: Double(frame) / evaluator.scene.fps,
            frame: frame, into: buffer)
        return buffer
    }

    private func stillBuffer(frame: Int) throws(RenderError) -> FrameBuffer {
        if let still { return still }
        let (width, height) = (workers[0].compositor.pixelWidth, workers[0].compositor.pixelHeight)
        do throws(FrameBuffer.OutOfMemory) {
            let buffer = try FrameBuffer(width: width, height: height)
            still = buffer
            return buffer
        } catch {
            throw .outOfMemory(error, frame: frame)
        }
    }

    /// One frame, for stills: what the render shows `time` seconds in, so dismiss, pop and
    /// interactive clocks apply as they do to whole renders. Errors name the frame showing it.
    /// A time outside the render (which callers refuse first) is named as its first or last
    /// frame: converting its product with fps to `Int` would trap from about 1.5e17 s at 60 fps.
    ///
    /// `motionBlurSamples` caps the motion blur's samples, for a preview that cannot wait for
    /// them all: 0 draws no blur (the frame of the scene without `motionBlur`), N at most N
    /// samples for any layer; nil (the default) draws the scene's own.
    public func render(time: Double, motionBlurSamples: Int? = nil) throws(RenderError) -> FrameBuffer {
        let frame = stillFrame(at: time)
        workers[0].samplesCap = motionBlurSamples
        defer { workers[0].samplesCap = nil }
        let buffer = try stillBuffer(frame: frame)
        try workers[0].render(
            evaluator, time: try evaluator.time(atWallTime: time, frame: frame), wallTime: time, frame: frame,
            into: buffer)
        return buffer
    }

    /// The frame a still at `time` is drawn as: the one showing it, or the first or last.
    private func stillFrame(at time: Double) -> Int {
        let index = (time * evaluator.scene.fps + 1e-9).rounded(.down)
        return index.isNaN ? 0 : Int(min(max(index, 0), Double(evaluator.scene.frameCount)))
    }

    /// The characters of the text of layer `layer` in the still `render(time:)` makes at `time`:
    /// each one's box on the canvas and its weight under each of the text's animators, from the
    /// states and the time that frame is drawn with (`Compositor.textUnits`); empty when the layer
    /// has no text or its text draws nothing then.
    public func textUnits(ofLayer layer: Int, time: Double) throws(RenderError) -> [TextUnitBox] {
        let frame = stillFrame(at: time)
        return try workers[0].textUnits(
            evaluator, ofLayer: layer, time: try evaluator.time(atWallTime: time, frame: frame), frame: frame)
    }
}

/// The frames of one render, handed out in order to the rendering threads, each with a free
/// buffer slot, and handed back finished, in order, to the delivering thread.
private final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let end: Int
    /// The next frame to hand out.
    private var next: Int
    private var freeSlots: [Int]
    /// Finished frames waiting for their turn: frame → buffer slot.
    private var finished: [Int: Int] = [:]
    /// The first failed frame and its error.
    private var failure: (frame: Int, error: RenderError)?
    private var stopped = false

    init(frames: Range<Int>, buffers: Int) {
        next = frames.lowerBound
        end = frames.upperBound
        freeSlots = Array((0..<buffers).reversed())
    }

    /// The next frame and a slot to render it into, waiting for a slot if need be; nil once
    /// every frame is handed out or the render stops.
    func take(stoppingIf interrupted: @autoclosure () -> Bool) -> (frame: Int, slot: Int)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if interrupted() { stopped = true }
            if stopped || next >= end {
                condition.broadcast()
                return nil
            }
            if let slot = freeSlots.popLast() {
                defer { next += 1 }
                return (next, slot)
            }
            condition.wait()
        }
    }

    func finished(_ frame: Int, slot: Int) {
        condition.withLock {
            finished[frame] = slot
            condition.broadcast()
        }
    }

    /// A frame failed: no more frames are handed out; the earliest failure is the one reported.
    func failed(_ frame: Int, slot: Int, _ error: RenderError) {
        condition.withLock {
            if failure == nil || frame < failure!.frame { failure = (frame, error) }
            freeSlots.append(slot)
            stopped = true
            condition.broadcast()
        }
    }

    /// The slot holding `frame` once it is rendered; nil when the render stopped before handing
    /// it out. Throws the failure when `frame` is the one that failed.
    func waitFor(_ frame: Int) throws(RenderError) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let slot = finished.removeValue(forKey: frame) { return slot }
            if let failure, failure.frame == frame { throw failure.error }
            // Not handed out and never will be: every frame before it was delivered.
            if frame >= next && (stopped || frame >= end) {
                if let failure { throw failure.error }
                return nil
            }
            condition.wait()
        }
    }

    func give(back slot: Int) {
        condition.withLock {
            freeSlots.append(slot)
            condition.broadcast()
        }
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }
}

/// What one video or image sequence cost a render.
public struct FootageCost: Sendable, Equatable {
    /// The file or the sequence's pattern.
    public let name: String
    /// Pictures decoded, including those passed over on the way to a frame shown.
    public var decoded: Int
    /// The most decoded frames held at once for the frames in flight (for a file layers play
    /// with different timings, the sum of each timing's most).
    public var peakHeld: Int
}

extension FrameBuffer {
    public var view: FrameView {
        FrameView(width: width, height: height, stride: stride, pixels: UnsafePointer(pixels))
    }
}
