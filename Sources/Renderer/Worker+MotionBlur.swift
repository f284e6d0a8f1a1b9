import CAnimatorABI
import CRaster
import Compositor
import Scene

/// What motion blur needs beside the frame: a picture per later sample, and the sums of its
/// pixels that differ from the first sample's, in linear light, with the columns of each row
/// they are kept for (see `raster_shutter_add`).
final class ShutterScratch {
    let sample: FrameBuffer
    let sums: UnsafeMutablePointer<Float>
    let differs: UnsafeMutablePointer<UInt8>
    let spans: UnsafeMutablePointer<Int32>

    /// The linear-light value of each channel byte under each alpha, made once.
    nonisolated(unsafe) static let table: UnsafePointer<Float> = {
        let table = UnsafeMutablePointer<Float>.allocate(capacity: 256 * 256)
        raster_shutter_table(table)
        return UnsafePointer(table)
    }()

    /// For frames whose samples only move the layers above the static image (`renderMoved`):
    /// those layers drawn alone, the box they were drawn in, and where the picture's rows change
    /// (see `raster_shutter_runs`).
    private(set) var picture: FrameBuffer?
    var pictureBox = (x0: 0, y0: 0, x1: 0, y1: 0)
    let rowGroup: UnsafeMutablePointer<Int32>
    let boundSpan: UnsafeMutablePointer<Int32>
    private(set) var bounds: UnsafeMutablePointer<Int32>?
    private var boundsCapacity = 0

    /// The same in whole units of 1 / SHUTTER_LINEAR_ONE, for samples that only move.
    nonisolated(unsafe) static let table16: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 256 * 256)
        raster_shutter_table16(table)
        return UnsafePointer(table)
    }()

    /// `sums` as the whole numbers a row of moved samples is summed in (the same bytes).
    var movedSums: UnsafeMutablePointer<UInt32> {
        UnsafeMutableRawPointer(sums).assumingMemoryBound(to: UInt32.self)
    }

    init(width: Int, height: Int) throws(FrameBuffer.OutOfMemory) {
        sample = try FrameBuffer(width: width, height: height)
        sums = .allocate(capacity: max(1, width * height * 4))
        differs = .allocate(capacity: max(1, width * height))
        spans = .allocate(capacity: max(2, 2 * height))
        rowGroup = .allocate(capacity: max(1, height))
        boundSpan = .allocate(capacity: max(2, 2 * height))
    }

    deinit {
        sums.deallocate()
        differs.deallocate()
        spans.deallocate()
        rowGroup.deallocate()
        boundSpan.deallocate()
        bounds?.deallocate()
    }

    /// The picture of the layers that move, made on first use.
    func movingPicture() throws(FrameBuffer.OutOfMemory) -> FrameBuffer {
        if let picture { return picture }
        let made = try FrameBuffer(width: sample.width, height: sample.height)
        picture = made
        return made
    }

    /// The picture of the layers that move, made on first use, for `frame`, whose render fails
    /// when it cannot be had.
    func movingPicture(frame: Int) throws(RenderError) -> FrameBuffer {
        do throws(FrameBuffer.OutOfMemory) {
            return try movingPicture()
        } catch {
            throw .outOfMemory(error, frame: frame)
        }
    }

    /// Room for `count` columns where rows change.
    func bounds(holding count: Int) -> UnsafeMutablePointer<Int32> {
        if let bounds, boundsCapacity >= count { return bounds }
        bounds?.deallocate()
        let made = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, count))
        (bounds, boundsCapacity) = (made, count)
        return made
    }
}

/// What a scene's layers hold that motion blur must sample however the states stand.
struct BlurTraits {
    /// A layer whose pixels change with the time alone (`Worker.changesByItself`).
    let changesByItself: Bool
}

/// A box of pixels, `x0..<x1` by `y0..<y1`.
typealias PixelRange = (x0: Int, y0: Int, x1: Int, y1: Int)

