import CAnimatorABI
import CRaster
import Compositor
import Scene

/// The two ways a motion-blurred frame whose samples differ in some layers alone is drawn without
/// drawing every layer in every sample: those layers moved as one picture (`renderMoved`), or
/// drawn per sample between the unchanged layers below and above them (`renderLayered`).
/// A move of a picture, in device pixels.
private typealias PictureMove = (dx: Double, dy: Double)

extension Worker {
    /// Renders a blurred frame whose samples differ only in where some layers stand, all moved
    /// alike (`Compositor.commonMove`), and says whether it could: those layers (the whole
    /// subtrees from the lowest that changes to the highest) are drawn once, apart
    /// (`Compositor.renderApart`), with the first layer's edges on whole pixels
    /// (`Compositor.alignedToPixels`), and each sample is that picture moved, resampled
    /// bilinearly, over the static image (`raster_shutter_average_moved`), so pixels the moves
    /// leave alone are the same in every sample and cost nothing; the layers above them, the same
    /// in every sample, are drawn once over the average (`Compositor.renderOver`).
    /// A picture cut at the frame's edge (a card sliding in) is drawn where the sample nearest that
    /// edge stands, so that every other sample moves what lies past it further out.
    /// Not for samples running mixers or showing layers alone, whose host states differ, or
    /// whose moving layers lie past an edge they move in from (what lies beyond it was not drawn).
    func renderMoved(
        _ states: [FrameState], _ evaluator: FrameEvaluator, frame: Int, scratch: ShutterScratch,
        into buffer: FrameBuffer
    ) throws(RenderError) -> Bool {
        guard let first = states.first, let (limit, top) = Self.changing(states, in: evaluator.scene.tree),
            !compositor.readsBackdrop(from: top)
        else { return false }
        let (width, height) = (buffer.width, buffer.height)
        let picture = try scratch.movingPicture(frame: frame)
        let start = compositor.pictureStart(below: limit)
        // Each sample's move from the first's.
        var fromFirst: [PictureMove] = [(0, 0)]
        for state in states.dropFirst() {
            guard let move = compositor.commonMove(from: first.layers, to: state.layers, above: start, below: top)
            else { return false }
            fromFirst.append(move)
        }
        // Moving layers that reach past the frame's edge are drawn where the sample nearest that
        // edge stands (the reference); otherwise where the first does.
        let past = Self.edgesReached(first.layers, from: start, upTo: top, in: evaluator.scene)
        var reference: Int?
        if !past.isEmpty {
            guard let nearest = fromFirst.indices.first(where: { Self.movesAway(fromFirst, from: $0, past: past) })
            else { return false }
            reference = nearest
        }
        // Resampled, a picture whose edges fall between pixels would blur them: when the first
        // moving layer's edges do, the picture is drawn with them on whole pixels (less than a
        // pixel left and up of where the first sample, or the reference, has it), and every
        // sample, the first included, is that picture moved. (Past an edge it is cut at, that
        // fraction of a pixel is read as the edge's own pixels.)
        let placed = states[reference ?? 0].layers
        let aligned = compositor.alignedToPixels(
            placed, above: start, below: top,
            across: (!past.contains(.left) && !past.contains(.right), !past.contains(.top) && !past.contains(.bottom)))
        let shift = aligned?.move ?? (x: 0, y: 0)
        let drawn = compositor.renderApart(
            aligned?.layers ?? placed, host: first.host, below: limit, upTo: top, into: buffer, picture: picture,
            cleared: scratch.pictureBox)
        if let effects, let failure = effects.takeFailure(from: compositor) { throw failure }
        guard let drawn else { return false }
        let image = drawn.image
        var box = drawn.box
        scratch.pictureBox = box
        let edges = drawn.beyond.union(touchedEdges(of: picture, within: box))
        // Edges a picture moved by a fraction of a pixel across them would read past.
        let alignedEdges = FrameEdges(shift.x > 0 ? [.left, .right] : []).union(shift.y > 0 ? [.top, .bottom] : [])
        var drawnAgain = false
        if !edges.isEmpty,
            reference.map({ !Self.movesAway(fromFirst, from: $0, past: edges) }) ?? true
                || !edges.isDisjoint(with: alignedEdges)
        {
            // Reaching past an edge the geometry did not foresee (a shadow wider than its radius):
            // drawn again, as it stands, where the sample nearest the edges it reaches stands.
            let reached = edges.union(past)
            guard let nearest = fromFirst.indices.first(where: { Self.movesAway(fromFirst, from: $0, past: reached) })
            else { return false }
            let again = compositor.drawApart(
                states[nearest].layers, host: first.host, from: start, upTo: top, picture: picture, cleared: box)
            box = again.box
            scratch.pictureBox = box
            guard
                Self.movesAway(
                    fromFirst, from: nearest, past: again.beyond.union(touchedEdges(of: picture, within: box)))
            else { return false }
            reference = nearest
            drawnAgain = true
        }
        // The moves of the samples from the picture: each later one's, and the first's when the
        // picture is not where it stands (`firstIsSample` false).
        let offsets: [PictureMove]
        let firstIsSample = aligned == nil && reference == nil
        if let reference {
            let origin = fromFirst[reference]
            let (sx, sy) = drawnAgain ? (0, 0) : shift
            offsets = fromFirst.map { ($0.dx - origin.dx + sx, $0.dy - origin.dy + sy) }
        } else {
            offsets = (aligned == nil ? Array(fromFirst.dropFirst()) : fromFirst).map {
                ($0.dx + shift.x, $0.dy + shift.y)
            }
        }
        if box.x0 >= box.x1 || box.y0 >= box.y1 {
            // The moving layers show nothing in any sample (all past an edge they move away from).
            compositor.renderOver(first.layers, host: first.host, from: top, into: buffer)
            if let effects, let failure = effects.takeFailure(from: compositor) { throw failure }
            return true
        }
        var moves: [(sx: Int32, sy: Int32, wx: Int32, wy: Int32)] = []
        var reach: PixelRange = (box.x0, box.y0, box.x1, box.y1)
        for move in offsets {
            guard abs(move.dx) < Double(width), abs(move.dy) < Double(height) else { return false }
            let (sx, wx) = Self.pixelsAndFraction(move.dx)
            let (sy, wy) = Self.pixelsAndFraction(move.dy)
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
            Int32(box.y0), Int32(box.x1), Int32(box.y1), flat, Int32(moves.count), firstIsSample ? 1 : 0,
            scratch.rowGroup, bounds, scratch.boundSpan, ShutterScratch.table16, scratch.movedSums, scratch.differs)
        buffer.pixelsChanged(within: reach)
        compositor.renderOver(first.layers, host: first.host, from: top, into: buffer)
        if let effects, let failure = effects.takeFailure(from: compositor) { throw failure }
        return true
    }

