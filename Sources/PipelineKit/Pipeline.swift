import Compositor
import Foundation
import PluginRegistry
import Renderer
import Scene

/// An open pipeline: read and checked (every image's header among it), its plugins found, ready
/// to render frames one at a time or as a whole job; its images are decoded when a frame first
/// needs them. The one way the CLI, the preview and embedders reach
/// a pipeline. Nothing here prints or exits: problems come back as `PipelineError`s.
///
/// One thread at a time: calls on one pipeline are serialised by a lock; two pipelines render
/// independently on two threads.
public final class Pipeline: @unchecked Sendable {
    /// How a pipeline is opened: where plugins come from and run, what it may read, its props.
    public struct OpenOptions: Sendable {
        /// Plugin folders searched before `PIPELINE_PLUGIN_PATH`, `plugins/` beside the file and
        /// the built-in folder.
        public var pluginFolders: [String] = []
        /// Where plugin code runs.
        public var plugins: PluginPlacement = .inProcess
        /// Let images, footage, sound and fonts resolve outside the pipeline file's folder.
        public var allowsOutsideFiles = false
        /// The most memory all images of the pipeline may take decoded, in bytes.
        public var imageMemoryLimit = SceneDecoder.Options.defaultImageMemoryLimit
        /// A JSON merge patch applied before the pipeline is read (as `--props`), as JSON text.
        public var props: String?
        /// A props file (`--props FILE`), applied before `props`.
        public var propsFile: String?
        /// `PATH=VALUE` changes applied last (as `--set`).
        public var set: [String] = []
        /// Threads decoding images; the machine's cores by default.
        public var decodingThreads = ProcessInfo.processInfo.activeProcessorCount
        /// Where the `pipeline` executable and the built-in plugins are.
        public var installation = PipelineInstallation.current
        /// Read the images' headers only (what `validate` checks): frames cannot be rendered.
        public var headersOnly = false
        /// The base name of the videos of a pipeline opened from bytes (`pipeline` for one read
        /// from standard input) when its `output.name` gives none; by default the name given
        /// with the bytes.
        public var videoName: String?
        /// Hears each plugin problem met while the plugins are found (a plugin file skipped, a
        /// name registered twice), as it is met: they may explain why a pipeline cannot be read.
        public var pluginWarning: (@Sendable (String) -> Void)?
        /// Hears each text that shows characters no font has, when the pipeline is opened.
        public var textWarning: (@Sendable (String) -> Void)?
        /// Options as the caller words them in the messages of opening (`allowsOutsideFiles`;
        /// `--allow-outside-images` on the command line); `PipelineError.worded(_:)` words the rest.
        public var optionNames: @Sendable (Option) -> String = { $0.rawValue }

        public init() {}
    }

    /// Where plugin code runs: in this process, in child processes (a crash or hang fails the
    /// render instead of ending the host), or in sandboxed children that cannot reach files.
    public enum PluginPlacement: Sendable {
        case inProcess, isolated, sandboxed
    }

    /// The scene as read.
    package let scene: Scene
    /// Its images as the headers were read: footage and vector files, no pixels.
    package let headerImages: SceneImages
    /// Its sound files, probed.
    package let sound: SceneSound
    /// The plugins it was read with.
    package let registry: Registry
    /// Where its plugin code runs (nil: this process).
    let isolation: Isolation?
    /// How it was opened: what reloading it and its drafts open with.
    package let options: OpenOptions
    /// How its images are decoded, on first need.
    let decoding: (options: SceneDecoder.Options, threads: Int)
    var decoded: Result<SceneImages, PipelineError>?
    /// Shared decoded images between pipelines of one batch.
    var imageCache: ImageCache?
    /// `registry`, shut down when the last pipeline sharing it (this one and those reloaded or
    /// drafted from it) closes; nil for a registry the caller found and keeps.
    var sharedPlugins: SharedPlugins?
    /// The file it was read from, or the name given with its bytes.
    public let file: String
    /// Registry problems met while opening (skipped plugin files, clashes): worth a warning.
    public let pluginWarnings: [String]
    /// Opened with `headersOnly`: checked, its images not decoded, no frame can be rendered.
    public let isHeadersOnly: Bool
    /// Read from a file (not from bytes or a value): it can be reloaded.
    package internal(set) var isReadFromFile = false

