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
    /// A layer showing footage or a Lottie animation.
    let plays: Bool
}

/// A box of pixels, `x0..<x1` by `y0..<y1`.
private typealias PixelRange = (x0: Int, y0: Int, x1: Int, y1: Int)

/// One sample of a blurred frame: its timeline time and the layers' states then.
private struct ShutterSample {
    let time: Double
    var state: FrameState
}

extension Worker {
    /// Renders the frame at timeline time `time` (`wallTime` seconds into the render) with motion
    /// blur: the average, in linear light, of pictures at sub-frame times across the shutter
    /// interval. Sample k of n lies (phase + angle · (k + ½) / n) / 360 frame intervals from the
    /// frame's wall time, each computed from it alone. A frame in which nothing changes within
    /// the shutter is drawn once, as without blur; a layer given fewer samples than the frame
    /// (its own `samples`, `false`, or fewer by `adaptive`) shows its states at its own sample
    /// times, each in an equal share of the frame's samples. Footage, Lottie animations and texts
    /// show what they show at each sample's time (footage is not blended between its own frames
    /// within a sample).
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
        if !still { still = try nothingChanges(samples, scene: scene, frame: frame) }
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
        if !changesByItself,
            try renderMoved(states, evaluator, time: samples[0].time, frame: frame, scratch: scratch, into: buffer)
        {
            compositor.time = time
            return
        }
        defer { compositor.shutterSample = .none }
        var previous: (state: FrameState, shown: [Int?])?
        // Whether the latest picture drawn is the first sample's (no later one drawn yet).
        var latestIsFirst = true
        // The box holding every pixel summed.
        var summed: PixelRange?
        for k in 0..<count {
            let state = states[k]
            compositor.time = samples[k].time
            try showFootage(at: samples[k].time, frame: frame)
            let shown = scene.layers.indices.map { compositor.shownFootageFrame(ofContent: $0) }
            // A sample that looks as the one before (a motion that stopped, a layer's own sample
            // shown again) is that picture again, not drawn anew.
            let repeated =
                !changesByItself && previous.map { $0.shown == shown && Self.sameLook($0.state, state) } ?? false
            previous = (state, shown)
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
        compositor.time = time
    }

    /// Draws a frame whose samples are all one picture once, at its own time, as without blur.
    private func drawStill(
        _ evaluator: FrameEvaluator, time: Double, wallTime: Double, frame: Int, into buffer: FrameBuffer
    ) throws(RenderError) {
        compositor.time = time
        try showFootage(at: time, frame: frame)
        try draw(
            try evaluator.state(at: time, frame: frame, wallTime: wallTime), evaluator, time: time, frame: frame,
            into: buffer)
    }

