import CAnimatorABI
import Foundation
import PluginDescriptions
import PluginRegistry

/// One call of an effect's case on one image, as the compositor makes it: `reach` for the
/// parameters, then `apply` to the layer's pixels with the reach's margins around them. It then
/// checks what animator.h promises the host:
///   - the reach is at most ANIM_REACH_MAX (or `reach` fails, with a reason);
///   - `out` is premultiplied, and `in` is never written;
///   - a second identical call on the whole image gives the same bytes, `out` holding another
///     filler, so pixels left unwritten show too (if not, the checks below are left out: they
///     compare calls);
///   - unless the effect must see whole images (ANIM_EFFECT_WHOLE_IMAGE), the image in a few
///     row ranges (random, called in a random order) gives the same bytes as in one call, and
///     each of those calls writes only its own rows;
///   - with more transparent pixels around the layer than the margins, nothing visible is
///     written beyond the margins;
///   - an output pixel stays the same when only input pixels farther than `read` + 1 from it
///     change (probed at the layer's centre and top left corner);
///   - with ANIM_EFFECT_TRANSPARENT_EDGES (and an edge mode, if any, of "transparent"), the layer
///     given without margins gives the same pixels over it as with them (what lies outside `in`
///     is transparent to the effect).
/// A case with an invalid value (NaN, ±1e300) gets the reach check and one whole call only:
/// surviving it is all that is asked. An image larger than `CheckScene.largestEffectImage`
/// (margins included) gets the reach check only. The reach and the first whole call are timed and recorded;
/// the passes compare them between threads and call orders.
struct EffectCallExecution {
    let entry: EffectEntry
    let runnable: CheckWorkload.RunnableCase
    let instance: UnsafeMutableRawPointer?
    let image: CheckPlan.EffectImage
    let call: Int
    let records: CallRecords

    /// What `out` holds before the first whole call, and before the others.
    private static let filler: UInt8 = 0xA5, otherFiller: UInt8 = 0x5A
    /// How many transparent pixels the margin check adds around the margins.
    static let extraMargin = 3

    private var operation: String { CheckOperation.call(call).code }

    func run() -> CallRecord {
        let start = ContinuousClock.now
        let asked = askReach()
        var seconds = start.duration(to: .now) / .seconds(1)
        let reach: anim_reach_t
        switch asked {
        case .failure(let failure): return CallRecord(output: .reachFailed(failure.message), seconds: seconds)
        case .success(let value): reach = value
        }
        let largest = [reach.left, reach.top, reach.right, reach.bottom, reach.read].max()!
        guard largest <= ANIM_REACH_MAX else {
            add(
                .reachTooLarge,
                "reach gave \(Self.describe(reach)), more than ANIM_REACH_MAX (\(ANIM_REACH_MAX)): the host refuses it")
            return CallRecord(output: .reachRefused(reach), seconds: seconds)
        }
        let size = (
            width: image.width + Int(reach.left) + Int(reach.right),
            height: image.height + Int(reach.top) + Int(reach.bottom)
        )
        guard size.width * size.height <= CheckScene.largestEffectImage else {
            // A reach this large is allowed; the check only leaves the images out.
            return CallRecord(output: .filtered(.init(reach: reach, pixels: [], width: 0)), seconds: seconds)
        }
        let input = EffectPixels(layer: image, margins: reach)
        var whole = filled(like: input, Self.filler)
        let applyStart = ContinuousClock.now
        let failure = apply(input, &whole, rows: 0..<input.height)
        seconds += applyStart.duration(to: .now) / .seconds(1)
        if let failure { return CallRecord(output: .failed(failure), seconds: seconds) }
        let output = CallRecord.Output.filtered(.init(reach: reach, pixels: whole.bytes, width: whole.width))
        guard !runnable.isInvalid else { return CallRecord(output: output, seconds: seconds) }
        if let bad = whole.firstNotPremultiplied {
            add(
                .notPremultiplied,
                "wrote pixel (\(bad.x), \(bad.y)) = \(whole.text(x: bad.x, y: bad.y)): a colour channel above alpha "
                    + "is not premultiplied")
        }
        checks: for check in [
            { checkRepeat(input, whole: whole) }, { checkSplit(input, whole: whole) }, { checkMargins(reach) },
            { checkRead(input, whole: whole, reach) }, { checkEdges(whole: whole, reach) },
        ] {
            switch check() {
            case .goOn: continue
            case .stop: break checks
            case .failed(let message): return CallRecord(output: .failed(message), seconds: seconds)
            }
        }
        return CallRecord(output: output, seconds: seconds)
    }

