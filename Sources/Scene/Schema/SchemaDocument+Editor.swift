import PluginDescriptions

/// The parts of the schema the preview's editor builds its forms from: one step's parameters,
/// a layer's keys and the three forms of a spring.
extension SchemaDocument {
    /// The schema of a step's `params` for an animator's or mixer's `descriptors`.
    public static func parameterSchema(_ descriptors: [ParameterDescriptor], owner: String) -> SchemaJSON {
        SchemaDocument(animators: [], mixers: [], effects: [], curves: []).parameters(descriptors, owner: owner)
    }

    /// The keys of a layer, each with its type, range and default (colours refer to
    /// `#/$defs/color`, given as `colorSchema`).
    public static var layerSchema: SchemaJSON {
        SchemaDocument(animators: [], mixers: [], effects: [], curves: []).layer
    }

    public static var colorSchema: SchemaJSON { SchemaType.colorDefinition }

    /// `{"spring": {...}}`'s three forms, in the order `Keys.springForms` gives them.
    public static var springSchemas: [SchemaJSON] { Keys.springForms.map { $0.schema() } }

    private init(animators: [AnimatorEntry], mixers: [MixerEntry], effects: [EffectEntry], curves: [CurveEntry]) {
        (self.animators, self.mixers, self.effects, self.curves) = (animators, mixers, effects, curves)
    }
}
