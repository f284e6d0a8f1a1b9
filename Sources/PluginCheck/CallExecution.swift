import CAnimatorABI
import Foundation
import PluginDescriptions
import PluginRegistry

/// One call of a case at one progress, with arguments built as the renderer builds them, timed
/// around the plugin's code alone.
struct CallExecution {
    let runnable: CheckWorkload.RunnableCase
    let instance: UnsafeMutableRawPointer?
    let progress: Double
    /// An effect's image (every call of an effect has one).
    let image: CheckPlan.EffectImage?
    let call: Int
    let records: CallRecords

    func run() -> CallRecord {
        switch runnable.callee {
        case .animator(let entry): apply(entry.descriptor.pointee.apply!)
        case .mixer(let entry): mix(entry)
        case .effect(let entry):
            EffectCallExecution(
                entry: entry, runnable: runnable, instance: instance, image: image!, call: call, records: records
            )
            .run()
        case .curve(let curve, let arguments):
            timed { .value(curve.call(progress: progress, arguments: arguments)) }
        }
    }

    func timed(_ body: () -> CallRecord.Output) -> CallRecord {
        let start = ContinuousClock.now
        let output = body()
        return CallRecord(output: output, seconds: start.duration(to: .now) / .seconds(1))
    }

    /// The arguments an animator's apply and a mixer's mix share, as the renderer fills them at
    /// this call's progress.
    private func timedArguments<Arguments: TimedCallArguments>() -> Arguments {
        var args = Arguments()
        args.struct_size = UInt32(MemoryLayout<Arguments>.size)
        args.param_count = UInt32(runnable.values.count)
        args.progress = progress
        args.time = progress * CheckScene.duration
        args.duration = CheckScene.duration
        args.params = runnable.values.baseAddress
        args.instance = instance
        return args
    }

    private func apply(_ apply: AnimatorApply) -> CallRecord {
        var target = CheckScene.target
        target.name = CheckWorkload.strings["target"]
        var args: anim_apply_args_t = timedArguments()
        args.canvas = CheckScene.canvas
        return timed {
            let message = PluginErrorBuffer.calling { error, size in
                records.succeeded(
                    StructGuard.calling(with: &args, named: "anim_apply_args_t", and: &target, named: "anim_layer_t") {
                        args, target in apply(args, target, error, size)
                    }, operation: CheckOperation.call(call).code)
            }
            target.name = nil
            return message.map(CallRecord.Output.failed) ?? .layer(target)
        }
    }

    /// Mixes the whole image in two row bands, as the renderer splits frames; after each band
    /// the rows outside it must be as they were.
    private func mix(_ entry: MixerEntry) -> CallRecord {
        let (mix, nativePixels) = (entry.descriptor.pointee.mix!, entry.takesNativePixels)
        let (width, height) = (CheckScene.imageWidth, CheckScene.imageHeight)
        let stride = width * 4
        var out = [UInt8](repeating: Self.unwritten, count: stride * height)
        var seconds = 0.0
        let bands = [0..<(height / 2), (height / 2)..<height]
        let failure = out.withUnsafeMutableBufferPointer { out -> String? in
            var images = [Self.from, Self.to, Self.image(out.baseAddress!)]
            return images.withUnsafeMutableBufferPointer { images -> String? in
                for band in bands {
                    var args = mixArguments(images.baseAddress!, rows: band, nativePixels: nativePixels)
                    let before = Array(out)
                    let start = ContinuousClock.now
                    let message = PluginErrorBuffer.calling { error, size in
                        records.succeeded(
                            StructGuard.calling(with: &args, named: "anim_mix_args_t") { args in mix(args, error, size)
                            },
                            operation: CheckOperation.call(call).code)
                    }
                    seconds += start.duration(to: .now) / .seconds(1)
                    if let message { return message }
                    checkRows(outside: band, before: before, after: out, stride: stride)
                }
                if entry.plugin.origin == .glsl {
                    GLSLTransitionCheck(
                        entry: entry, progress: progress, values: runnable.values.baseAddress,
                        operation: CheckOperation.call(call).code, records: records
                    )
                    .check(Array(out), images: images.baseAddress!)
                }
                return nil
            }
        }
        if let failure { return CallRecord(output: .failed(failure), seconds: seconds) }
        checkPremultiplied(out)
        if entry.keepsOpaque { checkKeepsOpaque(mix, nativePixels: nativePixels) }
        return CallRecord(output: .image(out), seconds: seconds)
    }

    /// The arguments of a mix of `images` (from, to, out) over `rows`: the made-up images are the
    /// canvas, at scale 1, in the order the mixer takes.
    private func mixArguments(
        _ images: UnsafeMutablePointer<anim_image_t>, rows: Range<Int>, nativePixels: Bool
    ) -> anim_mix_args_t {
        var args: anim_mix_args_t = timedArguments()
        (args.from, args.to, args.out) = (UnsafePointer(images), UnsafePointer(images + 1), images + 2)
        (args.row_begin, args.row_end) = (UInt32(rows.lowerBound), UInt32(rows.upperBound))
        args.canvas = CheckScene.imageSize
        args.render_scale = 1
        args.pixel_order = UInt32(nativePixels ? ANIM_PIXELS_NATIVE : ANIM_PIXELS_RGBA)
        return args
    }