    let lock = NSLock()
    var frames: FrameRenderer?
    var framesScale = RenderScale.full
    var closed = false

    /// Opens the pipeline in `file`.
    public static func open(file: String, options: OpenOptions = OpenOptions()) throws(PipelineError) -> Pipeline {
        try open(source: .file(file), options: options)
    }

    /// Opens a pipeline from its JSON `bytes`; `name` names it in messages, and relative paths
    /// in it resolve from `name`'s folder.
    public static func open(bytes: [UInt8], name: String, options: OpenOptions = OpenOptions()) throws(PipelineError)
        -> Pipeline
    {
        try open(source: .bytes(bytes, name: name), options: options)
    }

    /// Opens a pipeline built in code: `value` is encoded as JSON (`Codable` structs, or
    /// dictionaries and arrays of encodable values) and read as a file's bytes would be; `name`
    /// names it in messages (with each problem's JSON path), and relative paths resolve from its
    /// folder. A value JSON cannot hold (a NaN, an infinity) is an `.argument` error.
    public static func open(
        value: some Encodable, name: String, options: OpenOptions = OpenOptions()
    ) throws(PipelineError) -> Pipeline {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        let bytes: Data
        do {
            bytes = try encoder.encode(value)
        } catch {
            throw PipelineError(.argument, "the pipeline value cannot be written as JSON: \(error)")
        }
        return try open(source: .bytes(Array(bytes), name: name), options: options)
    }

    enum Source {
        case file(String)
        case bytes([UInt8], name: String)

        var name: String {
            switch self {
            case .file(let file): file
            case .bytes(_, let name): name
            }
        }
    }

    static func open(source: Source, options: OpenOptions) throws(PipelineError) -> Pipeline {
        let isolation = try Self.isolation(options)
        return try open(source: source, options: options, isolation: isolation, pluginWarning: options.pluginWarning) {
            () throws(PipelineError) in try decoderOptions(options)
        }
    }

    /// Opens `source` with plugins found now in the folders `options` name, run as `isolation`
    /// says; `pluginWarning` hears their problems before `decoder` says how to read it, and then
    /// what the files it shows ask for that is not drawn (`SceneVectors.warnings`). The
    /// plugins are shut down when the last of it and the pipelines reloaded or drafted from it
    /// closes.
    static func open(
        source: Source, options: OpenOptions, isolation: Isolation?, pluginWarning: (@Sendable (String) -> Void)?,
        decoder: () throws(PipelineError) -> SceneDecoder.Options
    ) throws(PipelineError) -> Pipeline {
        let registry = PluginSet.registry(options, pipelineFile: source.name, isolated: isolation != nil)
        let warnings = PluginSet.warnings(registry)
        if let hear = pluginWarning { warnings.forEach(hear) }
        do throws(PipelineError) {
            let pipeline = try open(
                source: source, options: options, decoder: try decoder(), registry: registry, isolation: isolation,
                pluginWarnings: warnings)
            pipeline.sharedPlugins = SharedPlugins(registry)
            if let hear = pluginWarning { pipeline.headerImages.vectors.warnings.forEach(hear) }
            return pipeline
        } catch {
            registry.shutdown()
            throw error
        }
    }

    /// Opens `source` with plugins found already: the registry stays the caller's, and
    /// `close()` leaves it running.
    static func open(
        source: Source, options: OpenOptions, decoder: SceneDecoder.Options, registry: Registry,
        isolation: Isolation?, pluginWarnings: [String] = []
    ) throws(PipelineError) -> Pipeline {
        let pipeline = try open(
            scene: try scene(source, options: options, decoder: decoder, registry: registry), options: options,
            decoder: decoder, registry: registry, isolation: isolation, pluginWarnings: pluginWarnings)
        if case .file = source { pipeline.isReadFromFile = true }
        return pipeline
    }

