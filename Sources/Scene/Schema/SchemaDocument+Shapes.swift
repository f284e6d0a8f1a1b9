import CAnimatorABI

/// A layer's `shape` and `mask`: keys valid alone that the decoder refuses together. What a
/// schema cannot say (path data that parses) the decoder still checks.
extension SchemaDocument {
    /// `paths` (each with its own path and style), `svg` (whose style keys restyle the file's
    /// paths) or one `path` with its style; `trim` only with `paths` or `svg`.
    var shape: SchemaJSON {
        let pathAndStyle = Keys.shapePathKeys.map(\.name)
        return Keys.shape.schema(shapePathSchemas.merging(["paths": shapePaths]) { $1 })
            // Not an anyOf of the three: editors read a top-level anyOf as alternative values.
            .with("if", ["not": SchemaType.requiringAny(of: ["paths", "svg"])]).with("then", ["required": ["path"]])
            .with(
                "dependentSchemas",
                styleExclusions.with("paths", ["not": SchemaType.requiringAny(of: ["svg"] + pathAndStyle)])
                    .with("svg", ["not": ["required": ["path"]]])
                    .with("trim", SchemaType.requiringAny(of: ["paths", "svg"])))
    }

    /// `shape.paths`: each item one path and its style.
    private var shapePaths: SchemaJSON {
        let item = Keys.shapePath.schema(shapePathSchemas).with("dependentSchemas", styleExclusions)
        return Keys.shape["paths"].form.schema!.with("items", item)
    }

    /// The keys of one path whose schema says more than their form: the path (data, or an object
    /// of exactly one primitive) and a dash pattern that draws something.
    private var shapePathSchemas: [String: SchemaJSON] {
        let primitive = Keys.shapePrimitive.schema()
            .with("oneOf", .array(["rect", "ellipse", "polystar"].map { ["required": [.string($0)]] }))
            .with("dependentRequired", ["cornerRadius": ["rect"]])
        let path: SchemaJSON = ["anyOf": [["type": "string"], primitive]]
        let dashes = Keys.shapePath["lineDashPattern"].form.schema!.with("contains", ["exclusiveMinimum": 0])
        return ["path": path, "lineDashPattern": dashes]
    }

    /// A colour or a gradient, for the fill and for the stroke.
    private var styleExclusions: SchemaJSON {
        [
            "fillColor": ["not": ["required": ["fillGradient"]]],
            "strokeColor": ["not": ["required": ["strokeGradient"]]],
        ]
    }

    /// A mask's shapes: a path shape gives `path` alone, the others `rect` (and a corner
    /// radius); the plugin interface holds at most `ANIM_MASK_MAX_SHAPES` of the others.
    var mask: SchemaJSON {
        let isPath: SchemaJSON = ["properties": ["shape": ["const": .string(MaskShapeKind.path.rawValue)]]]
        let shape = Keys.maskShape.schema()
            .with("if", isPath)
            .with("then", ["required": ["path"], "not": SchemaType.requiringAny(of: ["rect", "cornerRadius"])])
            .with("else", ["required": ["rect"], "not": ["required": ["path"]]])
        let shapes = Keys.mask["shapes"].form.schema!.with("items", shape)
            .with("contains", ["required": ["shape"], "not": isPath]).with("minContains", 0)
            .with("maxContains", .number(Double(ANIM_MASK_MAX_SHAPES)))
        return Keys.mask.schema(["shapes": shapes])
    }
}