    /// A mixer declaring ANIM_MIXER_KEEPS_OPAQUE, given two opaque images, writes no pixel with
    /// an alpha below 255 (the host then puts its output in the frame without looking).
    private func checkKeepsOpaque(_ mix: MixerMix, nativePixels: Bool) {
        let (width, height) = (CheckScene.imageWidth, CheckScene.imageHeight)
        var out = [UInt8](repeating: Self.unwritten, count: width * 4 * height)
        let failed = out.withUnsafeMutableBufferPointer { out -> Bool in
            var images = [Self.from, Self.opaqueTo, Self.image(out.baseAddress!)]
            return images.withUnsafeMutableBufferPointer { images -> Bool in
                var args = mixArguments(images.baseAddress!, rows: 0..<height, nativePixels: nativePixels)
                let message = PluginErrorBuffer.calling { error, size in
                    StructGuard.calling(with: &args, named: "anim_mix_args_t") { args in mix(args, error, size) }.0
                }
                return message != nil
            }
        }
        // A failing call is reported by the call with the usual images; this one only looks at alpha.
        guard !failed, let bad = stride(from: 3, to: out.count, by: 4).first(where: { out[$0] != 255 }) else { return }
        let pixel = bad / 4
        records.add(
            CheckFinding(
                kind: .notOpaque, operation: CheckOperation.call(call).code,
                message:
                    "declares ANIM_MIXER_KEEPS_OPAQUE but wrote pixel (\(pixel % width), \(pixel / width)) with alpha "
                    + "\(out[bad]) from two opaque images"))
    }

    private func checkRows(
        outside band: Range<Int>, before: [UInt8], after: UnsafeMutableBufferPointer<UInt8>, stride: Int
    ) {
        let changed = (0..<CheckScene.imageHeight).first { row in
            let bytes = (row * stride)..<((row + 1) * stride)
            return !band.contains(row) && !before[bytes].elementsEqual(after[bytes])
        }
        guard let changed else { return }
        records.add(
            CheckFinding(
                kind: .outsideRows, operation: CheckOperation.call(call).code,
                message: "wrote row \(changed) when asked for rows \(band.lowerBound)..<\(band.upperBound)"))
    }

    /// Premultiplied pixels hold no colour channel above their alpha (the fourth byte in RGBA and
    /// in the compositor's own order alike).
    private func checkPremultiplied(_ pixels: [UInt8]) {
        let bad = stride(from: 0, to: pixels.count, by: 4).first { (at: Int) -> Bool in
            let alpha = pixels[at + 3]
            return max(pixels[at], pixels[at + 1], pixels[at + 2]) > alpha
        }
        guard let bad else { return }
        let pixel = bad / 4
        let (x, y) = (pixel % CheckScene.imageWidth, pixel / CheckScene.imageWidth)
        let values = pixels[bad..<(bad + 4)].map(String.init).joined(separator: ", ")
        records.add(
            CheckFinding(
                kind: .notPremultiplied, operation: CheckOperation.call(call).code,
                message:
                    "wrote pixel (\(x), \(y)) = (\(values)): a colour channel above alpha is not premultiplied"))
    }

    /// What `out` holds before a mixer writes it, to see which rows it wrote.
    private static let unwritten: UInt8 = 0xA5

    /// The input images, alive as long as the process and never written.
    nonisolated(unsafe) private static let from = image(pixels(CheckScene.image(0)))
    nonisolated(unsafe) private static let to = image(pixels(CheckScene.image(1)))
    nonisolated(unsafe) private static let opaqueTo = image(pixels(CheckScene.image(2)))

    private static func pixels(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8> {
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        pixels.initialize(from: bytes, count: bytes.count)
        return pixels
    }

    private static func image(_ pixels: UnsafeMutablePointer<UInt8>) -> anim_image_t {
        var image = anim_image_t()
        image.struct_size = UInt32(MemoryLayout<anim_image_t>.size)
        image.width = UInt32(CheckScene.imageWidth)
        image.height = UInt32(CheckScene.imageHeight)
        image.stride = UInt32(CheckScene.imageWidth * 4)
        image.pixels = pixels
        return image
    }
}

typealias AnimatorApply =
    @convention(c) (
        UnsafePointer<anim_apply_args_t>?, UnsafeMutablePointer<anim_layer_t>?, UnsafeMutablePointer<CChar>?, UInt32
    ) -> Bool
typealias MixerMix = @convention(c) (UnsafePointer<anim_mix_args_t>?, UnsafeMutablePointer<CChar>?, UInt32) -> Bool

/// The fields `anim_apply_args_t` and `anim_mix_args_t` share: a call at a progress of a step.
/// The names are the C header's.
// swift-format-ignore: AlwaysUseLowerCamelCase
protocol TimedCallArguments {
    init()
    var struct_size: UInt32 { get set }
    var param_count: UInt32 { get set }
    var progress: Double { get set }
    var time: Double { get set }
    var duration: Double { get set }
    var params: UnsafePointer<anim_value_t>! { get set }
    var instance: UnsafeMutableRawPointer! { get set }
}

extension anim_apply_args_t: TimedCallArguments {}
extension anim_mix_args_t: TimedCallArguments {}
