import CAnimatorABI
import CCairo
import CRaster
import Foundation
import Scene

/// Layer effects: a layer with `filters` is drawn, with its sublayers, into a picture of its
/// own at the pixels per point it shows at, surrounded by the margins its effects reach; the
/// effects run on that picture in order, and the result is drawn where the layer would have
/// been, through its mask and opacity, its shadow cast from the filtered pixels (CSS `filter`).
/// `backdropFilters` run on the pixels already drawn behind the layer, inside its shape, and
/// the result goes under the layer (CSS `backdrop-filter`). When the layer only moves by whole
/// pixels and is not rotated or scaled unevenly, the picture lies on the frame's own pixels, so
/// an effect that changes nothing changes no byte.
extension Compositor {
    /// Rows per effect call: the host splits each image into bands of rows (see animator.h), at
    /// least this many and at least `readBands` times what the effect reads past a band's ends,
    /// so that an effect reading far (a wide blur, whose vertical pass needs `read` rows above and
    /// below each band) spends at most a quarter more on them than one call for the whole image.
    static let effectBand = 64
    static let readBands = 8

    /// The content and effects stages of layer `index`, which has filters: it is drawn with its
    /// sublayers into a picture of its own (`world` its map to device pixels), which its filters
    /// run on; nil when nothing of it can show or an effect failed.
    func filteredPicture(
        _ index: Int, of layers: [anim_layer_t], world: AffineTransform, frame: FrameBuffer
    ) -> LayerPicture? {
        let layer = layers[index]
        guard layer.frame.width.isFinite, layer.frame.height.isFinite else { return nil }
        let bounds = subtreeBounds(index, of: layers)
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        let own = tree.ancestors(of: index).count
        let drawn = Self.withoutOpacityAndMasks(inputs(ofLayer: index, in: layers, host: host), through: own)
        let timed = contents[index].hasTimedEffects
        let inputs = EffectOutput.Inputs(of: drawn, time: timed ? time : nil)
        if let kept = effectOutputs[index], kept.inputs == inputs {
            return LayerPicture(kept.picture, placement: kept.placement, world: world)
        }
        let density = Self.density(of: world)
        guard let reaches = reaches(of: index, .filters, density: density) else { return nil }
        let exact = contents[index].effectsSeeWholeImages
        let placement = PicturePlacement(
            world: world, bounds: bounds, density: density,
            margins: exact ? Self.total(reaches) : Self.rounded(Self.total(reaches)),
            shadowReach: shadowReach(of: layer), frameWidth: frame.width, frameHeight: frame.height, exact: exact,
            cut: contents[index].effectsFadeAtEdges ? contents[index].effects.count : nil)
        let chain = contents[index].effects.indices
        guard placement.width > 0, placement.height > 0,
            let pictures = pictures(
                for: index, .filters, count: chain.count > 1 ? 3 : 2, width: placement.width,
                height: placement.height)
        else { return nil }
        // The layer drawn without its filters (its mask and shadow apply to the filtered
        // picture) stays in the first picture, drawn again only when what it is drawn from or
        // where it lies in the picture changes: a blur animated over a still layer draws it once.
        let unfiltered = EffectInput(
            inputs: EffectOutput.Inputs(
                of: Self.withoutOwnEffectValues(drawn, at: own),
                time: timed ? time : nil),
            layerToPicture: placement.layerToPicture, width: placement.width, height: placement.height)
        if effectInputs[index] != unfiltered {
            effectInputs[index] = nil
            drawAlone(
                index, of: layers, through: placement.layerToPicture, into: pictures[0], withoutMask: true,
                unfiltered: true)
            effectInputs[index] = unfiltered
        }
        let rows = rowsToCompute(index, reaches: reaches, placement: placement, layer: layer, frame: frame)
        var picture = pictures[0]
        for effect in chain {
            // The outputs take turns in the other pictures.
            let output = pictures[1 + effect % (pictures.count - 1)]
            guard
                run(
                    effect, of: .filters, layer: index, density: density, from: picture, into: output,
                    rows: rows[effect], read: Int(reaches[effect].read),
                    picture: placement.pixels(of: layer.localBounds))
            else { return nil }
            picture = output
        }
        effectOutputs[index] = EffectOutput(inputs: inputs, picture: picture, placement: placement)
        return LayerPicture(picture, placement: placement, world: world)
    }

