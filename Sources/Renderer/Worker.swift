import CAnimatorABI
import Compositor
import Footage
import Scene

/// A compositor and the scratch its mixers need; used by one thread at a time.
final class Worker: @unchecked Sendable {
    let compositor: Compositor
    /// Scratch for mixer steps (from, to, out per running mixer), made on first use.
    private var mixScratch: [(from: MixerInput, to: MixerInput, out: FrameBuffer)] = []
    /// The mixers' outputs of the frame being rendered; kept to reuse its storage.
    private var replacements: [Replacement] = []
    init(compositor: Compositor) {
        self.compositor = compositor
    }

    /// Renders timeline time `time`, shown `wallTime` seconds into the render (on frame `frame`,
    /// or between it and the next for a still), into `buffer`.
    func render(
        _ evaluator: FrameEvaluator, time: Double, wallTime: Double, frame: Int, into buffer: FrameBuffer
    ) throws(RenderError) {
        if !compositor.hasSnapshots { try takeSnapshots(evaluator, frame: frame) }
        var state = try evaluator.state(at: time, frame: frame)
        for index in evaluator.scene.removedLayers(atWallTime: wallTime) { state.layers[index].hidden = 1 }
        do throws(FootageError) {
            try compositor.showFootage(at: time)
        } catch {
            throw .footageFailed(frame: frame, message: error.description)
        }
        replacements.removeAll(keepingCapacity: true)
        for (slot, mix) in state.mixes.enumerated() {
            guard case .mix(let mixer, let from, let to) = evaluator.scene.steps[mix.step].action else { continue }
            let scratch = try scratch(slot, frame: frame)
            let order = mixer.pixelOrder
            let fromImage = scratch.from.image(of: from, in: state, order: order, with: compositor)
            let toImage = scratch.to.image(of: to, in: state, order: order, with: compositor)
            try evaluator.mix(
                step: mix.step, progress: mix.progress, from: fromImage, to: toImage, out: scratch.out,
                layers: state.layers, time: time, frame: frame)
            // The blend takes the upper layer's place in the tree; the lower one, with its
            // sublayers, is inside it.
            replacements.append(Replacement(index: max(from, to), image: scratch.out, order: order))
            state.layers[min(from, to)].hidden = 1
        }
        compositor.render(state.layers, host: state.host, replacing: replacements, into: buffer)
    }

    /// Takes every snapshot content's picture from the states at its time (for `frame`, whose
    /// render fails if they cannot be had). The same on every thread, whichever frame comes first.
    private func takeSnapshots(_ evaluator: FrameEvaluator, frame: Int) throws(RenderError) {
        for request in compositor.snapshotRequests {
            let state = try evaluator.state(at: request.snapshot.time, frame: frame)
            do throws(FootageError) {
                try compositor.showFootage(at: request.snapshot.time)
            } catch {
                throw .footageFailed(frame: frame, message: error.description)
            }
            compositor.takeSnapshot(forContent: request.content, layers: state.layers, host: state.host)
        }
    }

    /// The images of the `slot`th mixer of a frame, made on first use (for `frame`, whose render
    /// fails if they cannot be).
    private func scratch(_ slot: Int, frame: Int) throws(RenderError) -> (
        from: MixerInput, to: MixerInput, out: FrameBuffer
    ) {
        let (width, height) = (compositor.pixelWidth, compositor.pixelHeight)
        do throws(FrameBuffer.OutOfMemory) {
            while mixScratch.count <= slot {
                mixScratch.append(
                    (
                        try MixerInput(width: width, height: height), try MixerInput(width: width, height: height),
                        try FrameBuffer(width: width, height: height)
                    ))
            }
        } catch {
            throw .outOfMemory(error, frame: frame)
        }
        return mixScratch[slot]
    }
}
