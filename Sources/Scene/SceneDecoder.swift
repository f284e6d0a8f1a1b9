import CAnimatorABI
import CRegularFile
import Foundation
import JSON
import OptionNames
import PluginDescriptions

/// Reads a pipeline file into a `Scene`: JSON syntax, the format's keys and types, names
/// against the registry, parameters against their descriptors, images decoded.
public enum SceneDecoder {
    public static let formatVersion = 1
    public static let maxCanvasSide = 16384.0
    /// The frame rates a canvas may have, and a render may be given instead.
    public static let frameRates: ClosedRange<Double> = 1...240
    public static let maxDuration = 3600.0

    /// What a command allows a pipeline file to do.
    public struct Options: Sendable {
        /// Images may resolve outside the pipeline file's folder.
        public var allowsImagesOutside = false
        /// The most memory all of a pipeline's images may take decoded (4 bytes a pixel), checked
        /// from their headers before any is decoded: a few small files can declare huge pictures.
        public var imageMemoryLimit = Self.defaultImageMemoryLimit
        public static let defaultImageMemoryLimit = 2048 << 20
        /// Options as the caller words them in messages (`allowsOutsideFiles`, `imageMemoryLimit`).
        public var optionNames: @Sendable (OptionName) -> String = { $0.rawValue }

        /// Changes made to the pipeline before it is read (`--set`, `--props`), in order.
        public var patches: [PipelinePatch] = []
        /// The videos' name when `output.name` gives none, instead of the file's (a pipeline
        /// read from standard input has no file name to give them).
        public var videoName: String?

        public init(
            allowsImagesOutside: Bool = false, imageMemoryLimit: Int = Self.defaultImageMemoryLimit,
            patches: [PipelinePatch] = []
        ) {
            self.allowsImagesOutside = allowsImagesOutside
            self.imageMemoryLimit = imageMemoryLimit
            self.patches = patches
        }
    }

    public static func load(file: String, registry: any PluginLookup, options: Options = Options()) throws(SceneError)
        -> Scene
    {
        if let problem = PathLimits.problem(file) {
            throw SceneError(file: file, position: nil, path: nil, message: "the pipeline file's path \(problem)")
        }
        return try decode(try read(file), file: file, registry: registry, options: options)
    }

    /// The largest pipeline file, pipeline bytes or props file read, checked before the bytes are
    /// held: a pipeline of a million layers is a few hundred KiB.
    public static let maximumFileBytes = 32 << 20
    /// The longest layer name, in UTF-8 bytes (every string is also held to
    /// `JSONParser.maximumStringBytes`).
    public static let maximumNameBytes = 1024

    /// "over the limit" for `bytes` of `what` ("the pipeline file").
    /// (A reader that stopped at the limit holds one byte more: it knows no more than that.)
    public static func tooLarge(_ what: String, bytes: Int) -> String {
        let limit = "the limit of \(maximumFileBytes >> 20) MiB"
        guard bytes > maximumFileBytes + 1 else { return "\(what) is larger than \(limit)" }
        return "\(what) is \(bytes >> 20) MiB (\(bytes) bytes), over \(limit)"
    }

    /// The bytes of the regular file `file` (`what` names it in messages), refused past
    /// `maximumFileBytes` before they are read.
    public static func readLimited(_ file: String, what: String) throws(SceneError) -> [UInt8] {
        var kind: UnsafePointer<CChar>?
        let descriptor = regular_file_open(file, &kind)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            let problem =
                if let kind { "\(what) is \(String(cString: kind)), not a regular file" } else {
                    "cannot read \(what): \(reason)"
                }
            throw SceneError(file: file, position: nil, path: nil, message: problem)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, Int(status.st_size) > maximumFileBytes {
            throw SceneError(file: file, position: nil, path: nil, message: tooLarge(what, bytes: Int(status.st_size)))
        }
        do {
            // Read no more than the limit allows, should the file grow meanwhile.
            let data = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
            guard data.count <= maximumFileBytes else {
                throw SceneError(file: file, position: nil, path: nil, message: tooLarge(what, bytes: data.count))
            }
            return Array(data)
        } catch let error as SceneError {
            throw error
        } catch {
            throw SceneError(file: file, position: nil, path: nil, message: "cannot read \(what): \(describe(error))")
        }
    }

    /// The pipeline file's bytes, read only from a regular file: a FIFO would block the read.
    private static func read(_ file: String) throws(SceneError) -> [UInt8] {
        try readLimited(file, what: "the pipeline file")
    }