    /// What a layer's filtered picture is drawn from: `drawn` without the opacity and mask of the
    /// layer and its ancestors (the first `own` + 1 states), which apply to the filtered picture,
    /// so a layer that only fades or has its mask change is filtered once.
    private static func withoutOpacityAndMasks(
        _ drawn: (states: [anim_layer_t], host: [HostLayerState], footage: [ShownContent]), through own: Int
    ) -> (states: [anim_layer_t], host: [HostLayerState], footage: [ShownContent]) {
        var drawn = drawn
        for index in drawn.states.indices.prefix(own + 1) {
            drawn.states[index].opacity = 1
            drawn.states[index].mask = anim_mask_t()
        }
        return drawn
    }

    /// What a layer's unfiltered drawing is drawn from: `drawn` (its ancestors' states, then its
    /// subtree's) without the values animated for its own filters, which it does not depend on.
    private static func withoutOwnEffectValues(
        _ drawn: (states: [anim_layer_t], host: [HostLayerState], footage: [ShownContent]), at own: Int
    ) -> (states: [anim_layer_t], host: [HostLayerState], footage: [ShownContent]) {
        var drawn = drawn
        if drawn.host.indices.contains(own) {
            drawn.host[own].effectValues = drawn.host[own].effectValues.filter { $0.key.list != .filters }
        }
        return drawn
    }

    /// Margins grown to multiples of 16 pixels, so that a layer whose effects reach a little
    /// farther each frame (an animated blur) lies at the same place in its picture: its unfiltered
    /// drawing is kept (see `EffectInput`). Transparent pixels past an effect's reach change
    /// none of its output.
    static func rounded(_ reach: anim_reach_t) -> anim_reach_t {
        let up = { (side: UInt32) -> UInt32 in side > UInt32.max - 15 ? side : (side + 15) / 16 * 16 }
        return anim_reach_t(
            left: up(reach.left), top: up(reach.top), right: up(reach.right), bottom: up(reach.bottom),
            read: reach.read, reserved: reach.reserved)
    }

    /// Pixels of the picture per point of the layer: the square root of the area scale, so a
    /// layer scaled 2× (or drawn under `--scale 2`) filters at twice the pixels.
    static func density(of world: AffineTransform) -> Double {
        min(max(sqrt(abs(world.a * world.d - world.b * world.c)), 1e-3), 64)
    }

    /// The layer's own bounds, grown to hold its sublayers' frames, in its own coordinates.
    private func subtreeBounds(_ index: Int, of layers: [anim_layer_t]) -> anim_rect_t {
        var box = layers[index].localBounds
        guard tree.hasSublayers(index), !tree.masksToBounds[index], let inverse = worlds[index].inverted else {
            return box
        }
        // A replicating layer's copies stand where each copy's transform puts its sublayers.
        let copies =
            contents[index].replicator.map { replicator in
                (0..<replicator.count).map { Self.transform(ofInstance: $0, of: replicator, in: layers[index]) }
            } ?? [.identity]
        for child in (index + 1)..<tree.ends[index] where layers[child].isDrawable {
            for copy in copies {
                let local = copy.concatenating(inverse.concatenating(worlds[child])).boundingBox(
                    of: layers[child].localBounds)
                box = Self.grown(box, toHold: local)
            }
        }
        return box
    }

