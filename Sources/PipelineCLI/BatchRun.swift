import Compositor
import Foundation
import PluginRegistry
import Renderer
import Scene

/// `run --batch variants.jsonl`: one render per variant, each into `<out>/<id>/`. Variants render
/// side by side on lanes that share the cores (`--threads` split between them), the plugins
/// loaded once and each image decoded once for all. A variant that fails is reported and the
/// others go on; the batch ends with a summary, and exits 2 if any failed. `--resume` renders
/// again only what an interrupted batch left unfinished; `--shard I/N` takes the Ith of N equal
/// runs of the variants, so a job array can share a batch.
struct BatchRun {
    /// What every variant's render is given: the command's options but the folder.
    struct Settings: Sendable {
        var pipelineFile: String
        var outputDirectory: String?
        var formats: [OutputFormat]?
        var quality: VideoQuality?
        var scale: Double
        var fps: Double?
        var threads: Int
        var frames: FrameSelection
        var resume: Bool
        var discard: Bool
        var waitsForFolder: Bool
        var isolation: Isolation?
        var imageScaling: ImageScaling
        var quiet: Bool
    }

    enum Outcome: Sendable {
        case rendered
        /// Its run was complete already (a resumed batch).
        case complete
        case failed(String)
        /// Stopped by Ctrl-C or SIGTERM, or never started after one.
        case stopped
    }

    /// A variant, its scene read (or why it cannot be), and how many frames it renders.
    private struct Prepared: Sendable {
        let variant: BatchVariant
        let scene: Result<Scene, SceneError>
        let frames: Int
    }

    let settings: Settings
    let variantsFile: String
    let registry: Registry
    /// The decoder options of a variant: the command's props with the variant's patch among them.
    let decoderOptions: @Sendable (BatchVariant) -> SceneDecoder.Options

    /// Renders `variants` (the shard's, when one is given out of `total`); returns the exit status.
    func run(_ variants: [BatchVariant], of total: Int) -> Int32 {
        let interruption = Interruption()
        defer { interruption.end() }
        let prepared = variants.map(prepare)
        let progress = BatchProgress(
            frames: prepared.reduce(0) { $0 + $1.frames }, variants: prepared.count, quiet: settings.quiet)
        let outcomes = OutcomeSlots(count: prepared.count)
        let lanes = max(1, min(settings.threads, prepared.count))
        let next = NextIndex()
        let cache = ImageCache()
        let threads = (0..<lanes).map { lane in
            let laneThreads = settings.threads / lanes + (lane < settings.threads % lanes ? 1 : 0)
            return JoinableThread {
                while let index = next.take(below: prepared.count) {
                    let reporter = VariantReporter(
                        id: prepared[index].variant.id, progress: progress, quiet: settings.quiet)
                    let outcome =
                        interruption.isRequested
                        ? .stopped : render(prepared[index], threads: laneThreads, cache: cache, reporter: reporter)
                    // A stopped variant's frames stay uncounted: the bar shows what was done.
                    if case .stopped = outcome {
                        progress.variantEnded(expecting: 0, reported: 0)
                    } else {
                        progress.variantEnded(expecting: prepared[index].frames, reported: reporter.rendered)
                    }
                    outcomes.set(index, outcome)
                }
            }
        }
        for thread in threads { thread.join() }
        progress.finish()
        return summarize(zip(prepared.map(\.variant), outcomes.all).map { ($0, $1) }, of: total)
    }

    private func prepare(_ variant: BatchVariant) -> Prepared {
        do throws(SceneError) {
            var scene = try Session.decode(settings.pipelineFile, registry: registry, options: decoderOptions(variant))
            if let fps = settings.fps { scene = scene.retimed(fps: fps) }
            let frames = (try? settings.frames.range(frameCount: scene.frameCount).count) ?? 0
            return Prepared(variant: variant, scene: .success(scene), frames: frames)
        } catch {
            return Prepared(variant: variant, scene: .failure(error), frames: 0)
        }
    }

    /// The variant's folder: `<out>/<id>`, `<out>` being `--out` or the variant's `output.dir`.
    private func directory(of variant: BatchVariant, scene: Scene) -> String {
        let base = settings.outputDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return URL(fileURLWithPath: base ?? scene.output.directory).appendingPathComponent(variant.id).path
    }

