import PluginRegistry

/// Timeline steps: an animator step (`animator`, `target`) or a mixer step (`mixer`, `from`,
/// `to`), their timing or `alongside`, and `params` checked per animator or mixer name.
extension SchemaDocument {
    static let timingKeys = ["start", "duration", "timing", "speed", "repeat", "autoreverse"]

    var step: SchemaJSON {
        let layerName = "the name of a layer"
        return SchemaType.object([
            ("id", SchemaType.string("a name later steps use in \"alongside\"")),
            ("animator", names(animators.map { ($0.name, $0.doc) }, kind: "animator")),
            ("target", SchemaType.string("the layer to animate: \(layerName)")),
            ("mixer", names(mixers.map { ($0.name, $0.doc) }, kind: "mixer")),
            ("from", SchemaType.string("the layer the mixer starts from: \(layerName)")),
            ("to", SchemaType.string("the layer the mixer ends on: \(layerName)")),
            ("alongside", SchemaType.string("the id of an earlier step whose progress this one takes, instead of its own timing")),
            ("params", ["type": "object", "description": "the animator's or mixer's parameters (see `pipeline plugins`)"]),
            ("reverse", SchemaType.boolean(default: false, "play the step backwards: progress p becomes 1 - p")),
            ("start", SchemaType.number(Self.time, default: 0, "seconds from the start of the timeline to the step's start")),
            ("duration", SchemaType.number(Self.time, default: 0.25, "seconds (a physical spring's settling time when it has none)")),
            ("timing", (["$ref": "#/$defs/timing"] as SchemaJSON).with("default", "linear").with("description", "the timing curve")),
            ("speed", SchemaType.number(0.01...100, default: 1, "plays the step this many times as fast")),
            ("repeat", SchemaType.number(0.01...1000, default: 1, "how many times the step plays; fractions allowed")),
            ("autoreverse", SchemaType.boolean(default: false, "each repetition plays forwards, then backwards")),
        ], "an animator step (animator, target) or a mixer step (mixer, from, to)")
        .with("oneOf", [animatorStep, mixerStep])
        .with("dependentSchemas", ["alongside": ["not": SchemaType.requiringAny(of: Self.timingKeys)]])
        .with("allOf", .array(animators.map { parameterRule("animator", $0.name, $0.parameters) }
                              + mixers.map { parameterRule("mixer", $0.name, $0.parameters) }))
    }

    private var animatorStep: SchemaJSON {
        ["required": ["animator", "target"], "not": SchemaType.requiringAny(of: ["mixer", "from", "to"])]
    }

    private var mixerStep: SchemaJSON {
        ["required": ["mixer", "from", "to"], "not": SchemaType.requiringAny(of: ["animator", "target"])]
    }

    /// One of the installed names, each with its documentation for editors' completion lists.
    private func names(_ entries: [(name: String, doc: String)], kind: String) -> SchemaJSON {
        let description = SchemaJSON.string("the name of an installed \(kind) (see `pipeline plugins`)")
        guard !entries.isEmpty else { return ["type": "string", "description": description] }
        return ["anyOf": .array(entries.map { ["const": .string($0.name), "description": .string($0.doc)] }),
                "description": description]
    }

    /// When the step names this animator or mixer, `params` is checked against its descriptors.
    private func parameterRule(_ key: String, _ name: String, _ descriptors: [ParameterDescriptor]) -> SchemaJSON {
        var then: SchemaJSON = ["properties": ["params": parameters(descriptors, owner: "\(key) \(name)")]]
        if descriptors.contains(where: \.isRequired) { then = then.with("required", ["params"]) }
        return ["if": ["properties": [key: ["const": .string(name)]], "required": [.string(key)]], "then": then]
    }
}