/// One sample of a blurred frame: its timeline time and the layers' states then.
private struct ShutterSample {
    let time: Double
    var state: FrameState
}

extension Worker {
    /// Renders the frame at timeline time `time` (`wallTime` seconds into the render) with motion
    /// blur: the average, in linear light, of pictures at sub-frame times across the shutter
    /// interval. Sample k of n lies (phase + angle · (k + ½) / n) / 360 frame intervals from the
    /// frame's wall time, each computed from it alone. Only what animates is sampled (the
    /// layers' states, mixers' progress, a text's wiggly selectors); what a layer shows (its
    /// footage, sequence or Lottie frame, its string or caption cue, an effect's time) is the
    /// frame's own in every sample, as After Effects samples a layer's motion and not its
    /// source. A frame in which nothing changes within the shutter is drawn once, as without
    /// blur; a layer given fewer samples than the frame (its own `samples`, `false`, or fewer by
    /// `adaptive`) shows its states at its own sample times, each in an equal share of the
    /// frame's samples.
    ///
    /// Each sample is drawn as a frame is, over the picture of the bottom layers that do not
    /// change (the static image): only the box the layers above it reach is drawn and, between
    /// samples, restored; a later sample is compared with the first, and summed, only within the
    /// boxes the two drew over that picture. A shadow that only moves since the first sample is
    /// that sample's mask moved (`Compositor.shutterSample`), not blurred again.
    func renderBlurred(
        _ evaluator: FrameEvaluator, _ blur: MotionBlur, time: Double, wallTime: Double, frame: Int,
        into buffer: FrameBuffer
    ) throws(RenderError) {
        let scene = evaluator.scene
        var count = blur.mostSamples
        compositor.time = time
        try showFootage(
            at: time, frame: frame,
            hiding: evaluator.shutterHiddenFootage(blur, frameWallTime: wallTime, time: time, frame: frame))
        defer { compositor.sampleTextAnimators(at: time) }
        if try standsStill(evaluator, blur, wallTime: wallTime, frame: frame) {
            try drawStill(evaluator, time: time, wallTime: wallTime, frame: frame, into: buffer)
            return
        }
        var samples = try Self.samples(count, blur, evaluator, wallTime: wallTime, frame: frame)
        // The states at each layer's own sample times, by its number of samples.
        var layerStates = [count: samples]
        var layerSamples = scene.layers.indices.map { blur.samples(ofLayer: $0) }
        if blur.adaptive {
            layerSamples = Self.adaptiveSamples(samples, caps: layerSamples, scene: scene)
            let needed = layerSamples.max() ?? 1
            if needed < count {
                count = needed
                samples = try Self.samples(count, blur, evaluator, wallTime: wallTime, frame: frame)
                layerStates[count] = samples
            }
        }
        var still = count <= 1
        if !still { still = nothingChanges(samples, scene: scene) }
        if still {
            try drawStill(evaluator, time: time, wallTime: wallTime, frame: frame, into: buffer)
            return
        }
        // Layers drawn at the frame's own time in every sample.
        let fixed =
            layerSamples.contains { $0 <= 1 }
            ? try evaluator.state(at: time, frame: frame, wallTime: wallTime) : nil
        for own in Set(layerSamples) where own > 1 && own < count && layerStates[own] == nil {
            layerStates[own] = try Self.samples(own, blur, evaluator, wallTime: wallTime, frame: frame)
        }
        let scratch = try shutterScratch(frame: frame)
        let (width, height) = (buffer.width, buffer.height)
        scratch.spans.update(repeating: 0, count: max(2, 2 * height))
        let changesByItself = blurTraits(of: scene).changesByItself
        let states = (0..<count).map { k in
            var state = samples[k].state
            for (index, own) in layerSamples.enumerated() where own < count {
                if own <= 1, let fixed {
                    state.layers[index] = fixed.layers[index]
                    state.host[index] = fixed.host[index]
                } else if own > 1, let states = layerStates[own] {
                    // The layer's own sample that frame sample k falls in: each of its samples is
                    // shown in count / own of the frame's (one more or less where own does not
                    // divide count).
                    let mine = states[k * own / count].state
                    state.layers[index] = mine.layers[index]
                    state.host[index] = mine.host[index]
                }
            }
            return state
        }
        if !changesByItself, try renderMoved(states, evaluator, frame: frame, scratch: scratch, into: buffer) {
            return
        }
        if !changesByItself,
            try renderLayered(
                states, evaluator, times: samples.map(\.time), frame: frame, scratch: scratch, into: buffer)
        {
            return
        }
        defer { compositor.shutterSample = .none }
        var previous: FrameState?
        // Whether the latest picture drawn is the first sample's (no later one drawn yet).
        var latestIsFirst = true
        // The box holding every pixel summed.
        var summed: PixelRange?
        for k in 0..<count {
            let state = states[k]
            compositor.sampleTextAnimators(at: samples[k].time)
            // A sample that looks as the one before (a motion that stopped, a layer's own sample
            // shown again) is that picture again, not drawn anew.
            let repeated = !changesByItself && previous.map { Self.sameLook($0, state) } ?? false
            previous = state
            if k == 0 {
                compositor.shutterSample = .first
                try draw(state, evaluator, time: samples[k].time, frame: frame, into: buffer)
                continue
            }
            if !repeated {
                compositor.shutterSample = .later
                try draw(state, evaluator, time: samples[k].time, frame: frame, into: scratch.sample)
                latestIsFirst = false
            }
            // The first sample adds nothing to the sums: they are differences from it. Pixels
            // outside the boxes both samples drew over their static image are that image's in both.
            if !latestIsFirst {
                let box = scratch.sample.boxDiffering(from: buffer)
                summed = summed.map { union($0, box) } ?? box
                raster_shutter_add(
                    buffer.pixels, scratch.sample.pixels, Int32(width), Int32(height), Int32(buffer.stride),
                    Int32(box.x0), Int32(box.y0), Int32(box.x1), Int32(box.y1), ShutterScratch.table, scratch.sums,
                    scratch.differs, scratch.spans)
            }
        }
        raster_shutter_resolve(
            buffer.pixels, Int32(width), Int32(height), Int32(buffer.stride), Int32(count), ShutterScratch.table,
            scratch.sums, scratch.differs, scratch.spans)
        // The average differs from the first sample only where samples were summed.
        if let summed { buffer.pixelsChanged(within: summed) }
    }