    /// The frame's edges the layers from `start` up to `top` reach past in `layers`, their frames
    /// and a margin for their shadows (three radii and the offset) placed by their ancestors, as
    /// the geometry foresees it before they are drawn.
    private static func edgesReached(_ layers: [anim_layer_t], from start: Int, upTo top: Int, in scene: Scene)
        -> FrameEdges
    {
        var edges: FrameEdges = []
        layers.withUnsafeBufferPointer { states in
            for index in start..<min(top, states.count) {
                let layer = states[index]
                let rect = scene.tree.visualFrame(of: index, in: states)
                let shadow = layer.shadow.opacity > 0 ? layer.shadow : anim_shadow_t()
                // Two points more, so that a layer ending within a pixel of the edge counts too.
                let margin = 3 * shadow.radius + 2
                let (dx, dy) = (shadow.offset.x, shadow.offset.y)
                if !(rect.x - margin + min(dx, 0) >= 0) { edges.insert(.left) }
                if !(rect.y - margin + min(dy, 0) >= 0) { edges.insert(.top) }
                if !(rect.x + rect.width + margin + max(dx, 0) <= Double(scene.canvas.width)) { edges.insert(.right) }
                if !(rect.y + rect.height + margin + max(dy, 0) <= Double(scene.canvas.height)) {
                    edges.insert(.bottom)
                }
            }
        }
        return edges
    }

    /// The frame's edges where `picture`, drawn within `box`, is not transparent.
    private func touchedEdges(of picture: FrameBuffer, within box: PixelRange) -> FrameEdges {
        FrameEdges(
            rawValue: Int(
                raster_shutter_edges_touched(
                    picture.pixels, Int32(picture.width), Int32(picture.height), Int32(picture.stride), Int32(box.x0),
                    Int32(box.y0), Int32(box.x1), Int32(box.y1))))
    }

    /// Whether, with the picture drawn where sample `reference` stands, every sample moves what
    /// lies at or past `edges` further out (a picture cut at the left edge moved left, or not at
    /// all): nothing the picture lacks is brought into the frame, and no pixel is read past them.
    private static func movesAway(_ moves: [PictureMove], from reference: Int, past edges: FrameEdges) -> Bool {
        // A move under half a 256th of a pixel is none (see `pixelsAndFraction`).
        let none = 1.0 / 1024
        let origin = moves[reference]
        return moves.allSatisfy { move in
            let (dx, dy) = (move.dx - origin.dx, move.dy - origin.dy)
            return !(edges.contains(.left) && dx > none) && !(edges.contains(.right) && dx < -none)
                && !(edges.contains(.top) && dy > none) && !(edges.contains(.bottom) && dy < -none)
        }
    }