    // MARK: - The checks

    /// What a check leaves the next: nothing to say, a finding that makes them meaningless (an
    /// output that changes from one identical call to the next), or a failing call.
    private enum Verdict {
        case goOn, stop
        case failed(String)
    }

    /// Applies the whole image again, into `out` filled otherwise: the bytes must be the same.
    private func checkRepeat(_ input: EffectPixels, whole: EffectPixels) -> Verdict {
        var again = filled(like: input, Self.otherFiller)
        if let failure = apply(input, &again, rows: 0..<input.height) { return .failed("called again: \(failure)") }
        guard let at = again.firstDifference(from: whole) else { return .goOn }
        add(
            .differs,
            "differs between two identical calls on the whole image: pixel (\(at.x), \(at.y)) = "
                + "\(whole.text(x: at.x, y: at.y)) in one call but \(again.text(x: at.x, y: at.y)) in the next "
                + "(state kept between calls, or pixels of its rows left unwritten)")
        return .stop
    }

    /// Unless the effect must see whole images, applies the image in random row ranges, called
    /// in a random order: each call must write only its rows, and the bytes must be the same.
    private func checkSplit(_ input: EffectPixels, whole: EffectPixels) -> Verdict {
        guard !image.wholeImage, input.height > 1 else { return .goOn }
        var generator = SplitMix(seed: 0xE1FE_C7 &+ UInt64(call))
        let bands = Self.randomBands(input.height, &generator)
        var split = filled(like: input, Self.otherFiller)
        for band in bands.shuffled(using: &generator) {
            let before = split
            if let failure = apply(input, &split, rows: band) {
                return .failed("with rows \(band.lowerBound)..<\(band.upperBound) of \(input.height): \(failure)")
            }
            let changed = (0..<input.height).first { row in
                !band.contains(row) && !split.sameRows(row..<(row + 1), as: before)
            }
            if let row = changed {
                add(
                    .outsideRows,
                    "wrote row \(row) when asked for rows \(band.lowerBound)..<\(band.upperBound) of \(input.height)")
                return .goOn
            }
        }
        guard let at = split.firstDifference(from: whole) else { return .goOn }
        let ranges = bands.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ")
        add(
            .splitDiffers,
            "depends on how the rows are split: pixel (\(at.x), \(at.y)) = \(whole.text(x: at.x, y: at.y)) in one "
                + "call but \(split.text(x: at.x, y: at.y)) with rows \(ranges) in separate calls")
        return .goOn
    }

    /// Applies the layer with `extraMargin` more transparent pixels around the margins: what
    /// lies beyond the margins must stay transparent.
    private func checkMargins(_ reach: anim_reach_t) -> Verdict {
        let extra = Self.extraMargin
        let input = EffectPixels(layer: image, margins: reach, extra: extra)
        var out = filled(like: input, Self.filler)
        if let failure = apply(input, &out, rows: 0..<input.height) {
            return .failed("with \(extra) more transparent pixels around the margins: \(failure)")
        }
        let visible = out.firstVisible(
            outsideColumns: extra..<(input.width - extra), rows: extra..<(input.height - extra))
        guard let (x, y) = visible else { return .goOn }
        let origin = EffectPixels.layerOrigin(margins: reach, extra: extra)
        let place = Self.place(x: x - origin.x, y: y - origin.y, width: image.width, height: image.height)
        add(
            .beyondMargins,
            "wrote \(out.text(x: x, y: y)) \(place) the layer's pixels, beyond its reach's margins "
                + "(\(Self.describe(reach, read: false))), when given \(extra) more transparent pixels around them")
        return .goOn
    }