    private func render(
        _ prepared: Prepared, threads: Int, cache: ImageCache, reporter: VariantReporter
    ) -> Outcome {
        let variant = prepared.variant
        let scene: Scene
        let media: (images: SceneImages, sound: SceneSound)
        do throws(SceneError) {
            scene = try prepared.scene.get()
            media = try Session.media(
                of: scene, options: decoderOptions(variant), probingSound: true, threads: threads, cache: cache)
        } catch {
            return .failed(error.all.map(\.description).joined(separator: "\n"))
        }
        var options = RenderJob.Options(
            directory: settings.discard ? nil : directory(of: variant, scene: scene), discard: settings.discard,
            formats: settings.formats, quality: settings.quality, scale: settings.scale, threads: threads,
            selection: settings.frames, resume: settings.resume, isolation: settings.isolation,
            imageScaling: settings.imageScaling)
        options.waitsForFolder = settings.waitsForFolder
        // The scene is retimed already: the job is given no fps of its own.
        let job = RenderJob(
            scene: scene, images: media.images, sound: media.sound, options: options, reporter: reporter)
        do throws(RenderJobError) {
            let summary = try job.run()
            if summary.substitutedValues {
                return .failed("written with substituted values for what plugins got wrong (see the warnings above)")
            }
            if !summary.isComplete { return .failed("some outputs could not be written (see the errors above)") }
            return summary.written.isEmpty && !settings.discard ? .complete : .rendered
        } catch {
            if error.kind == .interrupted { return .stopped }
            return .failed(([error.description] + error.notes).joined(separator: "\n"))
        }
    }

    /// The batch's end: each failure with its message, what was rendered, and the exit status
    /// (130 when stopped, 2 when a variant failed).
    private func summarize(_ results: [(BatchVariant, Outcome)], of total: Int) -> Int32 {
        var failed: [(BatchVariant, String)] = []
        var stopped: [BatchVariant] = []
        var rendered = 0
        var complete = 0
        for (variant, outcome) in results {
            switch outcome {
            case .rendered: rendered += 1
            case .complete: complete += 1
            case .failed(let message): failed.append((variant, message))
            case .stopped: stopped.append(variant)
            }
        }
        let shard = results.count < total ? " (of \(total) in \(variantsFile))" : ""
        var done = "\(rendered) of \(results.count) variant\(results.count == 1 ? "" : "s")\(shard) rendered"
        if complete > 0 { done += ", \(complete) complete already" }
        for (variant, message) in failed {
            Console.error("variant \"\(variant.id)\" (\(variantsFile):\(variant.line)) failed: \(message)")
        }
        if !stopped.isEmpty {
            Console.note(
                "stopped: \(done); \(stopped.count) unfinished (\(Self.list(stopped.map(\.id)))). Run the same "
                    + "command with --resume to render only what is unfinished")
            return 130
        }
        if !failed.isEmpty {
            Console.error(
                "\(failed.count) of \(results.count) variants failed (\(Self.list(failed.map { $0.0.id }))); "
                    + "\(done)")
            return 2
        }
        if !settings.quiet { Console.note(done) }
        return 0
    }

    /// Up to eight ids, then how many more.
    private static func list(_ ids: [String]) -> String {
        let shown = ids.prefix(8).joined(separator: ", ")
        return ids.count > 8 ? "\(shown) and \(ids.count - 8) more" : shown
    }
}

/// One progress bar for the whole batch: every variant's frames, and how many variants are done.
/// Variants report from their lanes' threads.
final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let bar: ProgressReporter
    private let variants: Int
    private var ended = 0

    init(frames: Int, variants: Int, quiet: Bool) {
        bar = ProgressReporter(total: frames, quiet: quiet)
        self.variants = variants
    }

    func advance(by frames: Int) {
        guard frames > 0 else { return }
        lock.withLock { bar.advance(by: frames, detail: detail) }
    }

    /// A variant ended, having reported `reported` of the frames it was expected to render: the
    /// rest (frames a resumed run kept, or a failed one never rendered) are counted now.
    func variantEnded(expecting frames: Int, reported: Int) {
        lock.withLock {
            ended += 1
            if frames > reported { bar.advance(by: frames - reported, detail: detail) }
        }
    }

    func print(_ line: String) {
        lock.withLock { bar.print(line) }
    }

    func finish() {
        lock.withLock { bar.finish() }
    }

    /// Called with the lock held.
    private var detail: String { "variant \(ended)/\(variants)" }
}

/// A variant's render reports into the batch: its lines name the variant, its frames advance the
/// batch's bar. Used by one lane's thread.
private final class VariantReporter: RenderJobReporter, @unchecked Sendable {
    private let id: String
    private let progress: BatchProgress
    private let quiet: Bool
    /// The frames it rendered.
    private(set) var rendered = 0

    init(id: String, progress: BatchProgress, quiet: Bool) {
        (self.id, self.progress, self.quiet) = (id, progress, quiet)
    }

    func note(_ message: String) {
        if !quiet { progress.print("\(id): \(message)") }
    }

    func warning(_ message: String) { progress.print("warning: \(id): \(message)") }
    func problem(_ message: String) { progress.print("error: \(id): \(message)") }
    func renderStarted(frames: Int) {}

    func frameRendered() {
        rendered += 1
        progress.advance(by: 1)
    }

    func renderFinished() {}
}

/// Hands out the variants' indices to the lanes, each once, in order.
private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take(below count: Int) -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}

private final class OutcomeSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [BatchRun.Outcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: BatchRun.Outcome) {
        lock.withLock { slots[index] = outcome }
    }

    var all: [BatchRun.Outcome] { lock.withLock { slots.map { $0! } } }
}
