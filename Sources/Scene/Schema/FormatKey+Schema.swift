/// The JSON Schema of declared keys: each form becomes the schema that accepts exactly the
/// values the decoder accepts for it (what a schema cannot say, the decoder still checks).
extension KeySet {
    /// A closed object of these keys. `schemas` gives the schema of keys whose form is
    /// `.described` (built from the installed plugins, or structured beyond a plain form).
    func schema(_ schemas: [String: SchemaJSON] = [:]) -> SchemaJSON {
        let properties = keys.map { key in (key: key.name, value: key.schema(schemas[key.name])) }
        return SchemaType.object(properties, required: required, doc)
    }
}

extension FormatKey {
    /// The key's schema with its default and description; `described` replaces the form's.
    func schema(_ described: SchemaJSON? = nil) -> SchemaJSON {
        guard let schema = described ?? form.schema else { preconditionFailure("\(name) needs a schema of its own") }
        let note = defaultNote.map { " (default: \($0))" } ?? ""
        return schema.with("default", defaultValue).with("description", .string(doc + note))
    }
}

extension ValueForm {
    /// Nil for `.described`, whose schema its user builds.
    var schema: SchemaJSON? {
        switch self {
        case .number(let range, let aboveLower):
            guard aboveLower, let range else { return SchemaType.number(range) }
            return [
                "type": "number", "exclusiveMinimum": .number(range.lowerBound), "maximum": .number(range.upperBound),
            ]
        case .integer(let range): return SchemaType.integer(range)
        case .boolean: return ["type": "boolean"]
        case .string: return ["type": "string"]
        case .pattern(let pattern, _): return ["type": "string", "pattern": .string(pattern)]
        case .choice(let choices): return ["type": "string", "enum": .array(choices.map(SchemaJSON.string))]
        case .color: return ["$ref": "#/$defs/color"]
        case .point(let range): return SchemaType.point(range)
        case .rect(let range): return SchemaType.rect(range)
        case .numberOrPoint(let range): return ["anyOf": [SchemaType.number(range), SchemaType.point(range)]]
        case .constant(let value): return ["const": .number(value)]
        case .object(let set): return set.schema()
        case .array(let element, let count, let unique):
            guard let items = element.schema else { return nil }
            var schema: SchemaJSON = ["type": "array", "items": items]
            if let count, count.lowerBound > 0 { schema = schema.with("minItems", .number(Double(count.lowerBound))) }
            if let count, count.upperBound < Int.max {
                schema = schema.with("maxItems", .number(Double(count.upperBound)))
            }
            return unique ? schema.with("uniqueItems", true) : schema
        case .either(let forms):
            var alternatives: [SchemaJSON] = []
            for form in forms {
                guard let schema = form.schema else { return nil }
                alternatives.append(schema)
            }
            return ["anyOf": .array(alternatives)]
        case .definition(let name, _): return ["$ref": .string("#/$defs/\(name)")]
        case .described: return nil
        }
    }
}