    /// Decodes a pipeline file's bytes; `file` names it in errors and is where relative paths
    /// resolve. The fuzz target calls this directly: any bytes either decode or throw.
    public static func decode(
        _ bytes: [UInt8], file: String, registry: any PluginLookup,
        options: Options = Options()
    ) throws(SceneError) -> Scene {
        guard bytes.count <= maximumFileBytes else {
            throw SceneError(
                file: file, position: nil, path: nil, message: tooLarge("the pipeline", bytes: bytes.count))
        }
        var root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: file, position: error.position, path: error.path, message: error.message)
        }
        for patch in options.patches { root = try patch.applied(to: root, file: file) }
        var decoding = Decoding(file: file, registry: registry, options: options, hash: ContentHash.of(bytes))
        let scene = try decoding.scene(Field(node: root, path: .root, file: file))
        scene.props = options.patches.map(\.record)
        return scene
    }
}

/// The state of one decoding: where relative paths resolve, decoded images, owned C strings.
struct Decoding {
    let file: String
    let registry: any PluginLookup
    let options: SceneDecoder.Options
    let baseDirectory: URL
    let strings = CStringPool()
    /// The image files the layers show, resolved.
    var imageFiles = Set<String>()
    /// The plugins of the timing curves looked up (a bound curve does not keep its plugin).
    let curvePlugins = PluginList()
    var canvas = Canvas(width: 0, height: 0, background: anim_color_t(r: 0, g: 0, b: 0, a: 1))
    var layerNames: [String] = []
    /// One past the last layer of each decoded layer's subtree, by index.
    var subtreeEnds: [Int: Int] = [:]
    /// What each decoded layer draws, by index.
    var layerContents: [Int: LayerContent] = [:]
    /// Each decoded layer's mask paths and feather, by index.
    var layerMasks: [Int: LayerMaskPaths] = [:]
    /// Errors in the file's layers, steps and sections, kept so every one is reported.
    var errors: [SceneError] = []
    /// Image files that are missing or not allowed, reported after the errors in the file.
    var imageErrors: [SceneError] = []
    /// Each decoded step's field, for the warnings' places.
    var stepFields: [Field] = []
    /// The layers' `motionBlur` keys, by layer index, checked once the timeline is read.
    var layerBlurFields: [(index: Int, field: Field)] = []

    /// The content hash of the bytes decoded.
    let hash: String

    init(file: String, registry: any PluginLookup, options: SceneDecoder.Options, hash: String) {
        self.hash = hash
        self.file = file
        self.registry = registry
        self.options = options
        self.baseDirectory = URL(fileURLWithPath: file).deletingLastPathComponent()
    }

    /// Every independent problem is reported at once: unknown keys, a canvas value, a layer, a
    /// step each go on to the next part (a canvas that cannot be read is taken as 1 × 1 at 60
    /// fps meanwhile); only a file that is not a pipeline of this version stops at once.
    mutating func scene(_ root: Field) throws(SceneError) -> Scene {
        let (top, unknownTopKeys) = try root.objectNamingUnknownKeys(Keys.pipeline)
        let version: Int = try top.required("version", "the format version, 1")
        guard version == SceneDecoder.formatVersion else {
            throw top["version"]!.error(
                "unsupported version \(version): this pipeline reads version \(SceneDecoder.formatVersion)")
        }
        if let unknownTopKeys { errors.append(unknownTopKeys) }
        // Editors read it; pipeline does not, but it must still be what the schema says.
        _ = keep(Self.attempt { () throws(SceneError) -> String? in try top.optional("$schema") })
        let (canvasFields, unknownCanvasKeys) = try top.required("canvas", "an object with width, height and fps")
            .objectNamingUnknownKeys(Keys.canvas)
        if let unknownCanvasKeys { errors.append(unknownCanvasKeys) }
        canvas =
            keep(Self.attempt { () throws(SceneError) in try decodeCanvas(canvasFields) })
            ?? Canvas(width: 1, height: 1, background: anim_color_t(r: 0, g: 0, b: 0, a: 1))
        let fps: Double =
            keep(
                Self.attempt { () throws(SceneError) -> Double in try canvasFields.required("fps", "frames per second")
                })
            ?? 60
        let layers = decodeLayers(try top.required("layers", "an array of layers, bottom first").array())
        let steps = decodeTimeline(try top["timeline"]?.array() ?? [])
        let timelineEnd = steps.indices.map { steps.timing(ofStep: $0).end }.max() ?? 0
        let clock = keep(
            Self.attempt { () throws(SceneError) in
                try decodeClock(direction: top["direction"], interaction: top["interaction"], timelineEnd: timelineEnd)
            })
        let length = keep(Self.attempt { () throws(SceneError) in try decodeLength(canvasFields, fps: fps) })
        let output = keep(Self.attempt { () throws(SceneError) in try decodeOutput(top["output"]) })
        let audio = decodeAudio(top["audio"])
        errors += checkSoundNames(audio: audio, steps: steps)
        let fonts = decodeFonts(top["fonts"])
        let blur = keep(
            Self.attempt { () throws(SceneError) in
                try decodeLayerBlur(layers: layers, steps: steps, canvasAsks: canvasFields["motionBlur"] != nil)
            })
        if let blur { canvas.motionBlur = blur }
        guard let clock, let length, let output, errors.isEmpty else {
            throw SceneError.combining(errors + imageErrors)!
        }
        if let error = SceneError.combining(imageErrors) { throw error }
        let scene = Scene(
            file: file, canvas: canvas, fps: fps, length: length, layers: layers, steps: steps,
            clock: clock, output: output, audio: audio, fonts: fonts, sources: sources(of: steps, fonts: fonts),
            strings: strings)
        scene.warnings =
            SceneWarnings(
                scene: scene, stepFields: stepFields, interactionField: top["interaction"], outputField: top["output"]
            ).all
        return scene
    }