    /// Draws a frame whose samples are all one picture once, at its own time, as without blur
    /// (its footage and texts shown at that time already).
    private func drawStill(
        _ evaluator: FrameEvaluator, time: Double, wallTime: Double, frame: Int, into buffer: FrameBuffer
    ) throws(RenderError) {
        compositor.sampleTextAnimators(at: time)
        try draw(
            try evaluator.state(at: time, frame: frame, wallTime: wallTime), evaluator, time: time, frame: frame,
            into: buffer)
    }

    /// Whether the frame is the same picture at every sample's time, known without evaluating the
    /// samples' states: no step's progress moves within the shutter (`stepsStandStill`), no layer
    /// is taken away within it, and no text has a wiggly selector. A still frame then costs what
    /// it costs without motion blur.
    private func standsStill(
        _ evaluator: FrameEvaluator, _ blur: MotionBlur, wallTime: Double, frame: Int
    ) throws(RenderError) -> Bool {
        let scene = evaluator.scene
        let traits = blurTraits(of: scene)
        if traits.changesByItself { return false }
        // With no step and no interaction, nothing but content changes with the time.
        if scene.steps.isEmpty && scene.clock.interaction == nil { return true }
        let count = blur.mostSamples
        let walls = (0..<count).map { evaluator.wallTime(ofSample: $0, of: count, blur, frameWallTime: wallTime) }
        let removed = scene.removedLayers(atWallTime: walls[0])
        guard walls.allSatisfy({ scene.removedLayers(atWallTime: $0) == removed }) else { return false }
        var times: [Double] = []
        for wall in walls { times.append(try evaluator.time(atWallTime: wall, frame: frame)) }
        return try evaluator.stepsStandStill(at: times, frame: frame)
    }