    /// Perturbs every input pixel farther than `read` + 1 from a probed output pixel (the
    /// layer's centre, then its top left corner): the probed pixel must not change.
    private func checkRead(_ input: EffectPixels, whole: EffectPixels, _ reach: anim_reach_t) -> Verdict {
        let origin = EffectPixels.layerOrigin(margins: reach)
        let probes = [
            (x: origin.x + image.width / 2, y: origin.y + image.height / 2), (x: origin.x, y: origin.y),
        ]
        let distance = Int(reach.read) + 1
        for probe in probes {
            var perturbed = input
            guard perturbed.perturb(fartherThan: distance, from: probe) else { continue }
            var out = filled(like: input, Self.filler)
            if let failure = apply(perturbed, &out, rows: 0..<input.height) {
                return .failed(
                    "with input pixels changed more than \(distance) px from layer pixel "
                        + "(\(probe.x - origin.x), \(probe.y - origin.y)): \(failure)")
            }
            guard out.pixel(x: probe.x, y: probe.y) != whole.pixel(x: probe.x, y: probe.y) else { continue }
            add(
                .readsBeyondReach,
                "the output over layer pixel (\(probe.x - origin.x), \(probe.y - origin.y)) changed from "
                    + "\(whole.text(x: probe.x, y: probe.y)) to \(out.text(x: probe.x, y: probe.y)) when only input "
                    + "pixels more than \(distance) px away changed: its reach's read is \(reach.read)")
            return .goOn
        }
        return .goOn
    }

    /// For an effect declaring ANIM_EFFECT_TRANSPARENT_EDGES, applies the layer with no margins
    /// at all: every pixel must be the one over the same layer pixel with the margins. Not while
    /// its edge mode is "extend": it then continues the edge pixels of whatever image it is given.
    private func checkEdges(whole: EffectPixels, _ reach: anim_reach_t) -> Verdict {
        guard entry.transparentEdges, !entry.extendsEdges(runnable.values) else { return .goOn }
        let bare = EffectPixels(layer: image, margins: anim_reach_t())
        var out = filled(like: bare, Self.filler)
        if let failure = apply(bare, &out, rows: 0..<bare.height) {
            return .failed("with the layer given without margins (ANIM_EFFECT_TRANSPARENT_EDGES): \(failure)")
        }
        let origin = EffectPixels.layerOrigin(margins: reach)
        for y in 0..<bare.height {
            let start = (origin.y + y) * whole.stride + origin.x * 4
            let row = out.bytes[(y * out.stride)..<((y + 1) * out.stride)]
            guard row != whole.bytes[start..<(start + out.stride)] else { continue }
            for x in 0..<bare.width where out.pixel(x: x, y: y) != whole.pixel(x: origin.x + x, y: origin.y + y) {
                add(
                    .edgesNotTransparent,
                    "declares ANIM_EFFECT_TRANSPARENT_EDGES, but the output over layer pixel (\(x), \(y)) is "
                        + "\(out.text(x: x, y: y)) without margins and \(whole.text(x: origin.x + x, y: origin.y + y)) "
                        + "with transparent margins (\(Self.describe(reach, read: false)))")
                return .goOn
            }
        }
        return .goOn
    }

    // MARK: - Calling the plugin

    /// `reach` returned false with this message.
    private struct ReachFailure: Error {
        let message: String
    }

    /// The reach for the case's parameters; every margin and read 0 when the effect has no `reach`.
    private func askReach() -> Result<anim_reach_t, ReachFailure> {
        guard let reachFunction = entry.descriptor.pointee.reach else { return .success(anim_reach_t()) }
        var args = arguments(rows: 0..<0)
        var reach = anim_reach_t()
        let message = PluginErrorBuffer.calling { error, size in
            records.succeeded(
                StructGuard.calling(with: &args, named: "anim_effect_args_t", and: &reach, named: "anim_reach_t") {
                    args, reach in reachFunction(args, reach, error, size)
                }, operation: operation)
        }
        return message.map { .failure(ReachFailure(message: $0)) } ?? .success(reach)
    }

