import PluginDescriptions
import Timing

/// The JSON Schema (draft 2020-12) of the pipeline format, made from the key declarations
/// (`Keys`): every key, type, range, choice and default, closed objects where the decoder
/// refuses unknown keys, and the parameters of the animators, mixers and timing curves installed
/// when it is generated. What a schema cannot say (layer names that exist, samples going
/// forward in time) the decoder still checks.
public struct SchemaDocument {
    let animators: [AnimatorEntry]
    let mixers: [MixerEntry]
    let effects: [EffectEntry]
    let curves: [CurveEntry]

    public init(registry: any PluginLookup) {
        animators = registry.animators.values.sorted { $0.name < $1.name }
        mixers = registry.mixers.values.sorted { $0.name < $1.name }
        effects = registry.effects.values.sorted { $0.name < $1.name }
        curves = registry.curves.values.sorted { $0.name < $1.name }
    }

    public var json: SchemaJSON {
        Keys.pipeline.schema([
            "canvas": Keys.canvas.schema().with("not", ["required": ["duration", "hold"]]),
            "layers": ["type": "array", "items": ["$ref": "#/$defs/layer"]],
            "timeline": ["type": "array", "items": step],
            "interaction": interaction,
        ])
        .with("$schema", "https://json-schema.org/draft/2020-12/schema")
        .with("title", "pipeline file")
        .with(
            "$defs", ["color": SchemaType.colorDefinition, "curve": curve, "timing": timing, "layer": layer]
        )
        .reordered(first: ["$schema", "title", "description"])
    }

    /// A layer shows at most one of an image, an SVG, a Lottie animation, a video, a sequence, a
    /// snapshot and a shape; a video's `volume` comes with `"audio": true`; `at` comes with `snapshot`; a
    /// replicator comes with sublayers to copy; its sublayers are layers (the definition refers to itself).
    var layer: SchemaJSON {
        let sources = ["image", "svg", "lottie", "video", "sequence", "snapshot", "shape"]
        let pairs = sources.indices.flatMap { i in sources[(i + 1)...].map { [sources[i], $0] } }
        let soundVolume: SchemaJSON = ["required": ["audio"], "properties": ["audio": ["const": true]]]
        let video: SchemaJSON = [
            "anyOf": [["type": "string"], Keys.video.schema().with("dependentSchemas", ["volume": soundVolume])]
        ]
        let sublayers: SchemaJSON = ["type": "array", "items": ["$ref": "#/$defs/layer"]]
        let filters: SchemaJSON = ["type": "array", "items": filter]
        return Keys.layer.schema(
            [
                "video": video, "sublayers": sublayers, "filters": filters, "backdropFilters": filters,
                "shape": shape, "mask": mask,
            ])
            .with("not", ["anyOf": .array(pairs.map { ["required": .array($0.map(SchemaJSON.string))] })])
            .with("dependentRequired", ["at": ["snapshot"]])
            .with(
                "dependentSchemas",
                ["replicator": ["required": ["sublayers"], "properties": ["sublayers": ["minItems": 1]]]])
    }

    private var interaction: SchemaJSON {
        let sample = SchemaType.tuple(
            [
                SchemaType.number(Keys.sampleTime, "seconds since the gesture began"),
                SchemaType.number(Keys.samplePercent, "percent complete, 0 to 1"),
                SchemaType.number(nil, "velocity in percent per second"),
            ], "[seconds, percent complete] or [seconds, percent complete, velocity]"
        ).with("minItems", 2)
        let rule = Keys.finishRule.schema()
            .with("oneOf", .array(Keys.finishRule.names.map { ["required": [.string($0)]] }))
        return Keys.interaction.schema(["track": ["type": "array", "items": sample, "minItems": 1], "finishIf": rule])
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