    /// The pipeline in `source` read with `registry`'s plugins, nothing of its media touched.
    static func scene(
        _ source: Source, options: OpenOptions, decoder: SceneDecoder.Options, registry: Registry
    ) throws(PipelineError) -> Scene {
        do throws(SceneError) {
            switch source {
            case .file(let file): return try SceneDecoder.load(file: file, registry: registry, options: decoder)
            case .bytes(let bytes, let name):
                var decoder = decoder
                decoder.videoName = options.videoName
                return try SceneDecoder.decode(bytes, file: name, registry: registry, options: decoder)
            }
        } catch {
            throw PipelineError(error)
        }
    }

    /// Opens a `scene` read already (a batch's variant), checking its media; the registry stays
    /// the caller's. With an `imageCache`, images decoded for other pipelines are shared.
    static func open(
        scene: Scene, options: OpenOptions, decoder: SceneDecoder.Options, registry: Registry,
        isolation: Isolation?, pluginWarnings: [String] = [], imageCache: ImageCache? = nil
    ) throws(PipelineError) -> Pipeline {
        do throws(SceneError) {
            // The images' headers only (as validate reads them): their pixels are decoded when a
            // frame first needs them, so opening costs what checking does.
            let media = try SceneMedia.load(
                scene, options: decoder, headersOnly: true, probingSound: true, threads: options.decodingThreads)
            if let hear = options.textWarning { SceneFonts.missingCharacters(in: scene).forEach(hear) }
            let pipeline = Pipeline(
                scene: scene, images: media.images, sound: media.sound, registry: registry, isolation: isolation,
                file: scene.file, pluginWarnings: pluginWarnings, options: options, decoding: decoder)
            pipeline.imageCache = imageCache
            return pipeline
        } catch {
            throw PipelineError(error)
        }
    }

    init(
        scene: Scene, images: SceneImages, sound: SceneSound, registry: Registry, isolation: Isolation?,
        file: String, pluginWarnings: [String], options: OpenOptions, decoding: SceneDecoder.Options
    ) {
        (self.scene, self.headerImages, self.sound, self.registry) = (scene, images, sound, registry)
        (self.isolation, self.file, self.pluginWarnings) = (isolation, file, pluginWarnings)
        (self.options, self.isHeadersOnly) = (options, options.headersOnly)
        self.decoding = (decoding, options.decodingThreads)
    }

    /// The images decoded, on first need (called with the lock held); a failure is kept.
    func decodedImages() throws(PipelineError) -> SceneImages {
        if decoded == nil {
            decoded = Result { () throws(PipelineError) in
                do throws(SceneError) {
                    return try headerImages.decodingPixels(of: scene, threads: decoding.threads, cache: imageCache)
                } catch {
                    throw PipelineError(error)
                }
            }
        }
        return try decoded!.get()
    }

    deinit { close() }

    /// The canvas in points (pixels at scale 1).
    public var width: Int { Int(scene.canvas.width) }
    public var height: Int { Int(scene.canvas.height) }
    public var fps: Double { scene.fps }
    /// Seconds.
    public var duration: Double { scene.duration }
    /// The frames of a whole render at the canvas's fps.
    public var frameCount: Int { scene.frameCount }

    /// Ends the pipeline's plugin instances and children, and its plugins once no pipeline
    /// reloaded or drafted from it uses them (unless they were found by the caller); later calls
    /// fail with `.argument`. Called when the pipeline is freed.
    public func close() {
        let wasOpen = lock.withLock {
            defer {
                closed = true
                frames = nil
                decoded = nil
            }
            return !closed
        }
        if wasOpen { sharedPlugins?.release() }
    }