    /// The states of `count` samples across the shutter of the frame shown `wallTime` seconds in.
    private static func samples(
        _ count: Int, _ blur: MotionBlur, _ evaluator: FrameEvaluator, wallTime: Double, frame: Int
    ) throws(RenderError) -> [ShutterSample] {
        var samples: [ShutterSample] = []
        samples.reserveCapacity(count)
        for k in 0..<count {
            let wall = evaluator.wallTime(ofSample: k, of: count, blur, frameWallTime: wallTime)
            let time = try evaluator.time(atWallTime: wall, frame: frame)
            samples.append(
                ShutterSample(time: time, state: try evaluator.state(at: time, frame: frame, wallTime: wall)))
        }
        return samples
    }

    /// Whether every sample looks the same: the same states and no text animator that changes by
    /// itself (see `changesByItself`), so one picture is every sample's.
    private func nothingChanges(_ samples: [ShutterSample], scene: Scene) -> Bool {
        if blurTraits(of: scene).changesByItself { return false }
        guard let first = samples.first else { return true }
        return samples.dropFirst().allSatisfy { Self.sameLook($0.state, first.state) }
    }

    /// What motion blur needs to know of `scene`'s layers, found once per scene.
    private func blurTraits(of scene: Scene) -> BlurTraits {
        if let known = knownBlurTraits, known.scene === scene { return known.traits }
        let traits = BlurTraits(changesByItself: Self.changesByItself(scene))
        knownBlurTraits = (scene, traits)
        return traits
    }

    /// Whether a layer's pixels can change within a shutter while its state stays: a text with a
    /// wiggly selector (other text animators change with the state, which the samples compare;
    /// what the text says, like footage, is the frame's own in every sample).
    private static func changesByItself(_ scene: Scene) -> Bool {
        scene.layers.contains { $0.content.text.map(Self.wiggles) ?? false }
    }

    private static func wiggles(_ text: TextContent) -> Bool {
        text.animators.contains { $0.selectors.contains { if case .wiggly = $0 { true } else { false } } }
    }

    /// Whether two states draw the same picture, footage aside: the same layer and host states,
    /// running mixers and progress, and layers shown alone.
    static func sameLook(_ a: FrameState, _ b: FrameState) -> Bool {
        a.host == b.host && a.moved == b.moved
            && a.mixes.elementsEqual(b.mixes) { $0.step == $1.step && $0.progress == $1.progress }
            && zip(a.layers, b.layers).allSatisfy { $0.hasSameBytes(as: $1) }
    }

    /// Each layer's samples by its motion (After Effects' adaptive sample limit): 1 for a layer
    /// that does not change within the shutter; for one that does, as many as the largest
    /// movement of a corner of its visual frame (its holders' transforms applied) in canvas
    /// pixels, at least 2 and at most its cap. Layers of running mixers and texts with animators
    /// get their cap: what moves in them is not measured.
    private static func adaptiveSamples(_ samples: [ShutterSample], caps: [Int], scene: Scene) -> [Int] {
        guard let first = samples.first else { return caps }
        var mixed = Set(first.state.mixes.flatMap { scene.steps[$0.step].action.mixedLayers })
        for (index, layer) in scene.layers.enumerated() where !(layer.content.text?.animators.isEmpty ?? true) {
            mixed.insert(index)
        }
        var counts = [Int](repeating: 1, count: caps.count)
        let frames = samples.map { sample in
            sample.state.layers.withUnsafeBufferPointer { layers in
                scene.layers.indices.map { scene.tree.visualFrame(of: $0, in: layers) }
            }
        }
        for index in caps.indices where caps[index] > 1 {
            if mixed.contains(index) {
                counts[index] = caps[index]
                continue
            }
            var changes = false
            var movement = 0.0
            let start = frames[0][index]
            for (k, sample) in samples.enumerated().dropFirst() {
                if !sample.state.layers[index].hasSameBytes(as: first.state.layers[index])
                    || sample.state.host[index] != first.state.host[index]
                {
                    changes = true
                }
                let other = frames[k][index]
                let dx = max(abs(other.x - start.x), abs(other.x + other.width - start.x - start.width))
                let dy = max(abs(other.y - start.y), abs(other.y + other.height - start.y - start.height))
                movement = max(movement, (dx * dx + dy * dy).squareRoot())
            }
            if movement > 0 { changes = true }
            if changes {
                let needed = movement.isFinite ? Int(min(movement.rounded(.up), 64)) : caps[index]
                counts[index] = min(caps[index], max(2, needed))
            }
        }
        return counts
    }

