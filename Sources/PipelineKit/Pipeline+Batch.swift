import Compositor
import Foundation
import OptionNames
import PluginRegistry
import Renderer
import Scene

extension Pipeline {
    /// How each variant of a batch ended.
    public enum BatchOutcome: Sendable, Equatable {
        case rendered
        /// Its run was complete already (a resumed batch).
        case complete
        case failed(String)
        /// Stopped (a signal, or the observer asked), or never started after that.
        case stopped
    }

    /// What a batch did, variant by variant.
    public struct BatchResult: Sendable {
        public struct Variant: Sendable {
            public let id: String
            /// Its line in the variants file, from 1.
            public let line: Int
            public let outcome: BatchOutcome
        }

        /// The variants rendered (the shard's, with a shard), in the file's order.
        public let variants: [Variant]
        /// How many variants the file holds.
        public let total: Int
        public let variantsFile: String
        /// The options as the caller words them (`OpenOptions.optionNames`).
        let optionNames: @Sendable (Option) -> String

        /// 0 when every variant is rendered or was complete, 2 when one failed, 130 when stopped.
        public var status: Int32 {
            if variants.contains(where: { $0.outcome == .stopped }) { return 130 }
            return variants.contains { if case .failed = $0.outcome { true } else { false } } ? 2 : 0
        }

        /// Each failed variant with its place and message, one line each.
        public var failures: [String] {
            variants.compactMap { variant in
                guard case .failed(let message) = variant.outcome else { return nil }
                return "variant \"\(variant.id)\" (\(variantsFile):\(variant.line)) failed: \(message)"
            }
        }

        /// The batch's closing line: what was rendered, failed or left unfinished.
        public var summary: String {
            let count = { (outcome: BatchOutcome) in self.variants.filter { $0.outcome == outcome }.count }
            let shard = variants.count < total ? " (of \(total) in \(variantsFile))" : ""
            var done =
                "\(count(.rendered)) of \(variants.count) variant\(variants.count == 1 ? "" : "s")\(shard) rendered"
            if count(.complete) > 0 { done += ", \(count(.complete)) complete already" }
            let stopped = variants.filter { $0.outcome == .stopped }.map(\.id)
            if !stopped.isEmpty {
                return "stopped: \(done); \(stopped.count) unfinished (\(Self.list(stopped))). Run the same "
                    + "command with \(optionNames(.resume)) to render only what is unfinished"
            }
            let failed = variants.filter { if case .failed = $0.outcome { true } else { false } }.map(\.id)
            if !failed.isEmpty {
                return "\(failed.count) of \(variants.count) variants failed (\(Self.list(failed))); \(done)"
            }
            return done
        }

        /// Up to eight ids, then how many more.
        private static func list(_ ids: [String]) -> String {
            let shown = ids.prefix(8).joined(separator: ", ")
            return ids.count > 8 ? "\(shown) and \(ids.count - 8) more" : shown
        }
    }

    /// Renders the pipeline once per line of `variantsFile` (JSON Lines: each a merge patch with
    /// an `"id"`, and if it wants a `"set"` of values by path, applied after the props and before
    /// `set`), each into `<directory>/<id>/` (`directory` being `render.directory` or the variant's
    /// `output.dir`) with a record of its own. Variants render side by side on lanes sharing
    /// `render.threads`, the plugins found once and each image decoded once for all. A variant
    /// that fails is reported and the others go on. `render.shard` takes the Ith of N equal runs
    /// of the variants; `render.frames` applies to each. `observer` hears every variant's lines
    /// and frames, one call at a time, from the lanes' threads.
    public static func renderBatch(
        file: String, bytes: [UInt8]? = nil, variantsFile: String, options: OpenOptions = OpenOptions(),
        render: RenderOptions = RenderOptions(), observer: any BatchObserver
    ) throws(PipelineError) -> BatchResult {
        let all: [BatchVariant]
        do throws(SceneError) {
            all = try BatchVariants.read(file: variantsFile, option: options.optionNames(.batch))
        } catch { throw PipelineError(error) }
        var perVariant = render
        perVariant.shard = nil
        let checked = try perVariant.checked()
        let chosen: Range<Int>
        do throws(RenderJobError) {
            chosen = try FrameSelection(frames: nil, shard: render.shard, environment: render.environment).range(
                frameCount: all.count)
        } catch {
            throw PipelineError(.argument, error.text)
        }
        // The props and `set` values are read once, before any plugin is scanned: a wrong one
        // is the batch's input, not each variant's.
        let decoder = try decoderOptions(options)
        if chosen.isEmpty {
            return BatchResult(
                variants: [], total: all.count, variantsFile: variantsFile, optionNames: options.optionNames)
        }
        let isolation = try Self.isolation(options)
        let source: Source = bytes.map { .bytes($0, name: file) } ?? .file(file)
        let registry = PluginSet.registry(options, pipelineFile: source.name, isolated: isolation != nil)
        defer { registry.shutdown() }
        if let hear = options.pluginWarning { PluginSet.warnings(registry).forEach(hear) }
        let batch = Batch(
            source: source, options: options, decoder: decoder, render: perVariant, selection: checked.selection,
            registry: registry, isolation: isolation, observer: LockedBatchObserver(observer))
        return BatchResult(
            variants: batch.run(Array(all[chosen])), total: all.count, variantsFile: variantsFile,
            optionNames: options.optionNames)
    }
}

