import CAnimatorABI
import Compositor
import Footage
import Scene

/// A compositor and the scratch its mixers need; used by one thread at a time.
final class Worker: @unchecked Sendable {
    let compositor: Compositor
    /// What the compositor calls for layer effects; nil when the scene has none.
    let effects: FrameEffects?
    /// Scratch for mixer steps (from, to, out per running mixer), made on first use.
    private var mixScratch: [(from: MixerInput, to: MixerInput, out: FrameBuffer)] = []
    /// Pictures of the layers mixer steps show alone in another's place, made on first use.
    private var movedScratch: [MixerInput] = []
    /// The mixers' outputs of the frame being rendered; kept to reuse its storage.
    private var replacements: [Replacement] = []
    /// What motion blur averages its samples in, made on first use.
    var shutter: ShutterScratch?
    /// What motion blur needs to know of the scene it last rendered, found once (see
    /// `blurTraits(of:)`).
    var knownBlurTraits: (scene: Scene, traits: BlurTraits)?
    /// The most samples a blurred frame is drawn with, 0 for none; nil for the scene's own. Set
    /// for a preview's frames only (`FrameRenderer.render(time:motionBlurSamples:)`).
    var samplesCap: Int?
    init(compositor: Compositor, effects: (any EffectCalls)?) {
        self.compositor = compositor
        self.effects = effects.map(FrameEffects.init)
        compositor.effects = self.effects
    }

    /// Renders timeline time `time`, shown `wallTime` seconds into the render (on frame `frame`,
    /// or between it and the next for a still), into `buffer`.
    func render(
        _ evaluator: FrameEvaluator, time: Double, wallTime: Double, frame: Int, into buffer: FrameBuffer
    ) throws(RenderError) {
        effects?.frame = frame
        compositor.time = time
        if !compositor.hasSnapshots { try takeSnapshots(evaluator, frame: frame) }
        if let blur = evaluator.scene.canvas.motionBlur.map({ blur in samplesCap.map { blur.capped(at: $0) } ?? blur }),
            blur.blurs
        {
            try renderBlurred(evaluator, blur, time: time, wallTime: wallTime, frame: frame, into: buffer)
            return
        }
        let state = try evaluator.state(at: time, frame: frame, wallTime: wallTime)
        try showFootage(at: time, frame: frame, hiding: state.hiddenFootage)
        try draw(state, evaluator, time: time, frame: frame, into: buffer)
    }

    /// Shows the footage frames of time `time`, but for the layers `hidden` says the frame does
    /// not draw (`FrameState.hiddenFootage`): their frames are not decoded.
    func showFootage(at time: Double, frame: Int, hiding hidden: HiddenFootage = .none) throws(RenderError) {
        do throws(FootageError) {
            try compositor.showFootage(at: time, hiding: hidden)
        } catch {
            throw .footageFailed(frame: frame, message: error.description)
        }
    }

    /// Draws `state`, the layers at timeline time `time`, into `buffer`: the mixers' outputs
    /// first, then the layers over the background.
    func draw(
        _ state: FrameState, _ evaluator: FrameEvaluator, time: Double, frame: Int, into buffer: FrameBuffer
    ) throws(RenderError) {
        var state = state
        replacements.removeAll(keepingCapacity: true)
        let direct = directMix(in: state, evaluator)
        var held: Int?
        for (slot, mix) in state.mixes.enumerated() {
            guard case .mix(let mixer, let from, let to) = evaluator.scene.steps[mix.step].action else { continue }
            let scratch = try scratch(slot, frame: frame)
            let order = mixer.pixelOrder
            let fromImage = scratch.from.image(of: from, in: state, order: order, with: compositor)
            let toImage = scratch.to.image(of: to, in: state, order: order, with: compositor)
            let layers = state.layers
            let mixed = { (out: FrameBuffer, rows: Range<Int>) throws(RenderError) in
                try evaluator.mix(
                    step: mix.step, progress: mix.progress, from: fromImage, to: toImage, out: out, rows: rows,
                    layers: layers, time: time, frame: frame)
            }
            // The blend takes the upper layer's place in the tree; the lower one, with its
            // sublayers, is inside it.
            state.layers[min(from, to)].hidden = 1
            if slot == direct, mixer.keepsOpaque, scratch.from.isOpaque, scratch.to.isOpaque {
                // Opaque by the mixer's promise: written straight into the frame in one call.
                buffer.pixelsChanged()
                try mixed(buffer, 0..<buffer.height)
                held = max(from, to)
            } else if slot == direct, try mixOpaque(into: buffer, else: scratch.out, mixed) {
                held = max(from, to)
            } else {
                if slot != direct { try mixed(scratch.out, 0..<scratch.out.height) }
                replacements.append(Replacement(index: max(from, to), image: scratch.out, order: order))
            }
        }
        try move(&state, frame: frame)
        compositor.delayedCopies = try delayedCopies(evaluator, time: time, frame: frame)
        compositor.render(state.layers, host: state.host, replacing: replacements, holding: held, into: buffer)
        if let effects, let failure = effects.takeFailure(from: compositor) { throw failure }
    }

