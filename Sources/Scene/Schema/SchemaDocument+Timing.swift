import PluginDescriptions
import Timing

/// Timing curves (`$defs/curve`): a name, `{"curve": name, "args": [...]}` or
/// `{"cubic-bezier": [x1, y1, x2, y2]}`; a step's `timing` (`$defs/timing`) may also be a spring,
/// given three ways.
extension SchemaDocument {
    var curve: SchemaJSON {
        let (x, y) = (Keys.bezierX, Keys.bezierY)
        let bezier = SchemaType.tuple(
            [
                SchemaType.number(x, "x1"), SchemaType.number(y, "y1"),
                SchemaType.number(x, "x2"), SchemaType.number(y, "y2"),
            ],
            "the control points of a cubic Bézier from (0, 0) to (1, 1), as CSS's cubic-bezier()")
        return [
            "anyOf": [
                ["anyOf": .array(bareNames), "description": "a curve's name"],
                curveCall,
                SchemaType.object([("cubic-bezier", bezier)], required: ["cubic-bezier"]),
            ],
            "description":
                "a timing curve: a name, {\"curve\": name, \"args\": [...]} or {\"cubic-bezier\": [x1, y1, x2, y2]}",
        ]
    }

    var timing: SchemaJSON {
        // A spring uses the keys of one form; the perceptual form needs one of its keys, so that
        // `{}` reads as the physical spring with its defaults, as the decoder reads it.
        let forms = Keys.springForms.map { form in
            form.names == Keys.perceptualSpring.names ? form.schema().with("minProperties", 1) : form.schema()
        }
        let spring = SchemaType.object(
            [
                (
                    "spring",
                    [
                        "anyOf": .array(forms),
                        "description":
                            "a spring, given by dampingRatio, by mass/stiffness/damping/initialVelocity, or by duration/bounce",
                    ]
                )
            ],
            required: ["spring"])
        return ["anyOf": [["$ref": "#/$defs/curve"], spring], "description": "a timing curve or a spring"]
    }

    /// Names usable alone: the built-in curves and plugin curves that need no arguments.
    private var bareNames: [SchemaJSON] {
        let builtin: [SchemaJSON] = NamedCurves.names.map { ["const": .string($0), "description": "built in"] }
        return builtin
            + curves.filter { !$0.needsArguments }.map { curve in
                ["const": .string(curve.name), "description": .string(curve.doc)]
            }
    }

    /// `{"curve": name, "args": [...]}`: built-in curves take no arguments; a plugin curve takes
    /// exactly its own, of its types, and needs them unless it has defaults.
    private var curveCall: SchemaJSON {
        let names = NamedCurves.names + curves.map(\.name)
        let builtinRule: SchemaJSON = [
            "if": ["properties": ["curve": ["enum": .array(NamedCurves.names.map(SchemaJSON.string))]]],
            "then": ["not": ["required": ["args"]]],
        ]
        return Keys.curveCall.schema(["curve": ["type": "string", "enum": .array(names.map(SchemaJSON.string))]])
            .with("allOf", .array([builtinRule] + curves.map(argumentRule)))
    }

    private func argumentRule(_ curve: CurveEntry) -> SchemaJSON {
        let types = curve.signature.argumentTypes
        let arguments = SchemaType.tuple(
            zip(curve.argumentNames, types).map { name, type in argument(type).with("description", .string(name)) },
            "\(curve.name)(\(curve.argumentNames.joined(separator: ", ")))")
        var then: SchemaJSON = ["properties": ["args": arguments]]
        if curve.needsArguments { then = then.with("required", ["args"]) }
        return ["if": ["properties": ["curve": ["const": .string(curve.name)]]], "then": then]
    }

    private func argument(_ type: ForeignType) -> SchemaJSON {
        switch type {
        case .double: SchemaType.number()
        case .float: SchemaType.number(-Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude))
        case .int32: SchemaType.integer(Double(Int32.min)...Double(Int32.max))
        case .int64: ["type": "integer", "minimum": .number(-0x1p63), "exclusiveMaximum": .number(0x1p63)]
        }
    }
}