/// What a batch tells its caller. Calls come from the rendering lanes' threads, one at a time.
public protocol BatchObserver: AnyObject, Sendable {
    /// Rendering starts: `frames` frames over `variants` variants.
    func batchStarted(frames: Int, variants: Int)
    /// A note of variant `id`'s render (resuming, the files written).
    func note(_ message: String, variant id: String)
    /// A warning of variant `id`'s render.
    func warning(_ message: String, variant id: String)
    /// An output of variant `id` that could not be written.
    func problem(_ message: String, variant id: String)
    /// `frames` more frames are done (rendered, kept by a resumed run, or never to be rendered
    /// by a failed variant), `variantsEnded` variants ended; returning false stops the batch.
    func progress(frames: Int, variantsEnded: Int) -> Bool
    /// Every variant ended.
    func batchFinished()
}

/// Serialises a batch observer's calls, and counts the variants ended.
final class LockedBatchObserver: @unchecked Sendable {
    private let lock = NSLock()
    private let observer: any BatchObserver
    private var ended = 0
    private var stopped = false

    init(_ observer: any BatchObserver) { self.observer = observer }

    var isStopped: Bool { lock.withLock { stopped } }
    func started(frames: Int, variants: Int) {
        lock.withLock { observer.batchStarted(frames: frames, variants: variants) }
    }
    func note(_ message: String, _ id: String) { lock.withLock { observer.note(message, variant: id) } }
    func warning(_ message: String, _ id: String) { lock.withLock { observer.warning(message, variant: id) } }
    func problem(_ message: String, _ id: String) { lock.withLock { observer.problem(message, variant: id) } }
    func finished() { lock.withLock { observer.batchFinished() } }

    /// `frames` more are done, and with `ending` one more variant ended.
    func advance(frames: Int, ending: Bool = false) {
        lock.withLock {
            if ending { ended += 1 }
            guard frames > 0 else { return }
            if !observer.progress(frames: frames, variantsEnded: ended) { stopped = true }
        }
    }
}

/// One batch's lanes, variants and outcomes.
private struct Batch: Sendable {
    let source: Pipeline.Source
    let options: Pipeline.OpenOptions
    /// The props and `set` values; each variant's patch goes between them.
    let decoder: SceneDecoder.Options
    let render: Pipeline.RenderOptions
    let selection: FrameSelection
    let registry: Registry
    let isolation: Isolation?
    let observer: LockedBatchObserver

    /// A variant, its scene read (or why it cannot be), and how many frames it renders.
    struct Prepared: Sendable {
        let variant: BatchVariant
        let scene: Result<Scene, PipelineError>
        let decoder: SceneDecoder.Options
        let frames: Int
        /// Its videos are named after it, beside the other variants' (`output.name` with `{id}`).
        var sharesFolder = false
    }

    func run(_ variants: [BatchVariant]) -> [Pipeline.BatchResult.Variant] {
        let interruption = Interruption(render.stopsOnSignals ? .signals : .asked { [observer] in observer.isStopped })
        defer { interruption.end() }
        let cache = ImageCache()
        let prepared = variants.map(prepare)
        observer.started(frames: prepared.reduce(0) { $0 + $1.frames }, variants: prepared.count)
        let outcomes = OutcomeSlots(count: prepared.count)
        let lanes = max(1, min(render.threads, prepared.count))
        let next = NextIndex()
        let threads = (0..<lanes).map { lane in
            let laneThreads = render.threads / lanes + (lane < render.threads % lanes ? 1 : 0)
            return JoinableThread {
                while let index = next.take(below: prepared.count) {
                    let variant = prepared[index]
                    let lane = VariantObserver(id: variant.variant.id, batch: observer)
                    let outcome =
                        interruption.isRequested
                        ? .stopped : self.render(variant, threads: laneThreads, cache: cache, observer: lane)
                    // A stopped variant's frames stay uncounted: the progress shows what was done.
                    let expected = outcome == .stopped ? 0 : variant.frames
                    observer.advance(frames: max(0, expected - lane.rendered), ending: true)
                    outcomes.set(index, outcome)
                }
            }
        }
        for thread in threads { thread.join() }
        observer.finished()
        return zip(prepared, outcomes.all).map { prepared, outcome in
            Pipeline.BatchResult.Variant(id: prepared.variant.id, line: prepared.variant.line, outcome: outcome)
        }
    }