    /// Each replicating layer's copies after the first, when it delays them: the states of its
    /// subtree at `time` − i × its delay, each time evaluated once for all of them.
    private func delayedCopies(_ evaluator: FrameEvaluator, time: Double, frame: Int) throws(RenderError)
        -> [Int: [DelayedCopy]]
    {
        let scene = evaluator.scene
        var copies: [Int: [DelayedCopy]] = [:]
        var states: [Double: FrameState] = [:]
        for index in scene.delayingReplicators {
            guard let replicator = scene.layers[index].content.replicator else { continue }
            let subtree = (index + 1)..<scene.tree.ends[index]
            var delayed: [DelayedCopy] = []
            for instance in 1..<replicator.count {
                let then = time - Double(instance) * replicator.delay
                let state: FrameState
                if let known = states[then] {
                    state = known
                } else {
                    state = try evaluator.state(at: then, frame: frame)
                    states[then] = state
                }
                delayed.append(DelayedCopy(layers: Array(state.layers[subtree]), host: Array(state.host[subtree])))
            }
            copies[index] = delayed
        }
        return copies
    }

    /// The characters of layer `layer`'s text at timeline time `time` (on frame `frame`), as
    /// `render` would lay them out: the compositor shows the time's footage and text, then
    /// measures the layer in the frame's states.
    func textUnits(_ evaluator: FrameEvaluator, ofLayer layer: Int, time: Double, frame: Int) throws(RenderError)
        -> [TextUnitBox]
    {
        compositor.time = time
        let state = try evaluator.state(at: time, frame: frame)
        do throws(FootageError) {
            try compositor.showFootage(at: time)
        } catch {
            throw .footageFailed(frame: frame, message: error.description)
        }
        return compositor.textUnits(ofLayer: layer, in: state.layers, host: state.host)
    }

    /// Draws each layer a mixer step shows alone in the mix's place (`FrameState.moved`): its
    /// picture replaces the upper layer, as the mix's output would, and it is hidden in its own.
    private func move(_ state: inout FrameState, frame: Int) throws(RenderError) {
        for (slot, shown) in state.moved.enumerated() {
            do throws(FrameBuffer.OutOfMemory) {
                while movedScratch.count <= slot {
                    movedScratch.append(try MixerInput(width: compositor.pixelWidth, height: compositor.pixelHeight))
                }
            } catch {
                throw .outOfMemory(error, frame: frame)
            }
            let image = movedScratch[slot].image(of: shown.layer, in: state, order: .native, with: compositor)
            replacements.append(Replacement(index: shown.place, image: image, order: .native))
        }
        for shown in state.moved { state.layers[shown.layer].hidden = 1 }
    }

    /// Rows a mixer writes straight into the frame between two checks that they are opaque:
    /// 17 rows of a 1080p frame (128 KiB) are still in the cache when they are checked, and a
    /// frame takes 64 calls (narrower bands cost more in calls than they save).
    private static let bandBytes = 1 << 17

    /// The mix of `state` (its index in `state.mixes`) whose output may go straight into the
    /// frame, sparing a copy of it: the one replacing the topmost layer, when that layer is
    /// top-level (an opaque output there hides all below), the mixer takes the frame's own
    /// pixels, it runs in this process (so a band of rows costs its share of the whole), and no
    /// other mix's output nor layer shown alone takes the same place or one above it (two mixer
    /// steps meeting at one instant, one ending as the other starts, can share their upper layer).
    private func directMix(in state: FrameState, _ evaluator: FrameEvaluator) -> Int? {
        guard evaluator.plugins.mixesInPlace else { return nil }
        var top: (slot: Int, upper: Int, native: Bool)?
        var shared = false
        for (slot, mix) in state.mixes.enumerated() {
            guard case .mix(let mixer, let from, let to) = evaluator.scene.steps[mix.step].action else { continue }
            let upper = max(from, to)
            if upper > top?.upper ?? -1 {
                (top, shared) = ((slot, upper, mixer.pixelOrder == .native), false)
            } else if upper == top?.upper {
                shared = true
            }
        }
        guard let top, !shared, top.native, state.moved.allSatisfy({ $0.place < top.upper }),
            compositor.takesOpaqueReplacement(top.upper)
        else { return nil }
        return top.slot
    }

    /// Mixes band after band of rows straight into `frame`, each checked opaque while it is still
    /// in the cache, and says whether the whole was. At the first band that is not, what was
    /// mixed is copied into `other` and the rest mixed there: `other` then holds the whole output,
    /// to be composited over the layers below.
    private func mixOpaque(
        into frame: FrameBuffer, else other: FrameBuffer,
        _ mixed: (FrameBuffer, Range<Int>) throws(RenderError) -> Void
    ) throws(RenderError) -> Bool {
        frame.pixelsChanged()
        let band = max(1, Self.bandBytes / max(1, frame.stride))
        var row = 0
        while row < frame.height {
            let rows = row..<min(row + band, frame.height)
            try mixed(frame, rows)
            guard frame.rowsAreOpaque(rows) else {
                frame.copyRows(0..<rows.upperBound, into: other)
                if rows.upperBound < frame.height { try mixed(other, rows.upperBound..<frame.height) }
                return false
            }
            row = rows.upperBound
        }
        return true
    }

    /// Takes the snapshots' pictures if they are not yet taken (for `frame`, whose render fails
    /// if they cannot be).
    func takeSnapshotsIfNeeded(_ evaluator: FrameEvaluator, frame: Int) throws(RenderError) {
        if !compositor.hasSnapshots { try takeSnapshots(evaluator, frame: frame) }
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