    /// The layers that change between samples whose layers alone differ (no mixer running, no
    /// layer shown alone, the host states the same): from the lowest that changes (`limit`) to
    /// the end of the top-level subtree holding the highest (`top`); nil for other samples.
    private static func changing(_ states: [FrameState], in tree: LayerTree) -> (limit: Int, top: Int)? {
        guard let first = states.first, states.count > 1,
            states.allSatisfy({ $0.mixes.isEmpty && $0.moved.isEmpty && $0.host == first.host })
        else { return nil }
        var limit = first.layers.count
        var highest = -1
        for state in states.dropFirst() {
            for index in first.layers.indices where !state.layers[index].hasSameBytes(as: first.layers[index]) {
                limit = min(limit, index)
                highest = max(highest, index)
            }
        }
        return (limit, highest < 0 ? first.layers.count : tree.ends[tree.wholeSubtrees(upTo: highest)])
    }

    /// Renders a blurred frame whose samples differ in some layers' states, not only in where they
    /// stand, and says whether it could: the layers below those that change (footage among them)
    /// are drawn once into a picture of their own, each sample draws the changing layers over it
    /// (restoring only the box the sample before drew in), is compared with the first and summed
    /// within the boxes the two drew in, and the layers above, the same in every sample, are drawn
    /// once over the average. Not for samples running mixers or showing layers alone.
    func renderLayered(
        _ states: [FrameState], _ evaluator: FrameEvaluator, times: [Double], frame: Int, scratch: ShutterScratch,
        into buffer: FrameBuffer
    ) throws(RenderError) -> Bool {
        guard let first = states.first, let (limit, top) = Self.changing(states, in: evaluator.scene.tree),
            !compositor.readsBackdrop(from: top)
        else { return false }
        let under = try scratch.movingPicture(frame: frame)
        guard let (start, _) = compositor.renderBelow(first.layers, host: first.host, below: limit, into: under)
        else { return false }
        if let effects, let failure = effects.takeFailure(from: compositor) { throw failure }
        // The picture no longer holds the moving layers `renderMoved` drew there.
        scratch.pictureBox = (0, 0, under.width, under.height)
        let (width, height, stride) = (buffer.width, buffer.height, buffer.stride)
        func restore(_ target: FrameBuffer, within box: PixelRange) {
            guard box.x0 < box.x1, box.y0 < box.y1 else { return }
            for y in box.y0..<box.y1 {
                (target.pixels + y * stride + box.x0 * 4).update(
                    from: under.pixels + y * stride + box.x0 * 4, count: (box.x1 - box.x0) * 4)
            }
        }
        defer { compositor.shutterSample = .none }
        let whole: PixelRange = (0, 0, width, height)
        var firstBox = whole
        // The box the scratch sample drew in over the picture below (all of it, before it is filled).
        var sampleBox = whole
        for (k, state) in states.enumerated() {
            // A sample that looks as the one before (a motion that stopped, a layer's own sample
            // shown again) is that picture again, not drawn anew.
            if k < 2 || !Self.sameLook(states[k - 1], state) {
                compositor.sampleTextAnimators(at: times[k])
                compositor.shutterSample = k == 0 ? .first : .later
                let target = k == 0 ? buffer : scratch.sample
                restore(target, within: k == 0 ? whole : sampleBox)
                let box = compositor.drawOver(state.layers, host: state.host, from: start, upTo: top, into: target)
                if let effects, let failure = effects.takeFailure(from: compositor) { throw failure }
                if k == 0 {
                    firstBox = box
                    continue
                }
                sampleBox = box
            }
            // Outside the boxes both drew in, both are the picture below.
            let both = union(firstBox, sampleBox)
            guard both.x0 < both.x1, both.y0 < both.y1 else { continue }
            raster_shutter_add(
                buffer.pixels, scratch.sample.pixels, Int32(width), Int32(height), Int32(stride), Int32(both.x0),
                Int32(both.y0), Int32(both.x1), Int32(both.y1), ShutterScratch.table, scratch.sums, scratch.differs,
                scratch.spans)
        }
        raster_shutter_resolve(
            buffer.pixels, Int32(width), Int32(height), Int32(stride), Int32(states.count), ShutterScratch.table,
            scratch.sums, scratch.differs, scratch.spans)
        buffer.pixelsChanged()
        compositor.renderOver(first.layers, host: first.host, from: top, into: buffer)
        if let effects, let failure = effects.takeFailure(from: compositor) { throw failure }
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
    func union(_ a: PixelRange, _ b: PixelRange) -> PixelRange {
        if a.x0 >= a.x1 || a.y0 >= a.y1 { return b }
        if b.x0 >= b.x1 || b.y0 >= b.y1 { return a }
        return (min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))
    }
}