    private func prepare(_ variant: BatchVariant) -> Prepared {
        var decoder = self.decoder
        decoder.patches.insert(variant.patch, at: Pipeline.variantPlace(options))
        do throws(PipelineError) {
            let read = try Pipeline.scene(source, options: options, decoder: decoder, registry: registry)
            let scene = read.output.namesVariants ? try sharingFolder(read, id: variant.id) : read
            let retimed = render.fps.map(scene.retimed(fps:)) ?? scene
            let frames = (try? selection.range(frameCount: retimed.frameCount).count) ?? 0
            return Prepared(
                variant: variant, scene: .success(scene), decoder: decoder, frames: frames,
                sharesFolder: read.output.namesVariants)
        } catch {
            return Prepared(variant: variant, scene: .failure(error), decoder: decoder, frames: 0)
        }
    }

    /// The variant's scene with its id in its videos' name, which puts them beside the other
    /// variants' in one folder; refused when it would write PNG frames there too, whose names
    /// every variant shares.
    private func sharingFolder(_ scene: Scene, id: String) throws(PipelineError) -> Scene {
        let formats = render.formats ?? scene.output.formats.map(\.rawValue)
        guard !formats.contains(OutputFormat.png.rawValue) || render.discard else {
            throw PipelineError(
                SceneError(
                    file: scene.file, position: nil, path: OutputSettings.namePath,
                    message:
                        "\"\(scene.output.name)\" writes every variant into one folder, where their PNG frames "
                        + "would overwrite each other: leave png out of the formats, or \(OutputSettings.variantID) "
                        + "out of output.name to give each variant a folder of its own"))
        }
        return scene.namingVideos(forVariant: id)
    }

    /// Opens the variant's media (its images decoded on the lane's threads), renders it and lets
    /// it go: a batch holds the footage of the variants rendering, not of all.
    private func render(
        _ prepared: Prepared, threads: Int, cache: ImageCache, observer: VariantObserver
    ) -> Pipeline.BatchOutcome {
        do throws(PipelineError) {
            var laneOptions = options
            laneOptions.decodingThreads = threads
            let pipeline = try Pipeline.open(
                scene: try prepared.scene.get(), options: laneOptions, decoder: prepared.decoder, registry: registry,
                isolation: isolation, imageCache: cache)
            defer { pipeline.close() }
            var options = render
            options.threads = threads
            options.sharesFolder = prepared.sharesFolder
            if !options.discard && !options.sharesFolder {
                let base = options.directory.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                options.directory =
                    URL(fileURLWithPath: base ?? pipeline.scene.output.directory)
                    .appendingPathComponent(prepared.variant.id).path
            }
            let result = try pipeline.render(options, observer: observer)
            if result.substitutedValues {
                return .failed("written with substituted values for what plugins got wrong (see the warnings above)")
            }
            if !result.isComplete { return .failed("some outputs could not be written (see the errors above)") }
            return result.written.isEmpty && !options.discard ? .complete : .rendered
        } catch {
            return error.code == .cancelled ? .stopped : .failed(error.worded(options.optionNames).description)
        }
    }
}

/// A variant's render reports into the batch: its lines name the variant, its frames advance
/// the batch. Used by one lane's thread.
private final class VariantObserver: RenderObserver {
    private let id: String
    private let batch: LockedBatchObserver
    /// The frames it rendered.
    private(set) var rendered = 0

    init(id: String, batch: LockedBatchObserver) { (self.id, self.batch) = (id, batch) }

    func note(_ message: String) { batch.note(message, id) }
    func warning(_ message: String) { batch.warning(message, id) }
    func problem(_ message: String) { batch.problem(message, id) }
    func renderStarted(frames: Int) {}
    func frameRendered() -> Bool {
        rendered += 1
        batch.advance(frames: 1)
        return !batch.isStopped
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
    private var slots: [Pipeline.BatchOutcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: Pipeline.BatchOutcome) { lock.withLock { slots[index] = outcome } }

    var all: [Pipeline.BatchOutcome] { lock.withLock { slots.map { $0! } } }
}
