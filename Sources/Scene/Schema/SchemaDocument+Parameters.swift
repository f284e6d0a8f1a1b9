import PluginDescriptions

/// A step's `params` as an animator's or mixer's descriptors define them: every key known, each
/// value of its type and within its range, the required ones required.
extension SchemaDocument {
    func parameters(_ descriptors: [ParameterDescriptor], owner: String) -> SchemaJSON {
        SchemaType.object(
            descriptors.map { ($0.id, parameter($0)) },
            required: descriptors.filter(\.isRequired).map(\.id), "the parameters of \(owner)")
    }

    private func parameter(_ descriptor: ParameterDescriptor) -> SchemaJSON {
        var schema = value(descriptor)
        if descriptor.acceptsLayer {
            let meaning = descriptor.type == .point ? "centre" : "visual frame"
            schema = ["anyOf": [schema, SchemaType.string("a layer's name: its current \(meaning), every frame")]]
        }
        // An effect's edge mode has no one default: the host picks it by what the layer shows.
        if !descriptor.isRequired, !descriptor.isEdgeMode {
            schema = schema.with("default", defaultValue(descriptor))
        }
        return schema.with("description", .string(help(descriptor)))
    }

    private func value(_ descriptor: ParameterDescriptor) -> SchemaJSON {
        let range = descriptor.min...descriptor.max
        switch descriptor.type {
        case .number: return SchemaType.number(range)
        case .integer: return SchemaType.integer(range)
        case .bool: return ["type": "boolean"]
        case .color: return ["$ref": "#/$defs/color"]
        case .point, .size: return SchemaType.point(range)
        case .rect: return SchemaType.rect(range)
        case .string, .layer: return ["type": "string"]
        case .enumeration: return ["enum": .array(descriptor.choices.map(SchemaJSON.string))]
        case .vector2, .vector3, .vector4:
            return SchemaType.tuple(Array(repeating: SchemaType.number(range), count: descriptor.type.componentCount))
        case .integerVector2, .integerVector3, .integerVector4:
            return SchemaType.tuple(Array(repeating: SchemaType.integer(range), count: descriptor.type.componentCount))
        case .image: return ["type": "string"]
        }
    }

    private func defaultValue(_ descriptor: ParameterDescriptor) -> SchemaJSON? {
        let components = Array(descriptor.defaults.prefix(descriptor.type.componentCount))
        switch descriptor.type {
        case .number, .integer: return .number(components[0])
        case .bool: return .bool(components[0] != 0)
        case .color: return .string(hex(components))
        case .point, .size, .rect: return .array(components.map(SchemaJSON.number))
        case .vector2, .vector3, .vector4, .integerVector2, .integerVector3, .integerVector4:
            return .array(components.map(SchemaJSON.number))
        case .string: return descriptor.defaultString.map(SchemaJSON.string)
        case .enumeration: return .string(descriptor.defaultString ?? descriptor.choices[0])
        case .layer, .image: return nil
        }
    }

    /// The descriptor's doc with its type, unit and, for colours, the form: what an editor shows.
    private func help(_ descriptor: ParameterDescriptor) -> String {
        var text =
            descriptor.type == .image
            ? "image: a PNG, JPEG or WebP file, relative to the pipeline file" : descriptor.type.name
        if descriptor.acceptsLayer { text += " or layer name" }
        if !descriptor.unit.isEmpty { text += ", \(descriptor.unit)" }
        if descriptor.isRequired { text += ", required" }
        return descriptor.doc.isEmpty ? text : "\(descriptor.doc) (\(text))"
    }

    /// Colour components 0...1 as "#rrggbbaa", the form pipeline files use.
    private func hex(_ components: [Double]) -> String {
        "#"
            + components.map { component in
                let byte = String(Int((component * 255).rounded()), radix: 16)
                return byte.count == 1 ? "0" + byte : byte
            }.joined()
    }
}
