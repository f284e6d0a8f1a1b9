import CAnimatorABI
import Foundation
import JSON
import PluginRegistry

/// Reads a pipeline file into a `Scene`: JSON syntax, the format's keys and types, names
/// against the registry, parameters against their descriptors, images decoded.
public enum SceneDecoder {
    public static let formatVersion = 1
    public static let maxCanvasSide = 16384.0
    public static let maxDuration = 3600.0

    /// What a command allows a pipeline file to do.
    public struct Options: Sendable {
        /// Images may resolve outside the pipeline file's folder.
        public var allowsImagesOutside = false
        /// The command-line flag that sets `allowsImagesOutside`, for messages.
        public static let allowOutsideImagesFlag = "allow-outside-images"

        public init(allowsImagesOutside: Bool = false) { self.allowsImagesOutside = allowsImagesOutside }
    }

    public static func load(file: String, registry: Registry, options: Options = Options()) throws(SceneError) -> Scene {
        if let problem = PathLimits.problem(file) {
            throw SceneError(file: file, position: nil, path: nil, message: "the pipeline file's path \(problem)")
        }
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw SceneError(file: file, position: nil, path: nil, message: "cannot read the pipeline file: \(describe(error))")
        }
        return try decode(bytes, file: file, registry: registry, options: options)
    }

    /// Decodes a pipeline file's bytes; `file` names it in errors and is where relative paths
    /// resolve. The fuzz target calls this directly: any bytes either decode or throw.
    public static func decode(_ bytes: [UInt8], file: String, registry: Registry,
                              options: Options = Options()) throws(SceneError) -> Scene {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: file, position: error.position, path: error.path, message: error.message)
        }
        var decoding = Decoding(file: file, registry: registry, options: options)
        return try decoding.scene(Field(node: root, path: .root, file: file))
    }
}

/// The state of one decoding: where relative paths resolve, decoded images, owned C strings.
struct Decoding {
    let file: String
    let registry: Registry
    let options: SceneDecoder.Options
    let baseDirectory: URL
    let strings = CStringPool()
    /// The image files the layers show, resolved.
    var imageFiles = Set<String>()
    /// The plugins of the timing curves looked up (a bound curve does not keep its plugin).
    let curvePlugins = PluginList()
    var canvas = Canvas(width: 0, height: 0, background: anim_color_t(r: 0, g: 0, b: 0, a: 1))
    var layerNames: [String] = []

    init(file: String, registry: Registry, options: SceneDecoder.Options) {
        self.file = file
        self.registry = registry
        self.options = options
        self.baseDirectory = URL(fileURLWithPath: file).deletingLastPathComponent()
    }

    mutating func scene(_ root: Field) throws(SceneError) -> Scene {
        let top = try root.object(allowing: ["$schema", "version", "canvas", "layers", "timeline", "direction", "interaction", "output"])
        let version = try top.required("version", "the format version, 1").integer()
        guard version == SceneDecoder.formatVersion else {
            throw top["version"]!.error("unsupported version \(version): this pipeline reads version \(SceneDecoder.formatVersion)")
        }
        let canvasFields = try top.required("canvas", "an object with width, height and fps").object(
            allowing: ["width", "height", "fps", "background", "duration", "hold"])
        canvas = try decodeCanvas(canvasFields)
        let fps = try canvasFields.required("fps", "frames per second").number(in: 1...240)
        let layers = try decodeLayers(try top.required("layers", "an array of layers, bottom first").array())
        let steps = try decodeTimeline(top["timeline"]?.array() ?? [])
        let timelineEnd = steps.indices.map { steps.timing(ofStep: $0).end }.max() ?? 0
        let clock = try decodeClock(direction: top["direction"], interaction: top["interaction"], timelineEnd: timelineEnd)
        let hold = try canvasFields["hold"]?.number(in: 0...SceneDecoder.maxDuration) ?? 0
        if let holdField = canvasFields["hold"], canvasFields["duration"] != nil {
            throw holdField.error("\"hold\" extends the default duration; with an explicit \"duration\" leave it out")
        }
        let length = try canvasFields["duration"].map { field throws(SceneError) in
            SceneLength.seconds(try field.number(in: 1 / fps...SceneDecoder.maxDuration))
        } ?? .untilEnd(hold: hold)
        return Scene(file: file, canvas: canvas, fps: fps, length: length, layers: layers, steps: steps,
                     clock: clock, output: try decodeOutput(top["output"]), sources: sources(of: steps), strings: strings)
    }

    private func decodeCanvas(_ fields: ObjectFields) throws(SceneError) -> Canvas {
        let side = 1...SceneDecoder.maxCanvasSide
        let width = try fields.required("width", "the width in pixels").integer(in: side)
        let height = try fields.required("height", "the height in pixels").integer(in: side)
        let background = try fields["background"]?.color() ?? anim_color_t(r: 0, g: 0, b: 0, a: 1)
        return Canvas(width: width, height: height, background: background)
    }

    private func sources(of steps: [Step]) -> SceneSources {
        var seen = Set<String>()
        let plugins = (steps.map(\.plugin) + curvePlugins.items).filter { seen.insert($0.path).inserted }
        return SceneSources(imageFiles: imageFiles.sorted(), plugins: plugins)
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : baseDirectory.appendingPathComponent(path).standardizedFileURL.path
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
