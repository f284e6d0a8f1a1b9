import CAnimatorABI
import Compositor
import Foundation
import Output
import PluginRegistry

/// Reads a pipeline file into a `Scene`: JSON syntax, the format's keys and types, names
/// against the registry, parameters against their descriptors, images decoded.
public enum SceneDecoder {
    public static let formatVersion = 1
    public static let maxCanvasSide = 16384.0
    public static let maxDuration = 3600.0

    public static func load(file: String, registry: Registry) throws(SceneError) -> Scene {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw SceneError(file: file, position: nil, path: nil, message: "cannot read the pipeline file: \(describe(error))")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: file, position: error.position, path: nil, message: error.message)
        }
        var decoding = Decoding(file: file, registry: registry)
        return try decoding.scene(Field(node: root, path: .root, file: file))
    }
}

/// The state of one decoding: where relative paths resolve, decoded images, owned C strings.
struct Decoding {
    let file: String
    let registry: Registry
    let baseDirectory: URL
    let strings = CStringPool()
    var images: [String: RasterImage] = [:]
    var canvas = Canvas(width: 0, height: 0, background: anim_color_t(r: 0, g: 0, b: 0, a: 1))
    var layerNames: [String] = []

    init(file: String, registry: Registry) {
        self.file = file
        self.registry = registry
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
        let timelineEnd = steps.indices.map(steps.end(ofStep:)).max() ?? 0
        let clock = try decodeClock(direction: top["direction"], interaction: top["interaction"], timelineEnd: timelineEnd)
        let hold = try canvasFields["hold"]?.number(in: 0...SceneDecoder.maxDuration) ?? 0
        if let holdField = canvasFields["hold"], canvasFields["duration"] != nil {
            throw holdField.error("\"hold\" extends the default duration; with an explicit \"duration\" leave it out")
        }
        let duration = try canvasFields["duration"]?.number(in: 1 / fps...SceneDecoder.maxDuration)
            ?? defaultDuration(clock, fps: fps, hold: hold)
        return Scene(file: file, canvas: canvas, fps: fps, duration: duration, layers: layers, steps: steps,
                     clock: clock, output: try decodeOutput(top["output"]), strings: strings)
    }

    /// Long enough that the last frame is the first at or after the end (of the timeline, or of
    /// an interaction's completion), so it shows the end state; then `hold` more seconds.
    private func defaultDuration(_ clock: SceneClock, fps: Double, hold: Double) -> Double {
        let end = clock.interaction.map { $0.releaseTime + $0.completionDuration(timelineEnd: clock.timelineEnd) } ?? clock.timelineEnd
        return ((end * fps - 1e-9).rounded(.up) + 1) / fps + hold
    }

    private func decodeCanvas(_ fields: ObjectFields) throws(SceneError) -> Canvas {
        let side = 1...SceneDecoder.maxCanvasSide
        let width = try fields.required("width", "the width in pixels").integer(in: side)
        let height = try fields.required("height", "the height in pixels").integer(in: side)
        let background = try fields["background"]?.color() ?? anim_color_t(r: 0, g: 0, b: 0, a: 1)
        return Canvas(width: width, height: height, background: background)
    }

    private func decodeOutput(_ field: Field?) throws(SceneError) -> OutputSettings {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let defaults = OutputSettings(directory: baseDirectory.appendingPathComponent("out").path, formats: [.png], name: name)
        guard let field else { return defaults }
        let fields = try field.object(allowing: ["dir", "formats"])
        var settings = defaults
        if let dir = fields["dir"] { settings.directory = resolve(try dir.string()) }
        if let formats = fields["formats"] {
            settings.formats = []
            for item in try formats.array() {
                let format = OutputFormat(rawValue: try item.choice(OutputFormat.allCases.map(\.rawValue)))!
                guard !settings.formats.contains(format) else { throw item.error("format \"\(format.rawValue)\" is listed twice") }
                settings.formats.append(format)
            }
            guard !settings.formats.isEmpty else {
                throw formats.error("lists no format: give one or more of \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        return settings
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : baseDirectory.appendingPathComponent(path).standardizedFileURL.path
    }
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
