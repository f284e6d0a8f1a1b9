import PluginDescriptions

/// Timeline steps: an animator step (`animator`, `target`) or a mixer step (`mixer`, `from`,
/// `to`), their timing or `alongside`, and `params` checked per animator or mixer name.
extension SchemaDocument {
    var step: SchemaJSON {
        Keys.step.schema([
            "animator": names(animators.map { ($0.name, $0.doc) }, kind: "animator"),
            "mixer": names(mixers.map { ($0.name, $0.doc) }, kind: "mixer"),
            "params": ["type": "object"],
            "from": animationValueOrName, "to": animationValueOrName, "by": animationValue,
            "keyframes": Keys.keyframes.schema([
                "values": ["type": "array", "items": ["anyOf": [animationValue, pathData]], "minItems": 2]
            ]),
        ])
        .with("oneOf", [animatorStep, mixerStep, animateStep])
        .with("dependentSchemas", ["alongside": ["not": SchemaType.requiringAny(of: Keys.stepTiming)]])
        .with(
            "allOf",
            .array(
                animators.map { parameterRule("animator", $0.name, $0.parameters) }
                    + mixers.map { parameterRule("mixer", $0.name, $0.parameters) }))
    }

    private static let animationKeys = ["animate", "by", "keyframes", "calculationMode", "additive"]

    private var animatorStep: SchemaJSON {
        [
            "required": ["animator", "target"],
            "not": SchemaType.requiringAny(of: ["mixer", "from", "to"] + Self.animationKeys),
        ]
    }

    private var mixerStep: SchemaJSON {
        [
            "required": ["mixer", "from", "to"],
            "properties": ["from": ["type": "string"], "to": ["type": "string"]],
            "not": SchemaType.requiringAny(of: ["animator", "target"] + Self.animationKeys),
        ]
    }

    private var animateStep: SchemaJSON {
        ["required": ["animate", "target"], "not": SchemaType.requiringAny(of: ["animator", "mixer", "params"])]
    }

    /// A value of an animated key path: a number, numbers (a point, size or rect) or a colour.
    private var animationValue: SchemaJSON {
        [
            "anyOf": [
                ["type": "number"], ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 4],
                ["$ref": "#/$defs/color"],
            ],
            "description": "a number, [x, y], [width, height], [x, y, width, height] or a colour",
        ]
    }

    /// The keyframes of a path (`shape.path`, `mask.shapes.<i>.path`).
    private var pathData: SchemaJSON { SchemaType.string("SVG path data") }

    private var animationValueOrName: SchemaJSON {
        [
            "anyOf": [["type": "string"], animationValue],
            "description": "a layer's name (mixer), or a value or SVG path data (animate)",
        ]
    }

    /// One of the installed names, each with its documentation for editors' completion lists.
    /// One entry of `filters` or `backdropFilters`: an installed effect, its `params` checked
    /// against its descriptors.
    var filter: SchemaJSON {
        Keys.filter.schema([
            "effect": names(effects.map { ($0.name, $0.doc) }, kind: "effect"), "params": ["type": "object"],
        ])
        .with("allOf", .array(effects.map { parameterRule("effect", $0.name, $0.parameters) }))
    }

    private func names(_ entries: [(name: String, doc: String)], kind: String) -> SchemaJSON {
        let description = SchemaJSON.string("the name of an installed \(kind) (see `pipeline plugins`)")
        guard !entries.isEmpty else { return ["type": "string", "description": description] }
        return [
            "anyOf": .array(entries.map { ["const": .string($0.name), "description": .string($0.doc)] }),
            "description": description,
        ]
    }

    /// When the step names this animator or mixer, `params` is checked against its descriptors.
    private func parameterRule(_ key: String, _ name: String, _ descriptors: [ParameterDescriptor]) -> SchemaJSON {
        var then: SchemaJSON = ["properties": ["params": parameters(descriptors, owner: "\(key) \(name)")]]
        if descriptors.contains(where: \.isRequired) { then = then.with("required", ["params"]) }
        return ["if": ["properties": [key: ["const": .string(name)]], "required": [.string(key)]], "then": then]
    }
}
