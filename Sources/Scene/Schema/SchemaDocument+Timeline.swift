import PluginRegistry

/// Timeline steps: an animator step (`animator`, `target`) or a mixer step (`mixer`, `from`,
/// `to`), their timing or `alongside`, and `params` checked per animator or mixer name.
extension SchemaDocument {
    var step: SchemaJSON {
        Keys.step.schema([
            "animator": names(animators.map { ($0.name, $0.doc) }, kind: "animator"),
            "mixer": names(mixers.map { ($0.name, $0.doc) }, kind: "mixer"),
            "params": ["type": "object"],
        ])
        .with("oneOf", [animatorStep, mixerStep])
        .with("dependentSchemas", ["alongside": ["not": SchemaType.requiringAny(of: Keys.stepTiming)]])
        .with(
            "allOf",
            .array(
                animators.map { parameterRule("animator", $0.name, $0.parameters) }
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
