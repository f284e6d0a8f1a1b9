import CAnimatorABI
import Compositor
import Scene

/// A compositor and its frame buffer; used by one thread at a time.
final class Worker: @unchecked Sendable {
    let compositor: Compositor
    let buffer: FrameBuffer
    /// Scratch frames for mixer steps (from, to, out per running mixer), made on first use.
    private var mixBuffers: [[FrameBuffer]] = []
    /// Row ranges a mixer's rows are split into, mixed in parallel.
    let mixBands: Int

    init(compositor: Compositor, buffer: FrameBuffer, mixBands: Int) {
        self.compositor = compositor
        self.buffer = buffer
        self.mixBands = mixBands
    }

    func render(_ evaluator: FrameEvaluator, time: Double, frame: Int) throws(RenderError) {
        var state = try evaluator.state(at: time, frame: frame)
        var replacements: [Int: FrameBuffer] = [:]
        for (slot, mix) in state.mixes.enumerated() {
            guard case .mix(_, let from, let to) = evaluator.scene.steps[mix.step].action else { continue }
            let (fromBuffer, toBuffer, outBuffer) = scratch(slot)
            compositor.renderLayer(state.layers[from], contentIndex: from, into: fromBuffer)
            compositor.renderLayer(state.layers[to], contentIndex: to, into: toBuffer)
            fromBuffer.swapRedAndBlue()
            toBuffer.swapRedAndBlue()
            try evaluator.mix(step: mix.step, progress: mix.progress, from: fromBuffer, to: toBuffer, out: outBuffer,
                              layers: state.layers, time: time, frame: frame, bands: mixBands)
            outBuffer.swapRedAndBlue()
            // The blend takes the upper layer's place in the stack; the lower one is inside it.
            replacements[max(from, to)] = outBuffer
            state.layers[min(from, to)].hidden = 1
        }
        compositor.render(state.layers, replacing: replacements, into: buffer)
    }

    private func scratch(_ slot: Int) -> (FrameBuffer, FrameBuffer, FrameBuffer) {
        while mixBuffers.count <= slot {
            mixBuffers.append((0..<3).map { _ in FrameBuffer(width: buffer.width, height: buffer.height) })
        }
        return (mixBuffers[slot][0], mixBuffers[slot][1], mixBuffers[slot][2])
    }
}