    /// Runs one part of the decoding, so that an error in it can be kept (`keep`) and the
    /// parts after it still checked.
    static func attempt<T>(_ part: () throws(SceneError) -> T) -> Result<T, SceneError> {
        do throws(SceneError) {
            return .success(try part())
        } catch {
            return .failure(error)
        }
    }

    /// The part's value; its error is kept for the report.
    mutating func keep<T>(_ result: Result<T, SceneError>) -> T? {
        switch result {
        case .success(let value): return value
        case .failure(let error):
            errors.append(error)
            return nil
        }
    }

    private func decodeLength(_ fields: ObjectFields, fps: Double) throws(SceneError) -> SceneLength {
        let hold: Double = try fields.value("hold")
        if let holdField = fields["hold"], fields["duration"] != nil {
            throw holdField.error("\"hold\" extends the default duration; with an explicit \"duration\" leave it out")
        }
        guard let duration = fields["duration"] else { return .untilEnd(hold: hold) }
        // At least one frame: the declared range's lower bound is excluded, and a frame is 1 / fps.
        guard case .number(let range?, _) = fields.declared("duration").form else {
            preconditionFailure("duration is a number")
        }
        return .seconds(try duration.number(in: 1 / fps...range.upperBound))
    }

    private func decodeCanvas(_ fields: ObjectFields) throws(SceneError) -> Canvas {
        let width: Int = try fields.required("width", "the width in pixels")
        let height: Int = try fields.required("height", "the height in pixels")
        var motionBlur: MotionBlur?
        if let field = fields["motionBlur"] {
            let blur = try field.object(Keys.motionBlur)
            motionBlur = MotionBlur(
                shutterAngle: try blur.value("shutterAngle"), shutterPhase: try blur.value("shutterPhase"),
                samples: try blur.value("samples"), adaptive: try blur.value("adaptive"))
        }
        return Canvas(
            width: width, height: height, background: try fields.value("background"), motionBlur: motionBlur)
    }

    private func sources(of steps: [Step], fonts: [FontFile]) -> SceneSources {
        var seen = Set<String>()
        let effects = layerContents.keys.sorted().flatMap { index in
            EffectList.allCases.flatMap { layerContents[index]!.effectList($0).map(\.effect.plugin) }
        }
        let plugins = (steps.compactMap(\.plugin) + curvePlugins.items + effects).filter {
            seen.insert($0.path).inserted
        }
        return SceneSources(
            pipelineHash: hash, imageFiles: imageFiles.sorted(), fontFiles: fonts.map(\.path), plugins: plugins)
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : baseDirectory.appendingPathComponent(path).standardizedFileURL.path
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    var error: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

/// Plugins recorded while decoding, from functions that do not mutate the decoding.
final class PluginList {
    private(set) var items: [PluginInfo] = []
    func append(_ plugin: PluginInfo) { items.append(plugin) }
}

func describe(_ error: any Error) -> String {
    if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as? POSIXError {
        return String(cString: strerror(underlying.code.rawValue))
    }
    return (error as NSError).localizedDescription
}

extension CocoaError {
    var underlying: (any Error)? { userInfo[NSUnderlyingErrorKey] as? any Error }
}