    private func shutterScratch(frame: Int) throws(RenderError) -> ShutterScratch {
        if let shutter { return shutter }
        do throws(FrameBuffer.OutOfMemory) {
            let made = try ShutterScratch(width: compositor.pixelWidth, height: compositor.pixelHeight)
            shutter = made
            return made
        } catch {
            throw .outOfMemory(error, frame: frame)
        }
    }
}

extension FrameEvaluator {
    /// The wall time of sample `k` of `count` of the frame shown `frameWallTime` seconds into the
    /// render: the frame's own plus the sample's offset, computed from them alone.
    func wallTime(ofSample k: Int, of count: Int, _ blur: MotionBlur, frameWallTime: Double) -> Double {
        frameWallTime + blur.offset(ofSample: k, of: count) / scene.fps
    }

    /// The timeline times whose footage frame `frame` shows: its own (motion blur samples the
    /// layers' motion, not their footage); none when it cannot be had (the render then fails on
    /// that frame).
    func footageTimes(ofFrame frame: Int) -> [Double] {
        guard let own = try? time(ofFrame: frame) else { return [] }
        return [own]
    }

    /// The layers whose footage frame `frame`, at timeline time `time`, does not draw whatever
    /// their states (`HiddenFootage`): with motion blur, those no state the frame draws shows
    /// (`shutterHiddenFootage`).
    func hiddenFootage(ofFrame frame: Int, at time: Double) -> HiddenFootage {
        guard let blur = scene.canvas.motionBlur, blur.blurs else { return scene.hiddenFootage(at: time) }
        return shutterHiddenFootage(blur, frameWallTime: Double(frame) / scene.fps, time: time, frame: frame)
    }

    /// The footage layers a motion-blurred frame hides in every state it draws: at its own time
    /// (a layer kept out of the blur) and at every sample's, for the frame's count and each
    /// layer's own (a clip waiting under a transition is not decoded while no sample shows it).
    /// A layer hidden at some of those times and not others is shown.
    func shutterHiddenFootage(_ blur: MotionBlur, frameWallTime: Double, time: Double, frame: Int) -> HiddenFootage {
        guard scene.showsFootage else { return .none }
        var times = [time]
        for count in Set([blur.mostSamples] + scene.layers.indices.map { blur.samples(ofLayer: $0) }) where count > 1 {
            for k in 0..<count {
                let wall = wallTime(ofSample: k, of: count, blur, frameWallTime: frameWallTime)
                guard let sample = try? self.time(atWallTime: wall, frame: frame) else { return .none }
                times.append(sample)
            }
        }
        let hiding = times.map { scene.hiddenFootage(at: $0) }
        guard !hiding.contains(.none) else { return .none }
        var hidden = Set<Int>()
        var shown = Set<Int>()
        for (index, layer) in scene.layers.enumerated() where layer.content.footage != nil {
            let ancestry = Array(scene.tree.ancestry(of: index))
            if hiding.allSatisfy({ $0.hides(ancestry: ancestry) }) { hidden.insert(index) } else { shown.insert(index) }
        }
        // A footage layer shown in some state is drawn apart, so no layer above it hides it.
        return HiddenFootage(hidden: hidden, drawnApart: shown)
    }
}