    /// `box` grown to hold `local` (left as it is when `local` is not finite).
    private static func grown(_ box: anim_rect_t, toHold local: anim_rect_t) -> anim_rect_t {
        guard local.x.isFinite, local.y.isFinite, local.width.isFinite, local.height.isFinite else { return box }
        let (left, top) = (min(box.x, local.x), min(box.y, local.y))
        let right = max(box.x + box.width, local.x + local.width)
        let bottom = max(box.y + box.height, local.y + local.height)
        return anim_rect_t(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rows of the picture each effect of the chain computes: those the frame shows (and its
    /// shadow, which may fall on the frame from outside it), grown backwards through the chain by
    /// how far each later effect reads. Every row when the picture is not on the frame's pixels, or
    /// when an effect must see whole images (it may read any row).
    private func rowsToCompute(
        _ index: Int, reaches: [anim_reach_t], placement: PicturePlacement, layer: anim_layer_t, frame: FrameBuffer
    ) -> [Range<Int>] {
        let all = 0..<placement.height
        let filters = contents[index].effects
        guard placement.isAligned, !contents[index].effectsSeeWholeImages else {
            return Array(repeating: all, count: filters.count)
        }
        let spread = shadowReach(of: layer).y
        let top = Int(placement.pictureToDevice.ty)
        var shown = (-top - spread)..<(frame.height - top + spread)
        var rows = Array(repeating: all, count: filters.count)
        for effect in filters.indices.reversed() {
            rows[effect] = shown.clamped(to: all)
            let read = Int(reaches[effect].read)
            shown = (shown.lowerBound - read)..<(shown.upperBound + read)
        }
        return rows
    }

    /// How far, in device pixels, the layer's shadow can fall from the pixels casting it.
    private func shadowReach(of layer: anim_layer_t) -> (x: Int, y: Int) {
        let shadow = layer.shadowScaled(by: scale).shadow
        guard shadow.opacity > 0, shadow.radius.isFinite, shadow.offset.x.isFinite, shadow.offset.y.isFinite,
            abs(shadow.offset.x) < 1e6, abs(shadow.offset.y) < 1e6
        else { return (0, 0) }
        let blur = Int(raster_blur_extent(ShadowMask.sigma(radius: shadow.radius)))
        return (blur + Int(abs(shadow.offset.x).rounded(.up)), blur + Int(abs(shadow.offset.y).rounded(.up)))
    }

    /// `count` pictures of `width` × `height` for the effects of `list` on layer `index`: the same
    /// memory as the last frame's when the size is the same (a layer filtered every frame would
    /// otherwise have its pages zeroed anew each time).
    func pictures(for index: Int, _ list: EffectList, count: Int = 2, width: Int, height: Int) -> [FrameBuffer]? {
        let key = 2 * index + (list == .filters ? 0 : 1)
        var kept = effectPictures[key] ?? []
        if kept.first.map({ $0.width != width || $0.height != height }) ?? false {
            kept = []
            if list == .filters { effectInputs[index] = nil }
        }
        while kept.count < count {
            guard let picture = try? FrameBuffer(width: width, height: height) else { return nil }
            kept.append(picture)
        }
        effectPictures[key] = kept
        return Array(kept.prefix(count))
    }

    /// One reach holding a chain's: margins added up, the farthest read.
    static func total(_ reaches: [anim_reach_t]) -> anim_reach_t {
        var total = anim_reach_t()
        for reach in reaches {
            total.left += reach.left
            total.top += reach.top
            total.right += reach.right
            total.bottom += reach.bottom
            total.read = max(total.read, reach.read)
        }
        return total
    }

    /// The reaches of the layer's effects of `list`, each checked, or nil when one failed.
    func reaches(of index: Int, _ list: EffectList, density: Double) -> [anim_reach_t]? {
        var all: [anim_reach_t] = []
        for effect in contents[index].effectList(list).indices {
            guard
                let reach = withArguments(
                    of: effect, list, layer: index, density: density,
                    body: { (args) throws(EffectFailure) -> anim_reach_t in
                        guard let effects else { return anim_reach_t() }
                        return try effects.reach(layer: index, list: list, effect: effect, &args)
                    })
            else { return nil }
            let limit = UInt32(ANIM_REACH_MAX)
            guard reach.left <= limit, reach.top <= limit, reach.right <= limit, reach.bottom <= limit,
                reach.read <= limit
            else {
                fail(
                    EffectFailure(
                        layer: index, list: list, effect: effect,
                        message: "its reach (\(reach.left), \(reach.top), \(reach.right), \(reach.bottom), read "
                            + "\(reach.read)) is over \(limit) pixels"))
                return nil
            }
            all.append(reach)
        }
        return all
    }

    /// Runs one effect from `source` into `target` (the same size) in bands of rows; false when it
    /// failed. An effect told to extend its edges (see animator.h) sees and writes `picture` alone
    /// (the layer's bounds, a backdrop's box), `rows` cut to it; the rest of `target` is cleared.
    func run(
        _ effect: Int, of list: EffectList, layer index: Int, density: Double, from source: FrameBuffer,
        into target: FrameBuffer, rows: Range<Int>? = nil, read: Int, picture: PixelBox
    ) -> Bool {
        let layerEffect = contents[index].effectList(list)[effect]
        let entry = layerEffect.effect
        let whole = PixelBox.whole(width: source.width, height: source.height)
        let box = layerEffect.extendsEdges ? picture : whole
        target.pixelsChanged()
        if box != whole { target.clear(outside: box) }
        guard !box.isEmpty else {
            cairo_surface_mark_dirty(target.surface)
            return true
        }
        let native = entry.takesNativePixels
        if !native { source.swapRedAndBlue() }
        defer { if !native { source.swapRedAndBlue() } }
        cairo_surface_flush(source.surface)
        var input = anim_image_t(
            struct_size: UInt32(MemoryLayout<anim_image_t>.size), width: UInt32(box.x1 - box.x0),
            height: UInt32(box.y1 - box.y0), stride: UInt32(source.stride),
            pixels: source.pixels + box.y0 * source.stride + box.x0 * 4)
        var output = anim_image_t(
            struct_size: UInt32(MemoryLayout<anim_image_t>.size), width: input.width, height: input.height,
            stride: UInt32(target.stride), pixels: target.pixels + box.y0 * target.stride + box.x0 * 4)
        let band = entry.needsWholeImage ? max(source.height, 1) : max(Self.effectBand, Self.readBands * read)
        let succeeded =
            withArguments(of: effect, list, layer: index, density: density) { args in
                args.pixel_order = UInt32(native ? ANIM_PIXELS_NATIVE : ANIM_PIXELS_RGBA)
                return withUnsafePointer(to: &input) { input in
                    withUnsafeMutablePointer(to: &output) { output in
                        args.in = input
                        args.out = output
                        let cut = (rows ?? 0..<source.height).clamped(to: box.y0..<box.y1)
                        let rows = (cut.lowerBound - box.y0)..<(cut.upperBound - box.y0)
                        for begin in stride(from: rows.lowerBound, to: rows.upperBound, by: band) {
                            args.row_begin = UInt32(begin)
                            args.row_end = UInt32(min(begin + band, rows.upperBound))
                            do throws(EffectFailure) {
                                try effects?.apply(layer: index, list: list, effect: effect, &args)
                            } catch {
                                return false
                            }
                        }
                        return true
                    }
                }
            } ?? false
        if !native { target.swapRedAndBlue() }
        cairo_surface_mark_dirty(target.surface)
        return succeeded
    }

    /// Lends `body` the arguments of a call of effect `effect` at this frame's values, and
    /// records a failure it throws; nil when it threw.
    private func withArguments<R>(
        of effect: Int, _ list: EffectList, layer index: Int, density: Double,
        body: (inout anim_effect_args_t) throws(EffectFailure) -> R
    ) -> R? {
        let parameters = host[index].parameters(of: effect, in: list, content: contents[index])
        return parameters.withUnsafeBufferPointer { params in
            var args = anim_effect_args_t()
            args.struct_size = UInt32(MemoryLayout<anim_effect_args_t>.size)
            args.param_count = UInt32(params.count)
            args.params = params.baseAddress
            args.time = time
            args.canvas = anim_size_t(width: Double(canvasSize.width), height: Double(canvasSize.height))
            args.render_scale = density
            do throws(EffectFailure) {
                return try body(&args)
            } catch {
                fail(error)
                return nil
            }
        }
    }
}

/// A filtered layer's picture as its effects left it, and what it was drawn from: a layer whose
/// states (opacities and masks aside), host states and footage frames (and the time, when an
/// effect draws by it) are the same in the next frame, or in the static image drawn for it, is
/// painted from it again.
struct EffectOutput {
    struct Inputs: Equatable {
        let states: [anim_layer_t]
        let host: [HostLayerState]
        let footage: [ShownContent]
        let time: Double?

        init(of drawn: (states: [anim_layer_t], host: [HostLayerState], footage: [ShownContent]), time: Double?) {
            (states, host, footage, self.time) = (drawn.states, drawn.host, drawn.footage, time)
        }

        static func == (left: Inputs, right: Inputs) -> Bool {
            left.time == right.time && left.host == right.host && left.footage == right.footage
                && left.states.count == right.states.count && left.states.startsWithSameBytes(as: right.states)
        }
    }

    let inputs: Inputs
    let picture: FrameBuffer
    let placement: PicturePlacement
}

/// A filtered layer's unfiltered drawing, kept in its first picture: what it was drawn from (its
/// own filters' animated values aside) and where in the picture it lies.
struct EffectInput: Equatable {
    let inputs: EffectOutput.Inputs
    let layerToPicture: AffineTransform
    let width: Int, height: Int
}

extension LayerPicture {
    /// A filtered layer's picture where `placement` puts it, its mask still to apply through
    /// `world` (the layer's map to device pixels).
    init(_ picture: FrameBuffer, placement: PicturePlacement, world: AffineTransform) {
        self.init(
            image: picture, toDevice: placement.pictureToDevice,
            within: .whole(width: picture.width, height: picture.height), clip: nil,
            filter: placement.isAligned ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD, layerToDevice: world)
    }
}

/// Where a filtered layer's picture lies: the map from the layer's own coordinates to the
/// picture's pixels, and from those to the frame's. When the layer is only moved and scaled
/// evenly, the picture's pixels are the frame's own, moved by whole pixels (`isAligned`).
struct PicturePlacement {
    let layerToPicture: AffineTransform
    let pictureToDevice: AffineTransform
    let width: Int, height: Int
    let isAligned: Bool

    /// The picture's pixels `rect` (in the layer's coordinates) covers, its edges rounded to the
    /// nearest pixel: where an effect extending its edges continues them.
    func pixels(of rect: anim_rect_t) -> PixelBox {
        let box = layerToPicture.boundingBox(of: rect)
        let side = { (value: Double, limit: Int) in Int(min(max(value.rounded(), 0), Double(limit))) }
        return PixelBox(
            x0: side(box.x, width), y0: side(box.y, height), x1: side(box.x + box.width, width),
            y1: side(box.y + box.height, height))
    }

    /// The largest picture drawn, in pixels a side: a layer larger than that on screen is
    /// filtered at fewer pixels per point.
    static let largestSide = 16384.0

    /// A side of a picture, grown to a multiple of 64 pixels (a wider margin on the right or at
    /// the bottom): a layer whose effects reach a little farther each frame (a growing blur)
    /// keeps the pictures it has, instead of new memory the kernel must clear every frame. A
    /// multiple of 512 pixels gets 16 more: rows 2 KiB apart map a column onto a few cache sets,
    /// which made a blur's vertical pass 15% slower.
    static func roundedUp(_ side: Double) -> Int {
        let rounded = (Int(side) + 63) / 64 * 64
        return rounded % 512 == 0 ? rounded + 16 : rounded
    }

    /// The span of a picture, along one axis, for a chain of `chain` effects to which pixels
    /// outside their image are transparent, whose layer covers device pixels [lower, upper) and
    /// whose output may show in `shown` (the frame, and as far beyond as the shadow falls). It
    /// holds every output that can show or that a later effect reads (within (chain − 1)·read of
    /// `shown`, and within the margins of the layer), and every pixel of the layer an output that
    /// can show reads (within chain·read of `shown`). What it leaves out is transparent to the
    /// effects and changes none of those outputs: a layer filling the frame is filtered at the
    /// frame's size, without margins.
    static func cutSpan(
        _ lower: Double, _ upper: Double, before: Double, after: Double, read: Double, chain: Int,
        shown: Range<Double>
    ) -> (Double, Double) {
        let later = read * Double(max(chain - 1, 0))
        let all = read * Double(chain)
        let outputs = (max(lower - before, shown.lowerBound - later), min(upper + after, shown.upperBound + later))
        let inputs = (max(lower, shown.lowerBound - all), min(upper, shown.upperBound + all))
        guard outputs.0 < outputs.1 else { return (0, 0) }  // nothing it draws can show
        guard inputs.0 < inputs.1 else { return outputs }
        return (min(outputs.0, inputs.0), max(outputs.1, inputs.1))
    }

    /// `shadowReach`: how far the layer's shadow falls from what casts it, so that what casts a
    /// shadow onto the frame from outside it is kept.
    /// `exact` keeps the picture at the size its margins give: an effect that sees whole images
    /// (a frei0r effect) sees the layer itself, not a frame grown for reuse.
    /// `cut`, the length of a chain whose effects all take pixels outside their image as
    /// transparent (ANIM_EFFECT_TRANSPARENT_EDGES), cuts the picture to what can show: see
    /// `cutSpan`.
    init(
        world: AffineTransform, bounds: anim_rect_t, density: Double, margins: anim_reach_t,
        shadowReach: (x: Int, y: Int), frameWidth: Int, frameHeight: Int, exact: Bool = false, cut chain: Int? = nil
    ) {
        let grown = { (side: Double) in exact ? Int(side) : Self.roundedUp(side) }
        let (left, top) = (Double(margins.left), Double(margins.top))
        let (right, bottom) = (Double(margins.right), Double(margins.bottom))
        if world.b == 0, world.c == 0, world.a > 0, world.d > 0, world.a == world.d {
            // Device pixels: the part of the layer's box that can show, with the margins around it.
            let device = world.boundingBox(of: bounds)
            // What lies off the frame farther than the effects and the shadow reach cannot show,
            // unless an effect sees whole images (its output anywhere may depend on any pixel).
            let far = exact ? Double.infinity : 0
            let (spreadX, spreadY) = (Double(shadowReach.x) + far, Double(shadowReach.y) + far)
            var x0 = max(floor(device.x), -right - left - spreadX) - left
            var y0 = max(floor(device.y), -bottom - top - spreadY) - top
            var x1 = min(ceil(device.x + device.width), Double(frameWidth) + left + right + spreadX) + right
            var y1 = min(ceil(device.y + device.height), Double(frameHeight) + top + bottom + spreadY) + bottom
            if let chain, !exact {
                let read = Double(margins.read)
                (x0, x1) = Self.cutSpan(
                    floor(device.x), ceil(device.x + device.width), before: left, after: right, read: read,
                    chain: chain, shown: -Double(shadowReach.x)..<(Double(frameWidth + shadowReach.x)))
                (y0, y1) = Self.cutSpan(
                    floor(device.y), ceil(device.y + device.height), before: top, after: bottom, read: read,
                    chain: chain, shown: -Double(shadowReach.y)..<(Double(frameHeight + shadowReach.y)))
            }
            width = x1 > x0 && x1 - x0 <= Self.largestSide ? grown(x1 - x0) : 0
            height = y1 > y0 && y1 - y0 <= Self.largestSide ? grown(y1 - y0) : 0
            pictureToDevice = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x0, ty: y0)
            layerToPicture = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -x0, ty: -y0).concatenating(world)
            isAligned = true
            return
        }
        let fit = min(
            1, Self.largestSide / max(bounds.width * density + left + right, bounds.height * density + top + bottom))
        let d = density * fit
        layerToPicture = AffineTransform(a: d, b: 0, c: 0, d: d, tx: -bounds.x * d + left, ty: -bounds.y * d + top)
        width = grown((bounds.width * d).rounded(.up) + left + right)
        height = grown((bounds.height * d).rounded(.up) + top + bottom)
        pictureToDevice = world.concatenating(layerToPicture.inverted ?? layerToPicture)
        isAligned = false
    }
}
