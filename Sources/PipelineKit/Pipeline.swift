import Compositor
import Foundation
import PluginRegistry
import Renderer
import Scene

/// An open pipeline: read, checked, its images decoded and its plugins found, ready to render
/// frames one at a time or as a whole job. The one way the CLI, the preview and embedders reach
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

        public init() {}
    }

    /// Where plugin code runs: in this process, in child processes (a crash or hang fails the
    /// render instead of ending the host), or in sandboxed children that cannot reach files.
    public enum PluginPlacement: Sendable {
        case inProcess, isolated, sandboxed
    }

    /// The scene as read, for the modules of pipeline itself.
    public let scene: Scene
    /// Its decoded images.
    public let images: SceneImages
    /// Its sound files, probed.
    public let sound: SceneSound
    /// The plugins it was read with; shut down by `close()`.
    public let registry: Registry
    /// Where its plugin code runs (nil: this process).
    public let isolation: Isolation?
    /// The file it was read from, or the name given with its bytes.
    public let file: String
    /// Registry problems met while opening (skipped plugin files, clashes): worth a warning.
    public let pluginWarnings: [String]
    /// Opened with `headersOnly`: checked, its images not decoded, no frame can be rendered.
    public let isHeadersOnly: Bool

    let lock = NSLock()
    var frames: FrameRenderer?
    var framesScale = 1.0
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

    private static func open(source: Source, options: OpenOptions) throws(PipelineError) -> Pipeline {
        let isolation = try Self.isolation(options)
        let registry = PluginSet.registry(options, pipelineFile: source.name, isolated: isolation != nil)
        do throws(SceneError) {
            let decoderOptions = SceneDecoder.Options(
                allowsImagesOutside: options.allowsOutsideFiles, imageMemoryLimit: options.imageMemoryLimit,
                patches: try patches(options))
            let scene: Scene =
                switch source {
                case .file(let file): try SceneDecoder.load(file: file, registry: registry, options: decoderOptions)
                case .bytes(let bytes, let name):
                    try SceneDecoder.decode(bytes, file: name, registry: registry, options: decoderOptions)
                }
            let media = try SceneMedia.load(
                scene, options: decoderOptions, headersOnly: options.headersOnly, probingSound: true,
                threads: options.decodingThreads)
            return Pipeline(
                scene: scene, images: media.images, sound: media.sound, registry: registry, isolation: isolation,
                file: source.name, pluginWarnings: PluginSet.warnings(registry), isHeadersOnly: options.headersOnly)
        } catch {
            registry.shutdown()
            throw PipelineError(error)
        }
    }

    init(
        scene: Scene, images: SceneImages, sound: SceneSound, registry: Registry, isolation: Isolation?,
        file: String, pluginWarnings: [String], isHeadersOnly: Bool
    ) {
        (self.scene, self.images, self.sound, self.registry) = (scene, images, sound, registry)
        (self.isolation, self.file, self.pluginWarnings) = (isolation, file, pluginWarnings)
        self.isHeadersOnly = isHeadersOnly
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

    /// Ends the pipeline's plugin instances and children; later calls fail with `.argument`.
    /// Called when the pipeline is freed.
    public func close() {
        let wasOpen = lock.withLock {
            defer {
                closed = true
                frames = nil
            }
            return !closed
        }
        if wasOpen { registry.shutdown() }
    }

    private static func patches(_ options: OpenOptions) throws(SceneError) -> [PipelinePatch] {
        var patches: [PipelinePatch] = []
        if let file = options.propsFile { patches.append(try PipelinePatch.props(file: file)) }
        if let props = options.props {
            patches.append(try PipelinePatch.props(bytes: Array(props.utf8), name: "props"))
        }
        for argument in options.set { patches.append(try PipelinePatch.set(argument)) }
        return patches
    }

    private static func isolation(_ options: OpenOptions) throws(PipelineError) -> Isolation? {
        guard options.plugins != .inProcess else { return nil }
        guard let executable = options.installation.executable else {
            throw PipelineError(
                .argument, "running plugins in child processes needs the pipeline executable, which was not found")
        }
        if options.plugins == .sandboxed, case .unavailable(let reason) = PluginSandbox.files {
            throw PipelineError(.render, "the plugin sandbox cannot keep plugins from files on this machine: \(reason)")
        }
        return Isolation(
            command: [executable, "_plugin-child"], limit: CallLimit.from(ProcessInfo.processInfo.environment),
            sandboxed: options.plugins == .sandboxed)
    }
}
