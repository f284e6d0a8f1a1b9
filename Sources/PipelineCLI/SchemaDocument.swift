import Output
import PluginRegistry
import Scene

/// The JSON Schema (draft 2020-12) of the pipeline format as `SceneDecoder` reads it: every key,
/// type, range, choice and default, closed objects where the decoder refuses unknown keys, and
/// the parameters of the animators, mixers and timing curves installed when it is generated.
/// What a schema cannot say (layer names that exist, samples going forward in time) the decoder
/// still checks.
struct SchemaDocument {
    let animators: [AnimatorEntry]
    let mixers: [MixerEntry]
    let curves: [CurveEntry]

    static let time = 0...SceneDecoder.maxDuration

    init(registry: Registry) {
        animators = registry.animators.values.sorted { $0.name < $1.name }
        mixers = registry.mixers.values.sorted { $0.name < $1.name }
        curves = registry.curves.values.sorted { $0.name < $1.name }
    }

    var json: SchemaJSON {
        SchemaType.object([
            ("$schema", SchemaType.string("where editors find this schema; pipeline ignores it")),
            ("version", ["const": .number(Double(SceneDecoder.formatVersion)), "description": "the format version, 1"]),
            ("canvas", canvas),
            ("layers", ["type": "array", "items": layer, "description": "the layers, bottom first"]),
            ("timeline", ["type": "array", "items": step,
                          "description": "steps applied in order, each to the state the earlier ones left"]),
            ("direction", SchemaType.choice(SceneClock.Direction.allCases.map(\.rawValue), default: "present",
                                            "present or push; dismiss or pop play the whole timeline backwards")),
            ("interaction", interaction),
            ("output", output),
        ], required: ["version", "canvas", "layers"])
        .with("$schema", "https://json-schema.org/draft/2020-12/schema")
        .with("title", "pipeline file")
        .with("description", "A UI transition animation for `pipeline run`: canvas, layers, timeline, output.")
        .with("$defs", ["color": SchemaType.colorDefinition, "curve": curve, "timing": timing])
        .reordered(first: ["$schema", "title", "description"])
    }

    private var canvas: SchemaJSON {
        let side = 1...SceneDecoder.maxCanvasSide
        let schema = SchemaType.object([
            ("width", SchemaType.integer(side, "the width in pixels")),
            ("height", SchemaType.integer(side, "the height in pixels")),
            ("fps", SchemaType.number(1...240, "frames per second")),
            ("background", SchemaType.color(default: "#000000", "the colour behind every layer")),
            ("duration", SchemaType.number(nil, "seconds rendered, at least one frame (default: until the first frame at or after the end of the timeline or interaction, plus hold)")
                .with("exclusiveMinimum", 0).with("maximum", .number(SceneDecoder.maxDuration))),
            ("hold", SchemaType.number(Self.time, default: 0, "seconds added to the default duration; not with duration")),
        ], required: ["width", "height", "fps"], "the picture: size, frame rate, background and length")
        return schema.with("not", ["required": ["duration", "hold"]])
    }

    private var output: SchemaJSON {
        let formats = OutputFormat.allCases.map(\.rawValue)
        return SchemaType.object([
            ("dir", ["type": "string", "default": "out", "description": "the output folder, relative to the pipeline file"]),
            ("formats", ["type": "array", "items": .object([("enum", .array(formats.map(SchemaJSON.string)))]),
                         "minItems": 1, "uniqueItems": true, "default": ["png"],
                         "description": .string("what to write: \(formats.joined(separator: ", ")); videos are named after the pipeline file")]),
            ("quality", SchemaType.integer(Double(VideoQuality.range.lowerBound)...Double(VideoQuality.range.upperBound),
                                           default: Double(VideoQuality.standard.value),
                                           "0 smallest to 100 best, for mp4, webm and webp")),
        ], "where and what `pipeline run` writes")
    }

    private var interaction: SchemaJSON {
        let sample = SchemaType.tuple([
            SchemaType.number(Self.time, "seconds since the gesture began"),
            SchemaType.number(-1...2, "percent complete, 0 to 1"),
            SchemaType.number(nil, "velocity in percent per second"),
        ], "[seconds, percent complete] or [seconds, percent complete, velocity]").with("minItems", 2)
        let rule: SchemaJSON = ["oneOf": [
            SchemaType.object([("progressAtLeast", SchemaType.number(0...1, "finish when released at least this far"))], required: ["progressAtLeast"]),
            SchemaType.object([("velocityAbove", SchemaType.number(-1000...1000, "finish when released faster than this"))], required: ["velocityAbove"]),
        ]]
        return SchemaType.object([
            ("track", ["type": "array", "items": sample, "minItems": 1,
                       "description": "gesture samples going forward in time; the last one is the release"]),
            ("finishIf", rule.with("description", "the rule that decides at release whether the transition finishes or cancels")),
            ("completionSpeed", SchemaType.number(0.01...100, default: 1, "speed of the rest after release")),
            ("completionCurve", (["$ref": "#/$defs/curve"] as SchemaJSON)
                .with("default", "ease-in-out").with("description", "the timing curve of the rest after release")),
        ], required: ["track", "finishIf"], "an interactive transition, driven by a gesture then finished or cancelled")
    }
}

extension SchemaJSON {
    /// The same object with `keys` moved to the front, in that order.
    func reordered(first keys: [String]) -> SchemaJSON {
        guard case .object(let members) = self else { return self }
        let front = keys.compactMap { key in members.first { $0.key == key } }
        return .object(front + members.filter { !keys.contains($0.key) })
    }
}