    /// Whether the frame is the same picture at every sample's time, known without evaluating the
    /// samples' states: no step's progress moves within the shutter (`stepsStandStill`), no layer
    /// is taken away within it, and no layer shows footage, a Lottie animation, a text that
    /// changes by itself or an effect that draws by the time. A still frame then costs what it
    /// costs without motion blur.
    private func standsStill(
        _ evaluator: FrameEvaluator, _ blur: MotionBlur, wallTime: Double, frame: Int
    ) throws(RenderError) -> Bool {
        let scene = evaluator.scene
        let traits = blurTraits(of: scene)
        if traits.changesByItself || traits.plays { return false }
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

    /// Renders a blurred frame whose samples differ only in where the layers above its static
    /// image stand, all moved alike (`Compositor.commonMove`), and says whether it could: those
    /// layers are drawn once, apart (`Compositor.renderApart`), with the first layer's edges on
    /// whole pixels (`Compositor.alignedToPixels`), and each sample is that picture moved,
    /// resampled bilinearly, over the static image (`raster_shutter_average_moved`), so pixels
    /// the moves leave alone are the same in every sample and cost nothing.
    /// Not for samples running mixers or showing layers alone, whose host states differ, or
    /// whose moving layers reach the frame's edge (what lies beyond it was not drawn).
    private func renderMoved(
        _ states: [FrameState], _ evaluator: FrameEvaluator, time: Double, frame: Int, scratch: ShutterScratch,
        into buffer: FrameBuffer
    ) throws(RenderError) -> Bool {
        guard let first = states.first, states.count > 1,
            states.allSatisfy({ $0.mixes.isEmpty && $0.moved.isEmpty && $0.host == first.host })
        else { return false }
        // The lowest layer that differs between samples: those below it are static within the shutter.
        var limit = first.layers.count
        for state in states.dropFirst() {
            for index in 0..<limit where !state.layers[index].hasSameBytes(as: first.layers[index]) {
                limit = index
                break
            }
        }
        let (width, height) = (buffer.width, buffer.height)
        let picture: FrameBuffer
        do throws(FrameBuffer.OutOfMemory) {
            picture = try scratch.movingPicture()
        } catch {
            throw .outOfMemory(error, frame: frame)
        }
        compositor.time = time
        try showFootage(at: time, frame: frame)
        // Resampled, a picture whose edges fall between pixels would blur them: when the first
        // moving layer's edges do, the picture is drawn with them on whole pixels (less than a
        // pixel left and up of where the first sample has it), and every sample, the first
        // included, is that picture moved.
        let aligned = compositor.alignedToPixels(first.layers, above: compositor.pictureStart(below: limit))
        let shift = aligned?.move ?? (x: 0, y: 0)
        let drawn = compositor.renderApart(
            aligned?.layers ?? first.layers, host: first.host, below: limit, into: buffer, picture: picture,
            cleared: scratch.pictureBox)
        if let effects, let failure = effects.takeFailure(from: compositor) { throw failure }
        guard let drawn else { return false }
        let (start, box, image, whole) = drawn
        scratch.pictureBox = box
        guard whole, box.x0 < box.x1, box.y0 < box.y1,
            raster_shutter_edges_clear(
                picture.pixels, Int32(width), Int32(height), Int32(picture.stride), Int32(box.x0), Int32(box.y0),
                Int32(box.x1), Int32(box.y1))
        else { return false }
        // Each sample's move from the picture, in whole pixels and 256ths: the first's, when the
        // picture is not where it stands, then each later one's.
        var moves: [(sx: Int32, sy: Int32, wx: Int32, wy: Int32)] = []
        var reach: PixelRange = (box.x0, box.y0, box.x1, box.y1)
        let later = states.dropFirst().map { compositor.commonMove(from: first.layers, to: $0.layers, above: start) }
        for move in (aligned == nil ? [] : [(dx: 0.0, dy: 0.0)]) + later {
            guard let move, abs(move.dx) < Double(width), abs(move.dy) < Double(height) else { return false }
            let (sx, wx) = Self.pixelsAndFraction(move.dx + shift.x)
            let (sy, wy) = Self.pixelsAndFraction(move.dy + shift.y)
            moves.append((Int32(sx), Int32(sy), Int32(wx), Int32(wy)))
            let moved: PixelRange = (
                box.x0 + sx, box.y0 + sy, box.x1 + sx + (wx > 0 ? 1 : 0), box.y1 + sy + (wy > 0 ? 1 : 0)
            )
            reach = union(reach, moved)
        }
        reach = (max(reach.x0, 0), max(reach.y0, 0), min(reach.x1, width), min(reach.y1, height))
        // The static image under every pixel the samples reach (a copy when the frame holds the
        // background alone), then the picture where it was drawn over it: the first sample, or
        // what the samples are compared with when every one is the picture moved.
        let stride = buffer.stride
        let under: UnsafePointer<UInt8>
        if let image {
            under = image
        } else {
            let copy = scratch.sample
            copy.pixelsChanged()
            for y in reach.y0..<reach.y1 {
                (copy.pixels + y * stride + reach.x0 * 4).update(
                    from: buffer.pixels + y * stride + reach.x0 * 4, count: (reach.x1 - reach.x0) * 4)
            }
            under = UnsafePointer(copy.pixels)
        }
        raster_shutter_composite(
            buffer.pixels, under, picture.pixels, Int32(stride), Int32(box.x0), Int32(box.y0), Int32(box.x1),
            Int32(box.y1))
        let bounds = scratch.bounds(holding: (box.x1 - box.x0 + 2) * (box.y1 - box.y0))
        raster_shutter_runs(
            picture.pixels, Int32(width), Int32(height), Int32(stride), Int32(box.x0), Int32(box.y0), Int32(box.x1),
            Int32(box.y1), scratch.rowGroup, bounds, scratch.boundSpan)
        let flat = moves.flatMap { [$0.sx, $0.sy, $0.wx, $0.wy] }
        // One row's sums at a time: the first 4 · width of the sums and width of the marks.
        raster_shutter_average_moved(
            buffer.pixels, under, picture.pixels, Int32(width), Int32(height), Int32(stride), Int32(box.x0),
            Int32(box.y0), Int32(box.x1), Int32(box.y1), flat, Int32(moves.count), aligned == nil ? 1 : 0,
            scratch.rowGroup, bounds, scratch.boundSpan, ShutterScratch.table16, scratch.movedSums, scratch.differs)
        buffer.pixelsChanged(within: reach)
        return true
    }

    /// A move in pixels as whole pixels (rounded down) and the rest in 256ths of one (0…255).
    private static func pixelsAndFraction(_ move: Double) -> (Int, Int) {
        var whole = Int(move.rounded(.down))
        var fraction = Int(((move - Double(whole)) * 256).rounded())
        if fraction == 256 { (whole, fraction) = (whole + 1, 0) }
        return (whole, fraction)
    }

    /// The smallest box holding both boxes.
    private func union(_ a: PixelRange, _ b: PixelRange) -> PixelRange {
        if a.x0 >= a.x1 || a.y0 >= a.y1 { return b }
        if b.x0 >= b.x1 || b.y0 >= b.y1 { return a }
        return (min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))
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

    /// Whether every sample looks the same: the same states, the same footage and Lottie frames,
    /// and no content that changes by itself (see `changesByItself`), so one picture is every
    /// sample's.
    private func nothingChanges(_ samples: [ShutterSample], scene: Scene, frame: Int) throws(RenderError) -> Bool {
        if blurTraits(of: scene).changesByItself { return false }
        guard let first = samples.first else { return true }
        guard samples.dropFirst().allSatisfy({ Self.sameLook($0.state, first.state) }) else { return false }
        var firstShown: [Int?]?
        for sample in samples {
            try showFootage(at: sample.time, frame: frame)
            let shown = scene.layers.indices.map { compositor.shownFootageFrame(ofContent: $0) }
            if let firstShown, firstShown != shown { return false }
            firstShown = shown
        }
        return true
    }

    /// What motion blur needs to know of `scene`'s layers, found once per scene.
    private func blurTraits(of scene: Scene) -> BlurTraits {
        if let known = knownBlurTraits, known.scene === scene { return known.traits }
        let traits = BlurTraits(
            changesByItself: Self.changesByItself(scene),
            plays: scene.layers.contains { $0.content.footage != nil || $0.content.lottie != nil })
        knownBlurTraits = (scene, traits)
        return traits
    }

    /// Whether a layer's pixels can change with the time alone, its state and footage frame the
    /// same: a text with captions, a changing string or a wiggly selector (other text animators
    /// change with the state, which the samples compare), or an effect that draws by the time.
    private static func changesByItself(_ scene: Scene) -> Bool {
        scene.layers.contains { layer in
            if layer.content.hasTimedEffects { return true }
            guard let text = layer.content.text else { return false }
            let wiggles = text.animators.contains {
                $0.selectors.contains { if case .wiggly = $0 { true } else { false } }
            }
            return wiggles || text.captions != nil || !text.source.isFixed
        }
    }

    /// Whether two states draw the same picture, footage aside: the same layer and host states,
    /// running mixers and progress, and layers shown alone.
    private static func sameLook(_ a: FrameState, _ b: FrameState) -> Bool {
        a.host == b.host && a.moved == b.moved
            && a.mixes.elementsEqual(b.mixes) { $0.step == $1.step && $0.progress == $1.progress }
            && zip(a.layers, b.layers).allSatisfy { $0.hasSameBytes(as: $1) }
    }

    /// Each layer's samples by its motion (After Effects' adaptive sample limit): 1 for a layer
    /// that does not change within the shutter; for one that does, as many as the largest
    /// movement of a corner of its visual frame (its holders' transforms applied) in canvas
    /// pixels, at least 2 and at most its cap. Layers of running mixers and layers whose content
    /// plays by itself (footage, Lottie, a text that changes, an effect that draws by the time)
    /// get their cap: what moves in them is not measured.
    private static func adaptiveSamples(_ samples: [ShutterSample], caps: [Int], scene: Scene) -> [Int] {
        guard let first = samples.first else { return caps }
        var mixed = Set(first.state.mixes.flatMap { scene.steps[$0.step].action.mixedLayers })
        for (index, layer) in scene.layers.enumerated() {
            let content = layer.content
            let text = content.text.map { !$0.animators.isEmpty || $0.captions != nil || !$0.source.isFixed } ?? false
            if content.footage != nil || content.lottie != nil || content.hasTimedEffects || text {
                mixed.insert(index)
            }
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

    /// The timeline times whose footage frame `frame` shows: its own, and with motion blur each
    /// sample's (of the most samples a frame takes); none when they cannot be had (the render
    /// then fails on that frame).
    func footageTimes(ofFrame frame: Int) -> [Double] {
        guard let own = try? time(ofFrame: frame) else { return [] }
        guard let blur = scene.canvas.motionBlur, blur.blurs else { return [own] }
        let wall = Double(frame) / scene.fps
        var times = [own]
        for k in 0..<blur.mostSamples {
            let sampleWall = wallTime(ofSample: k, of: blur.mostSamples, blur, frameWallTime: wall)
            if let time = try? time(atWallTime: sampleWall, frame: frame) { times.append(time) }
        }
        return times
    }
}