    /// How the decoder reads the pipeline: its props (the file, then the text), then each `set`.
    static func decoderOptions(_ options: OpenOptions) throws(PipelineError) -> SceneDecoder.Options {
        do throws(SceneError) {
            var patches: [PipelinePatch] = []
            if let file = options.propsFile {
                patches.append(try PipelinePatch.props(file: file, option: options.optionNames(.props)))
            }
            if let props = options.props {
                patches.append(
                    try PipelinePatch.props(
                        bytes: Array(props.utf8), name: "props", option: options.optionNames(.props)))
            }
            for argument in options.set {
                patches.append(try PipelinePatch.set(argument, option: options.optionNames(.set)))
            }
            var decoder = SceneDecoder.Options(
                allowsImagesOutside: options.allowsOutsideFiles, imageMemoryLimit: options.imageMemoryLimit,
                patches: patches)
            decoder.optionNames = options.optionNames
            CrashLabel.spellIsolation(options.optionNames(.isolate))
            return decoder
        } catch {
            throw PipelineError(error)
        }
    }

    /// Where a batch variant's patches go among those of `decoderOptions(options)`: after the
    /// props, before each `set`.
    static func variantPlace(_ options: OpenOptions) -> Int {
        (options.propsFile == nil ? 0 : 1) + (options.props == nil ? 0 : 1)
    }

    /// Where plugin code runs for `options` (nil: this process).
    static func isolation(_ options: OpenOptions) throws(PipelineError) -> Isolation? {
        guard options.plugins != .inProcess else { return nil }
        guard let executable = options.installation.executable else {
            throw PipelineError(
                .argument, "running plugins in child processes needs the pipeline executable, which was not found")
        }
        if options.plugins == .sandboxed, let reason = sandboxUnavailable {
            throw PipelineError(
                .render,
                "the sandbox cannot keep plugins from your files on this machine: \(reason). Leave it out only "
                    + "for plugins you trust (isolated plugins still keep their crashes out of pipeline)")
        }
        return Isolation(
            command: [executable, "_plugin-child"], limit: CallLimit.from(ProcessInfo.processInfo.environment),
            sandboxed: options.plugins == .sandboxed)
    }
}

extension Pipeline {
    /// Why plugins cannot run sandboxed on this machine (a kernel without Landlock); nil when
    /// they can. Opening with `.sandboxed` then fails.
    public static var sandboxUnavailable: String? {
        if case .unavailable(let reason) = PluginSandbox.files { return reason }
        return nil
    }

    /// Whether its plugin code runs in child processes (opened `.isolated` or `.sandboxed`).
    public var runsPluginsInChildren: Bool { isolation != nil }

    /// Decodes the images' pixels now rather than at the first frame, so their problems come
    /// back before anything else starts (the preview's server).
    public func decodeImages() throws(PipelineError) {
        lock.lock()
        defer { lock.unlock() }
        _ = try decodedImages()
    }

    /// What is valid but most likely not meant, each at its place (a step starting after the
    /// end, a mixer from a hidden layer, two steps animating one property at once).
    public var warnings: [String] { scene.warnings.map(\.description) }

    /// What `pipeline validate` says of it: `name: ok — 750×1334, 61 frames at 60 fps, 3 layers,
    /// 2 steps`, then a line for each SVG or Lottie file and each layer's filters.
    public var summary: [String] {
        let counts = [(frameCount, "frame"), (scene.layers.count, "layer"), (scene.steps.count, "step")]
            .map { count, noun in "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let rate = fps.rounded() == fps ? String(Int(fps)) : String(fps)
        let size = "\(scene.canvas.width)×\(scene.canvas.height)"
        return ["\(file): ok — \(size), \(counts[0]) at \(rate) fps, \(counts[1]), \(counts[2])"]
            + (headerImages.vectors.summary(of: scene) + scene.effectSummary).map { "  \($0)" }
    }
}