    /// Calls `apply` for `rows` of `out`; returns its message when it fails. A call that writes
    /// into `in` is reported.
    private func apply(_ input: EffectPixels, _ out: inout EffectPixels, rows: Range<Int>) -> String? {
        let applyFunction = entry.descriptor.pointee.apply!
        var inBytes = input.bytes
        let (width, height) = (out.width, out.height)
        let message = inBytes.withUnsafeMutableBufferPointer { inPixels in
            out.bytes.withUnsafeMutableBufferPointer { outPixels in
                var inImage = Self.image(width: width, height: height, inPixels.baseAddress!)
                var outImage = Self.image(width: width, height: height, outPixels.baseAddress!)
                var args = arguments(rows: rows)
                return withUnsafePointer(to: &inImage) { inImage in
                    withUnsafeMutablePointer(to: &outImage) { outImage in
                        args.in = inImage
                        args.out = outImage
                        return PluginErrorBuffer.calling { error, size in
                            records.succeeded(
                                StructGuard.calling(with: &args, named: "anim_effect_args_t") { args in
                                    applyFunction(args, error, size)
                                }, operation: operation)
                        }
                    }
                }
            }
        }
        let after = EffectPixels(
            width: input.width, height: input.height, nativePixels: input.nativePixels, bytes: inBytes)
        if let at = after.firstDifference(from: input) {
            add(.wroteInput, "wrote into its input image (pixel (\(at.x), \(at.y))), which is read only")
        }
        return message
    }

    private func arguments(rows: Range<Int>) -> anim_effect_args_t {
        var args = anim_effect_args_t()
        args.struct_size = UInt32(MemoryLayout<anim_effect_args_t>.size)
        args.param_count = UInt32(runnable.values.count)
        args.params = runnable.values.baseAddress
        args.instance = instance
        args.user_data = entry.userData
        args.time = CheckScene.effectTime
        args.canvas = CheckScene.canvas
        args.render_scale = image.renderScale
        args.pixel_order = UInt32(image.nativePixels ? ANIM_PIXELS_NATIVE : ANIM_PIXELS_RGBA)
        (args.row_begin, args.row_end) = (UInt32(rows.lowerBound), UInt32(rows.upperBound))
        return args
    }

    /// `in` and `out` have the same size; rows are packed.
    private static func image(width: Int, height: Int, _ address: UnsafeMutablePointer<UInt8>) -> anim_image_t {
        anim_image_t(
            struct_size: UInt32(MemoryLayout<anim_image_t>.size), width: UInt32(width), height: UInt32(height),
            stride: UInt32(width * 4), pixels: address)
    }

    // MARK: - Helpers

    private func filled(like input: EffectPixels, _ fill: UInt8) -> EffectPixels {
        EffectPixels(width: input.width, height: input.height, nativePixels: input.nativePixels, filled: fill)
    }

    private func add(_ kind: CheckProblem.Kind, _ message: String) {
        records.add(CheckFinding(kind: kind, operation: operation, message: message))
    }

    /// Two to four row ranges covering `rows` (one when there is a single row), cut at random.
    static func randomBands(_ rows: Int, _ generator: inout SplitMix) -> [Range<Int>] {
        guard rows > 1 else { return [0..<rows] }
        let count = 1 + Int(generator.next() % UInt64(min(3, rows - 1)))
        var cuts: Set<Int> = []
        while cuts.count < count { cuts.insert(1 + Int(generator.next() % UInt64(rows - 1))) }
        let ends = [0] + cuts.sorted() + [rows]
        return zip(ends, ends.dropFirst()).map { $0..<$1 }
    }

    /// `left 2, top 2, right 2, bottom 2, read 2`.
    static func describe(_ reach: anim_reach_t, read: Bool = true) -> String {
        "left \(reach.left), top \(reach.top), right \(reach.right), bottom \(reach.bottom)"
            + (read ? ", read \(reach.read)" : "")
    }

    /// Where a point lies from a `width` × `height` block at the origin: `2 px left of and 1 px above`.
    static func place(x: Int, y: Int, width: Int, height: Int) -> String {
        var parts: [String] = []
        if x < 0 { parts.append("\(-x) px left of") }
        if x >= width { parts.append("\(x - width + 1) px right of") }
        if y < 0 { parts.append("\(-y) px above") }
        if y >= height { parts.append("\(y - height + 1) px below") }
        return parts.joined(separator: " and ")
    }
}
