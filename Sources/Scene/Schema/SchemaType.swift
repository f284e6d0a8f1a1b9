/// Schemas of the value forms pipeline files use (numbers in a range, points, rects, colours,
/// closed objects), with the ranges the decoder checks. Descriptions come last so editors show
/// them as the key's help.
enum SchemaType {
    static func number(_ range: ClosedRange<Double>? = nil, default value: Double? = nil, _ description: String? = nil)
        -> SchemaJSON
    {
        ranged(["type": "number"], range).with("default", value.map(SchemaJSON.number)).with(
            "description", description.map(SchemaJSON.string))
    }

    static func integer(_ range: ClosedRange<Double>, default value: Double? = nil, _ description: String? = nil)
        -> SchemaJSON
    {
        ranged(["type": "integer"], range).with("default", value.map(SchemaJSON.number)).with(
            "description", description.map(SchemaJSON.string))
    }

    static func boolean(default value: Bool, _ description: String) -> SchemaJSON {
        ["type": "boolean", "default": .bool(value), "description": .string(description)]
    }

    static func string(_ description: String) -> SchemaJSON {
        ["type": "string", "description": .string(description)]
    }

    static func choice(_ values: [String], default value: String? = nil, _ description: String) -> SchemaJSON {
        (["type": "string", "enum": .array(values.map(SchemaJSON.string))] as SchemaJSON)
            .with("default", value.map(SchemaJSON.string)).with("description", .string(description))
    }

    /// A colour, `"#rgb"`, `"#rrggbb"` or `"#rrggbbaa"` (see `colorDefinition`).
    static func color(default value: String? = nil, _ description: String) -> SchemaJSON {
        (["$ref": "#/$defs/color"] as SchemaJSON).with("default", value.map(SchemaJSON.string)).with(
            "description", .string(description))
    }

    static let colorDefinition: SchemaJSON = [
        "type": "string", "pattern": "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$",
        "description": "a colour \"#rrggbb\" or \"#rrggbbaa\" (sRGB, straight alpha; \"#rgb\" also works)",
    ]

    /// An array of exactly `items.count` values, each of its own schema.
    static func tuple(_ items: [SchemaJSON], default value: [Double]? = nil, _ description: String? = nil) -> SchemaJSON
    {
        let count = SchemaJSON.number(Double(items.count))
        // An empty prefixItems is not a valid schema: no items at all is just maxItems 0.
        let array: SchemaJSON =
            items.isEmpty
            ? ["type": "array", "maxItems": 0]
            : ["type": "array", "prefixItems": .array(items), "minItems": count, "maxItems": count]
        return
            array
            .with("default", value.map { .array($0.map(SchemaJSON.number)) }).with(
                "description", description.map(SchemaJSON.string))
    }

    /// `[x, y]`.
    static func point(_ range: ClosedRange<Double>?, default value: [Double]? = nil, _ description: String? = nil)
        -> SchemaJSON
    {
        tuple([number(range), number(range)], default: value, description)
    }

    /// `[x, y, width, height]`; width and height are never negative.
    static func rect(_ range: ClosedRange<Double>?, default value: [Double]? = nil, _ description: String? = nil)
        -> SchemaJSON
    {
        let side = number(range).with("minimum", .number(max(range?.lowerBound ?? 0, 0)))
        return tuple([number(range), number(range), side, side], default: value, description)
    }

    /// An object that, like the decoder, refuses keys it does not list.
    static func object(
        _ properties: [(key: String, value: SchemaJSON)], required: [String] = [], _ description: String? = nil
    ) -> SchemaJSON {
        var schema: SchemaJSON = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema = schema.with("required", .array(required.map(SchemaJSON.string))) }
        return schema.with("additionalProperties", false).with("description", description.map(SchemaJSON.string))
    }

    /// An object that has at least one of `keys`.
    static func requiringAny(of keys: [String]) -> SchemaJSON {
        ["anyOf": .array(keys.map { ["required": [.string($0)]] })]
    }

    private static func ranged(_ schema: SchemaJSON, _ range: ClosedRange<Double>?) -> SchemaJSON {
        guard let range else { return schema }
        return schema.with("minimum", .number(range.lowerBound)).with("maximum", .number(range.upperBound))
    }
}
