import CAnimatorABI
import Foundation
import PluginDescriptions

/// Binds a step's "params" object to an animator's or mixer's descriptors: every key known,
/// every value of the right type and inside its range, defaults for the rest.
extension Decoding {
    /// `step` is where a missing required parameter is reported when there is no "params".
    func bindParameters(
        _ descriptors: [ParameterDescriptor], _ field: Field?, owner: String,
        step: Field
    ) throws(SceneError) -> [BoundParameter] {
        let (fields, unknown) = try field?.objectNamingUnknownKeys(allowing: descriptors.map(\.id)) ?? (nil, nil)
        var bound: [BoundParameter] = []
        var problems = unknown.map { [$0] } ?? []
        for descriptor in descriptors {
            do throws(SceneError) {
                if let value = fields?[descriptor.id] {
                    bound.append(try bind(descriptor, value))
                } else if descriptor.isRequired {
                    throw (field ?? step).error("\(owner) needs parameter \"\(descriptor.id)\": \(descriptor.usage)")
                } else {
                    bound.append(BoundParameter(value: defaultValue(descriptor), source: .fixed))
                }
            } catch {
                problems.append(error)
            }
        }
        // Every bad parameter of the step is reported, each at its place, in the file's order.
        let ordered = problems.sorted {
            ($0.position?.line ?? 0, $0.position?.column ?? 0) < ($1.position?.line ?? 0, $1.position?.column ?? 0)
        }
        if let problems = SceneError.combining(ordered) { throw problems }
        return bound
    }

    private func bind(_ descriptor: ParameterDescriptor, _ field: Field) throws(SceneError) -> BoundParameter {
        var value = anim_value_t()
        value.type = descriptor.type.rawValue
        value.is_set = 1
        let range = descriptor.type.hasRange ? descriptor.min...descriptor.max : nil
        if descriptor.acceptsLayer || descriptor.type == .layer, case .string = field.node.value {
            let index = try layerIndex(field)
            value.s = strings.intern(layerNames[index])
            let source: BoundParameter.Source =
                switch descriptor.type {
                case .point: .layerCenter(index)
                case .rect: .layerFrame(index)
                default: .layer(index)
                }
            return BoundParameter(value: value, source: source)
        }
        switch descriptor.type {
        case .number: value.v.0 = try field.number(in: range)
        case .integer:
            value.i = Int64(try field.integer(in: range))
            value.v.0 = Double(value.i)
        case .bool:
            if descriptor.isFrei0r, case .number = field.node.value {
                // frei0r's bools are doubles: 0.5 and above is true.
                value.v.0 = try field.number(in: 0...1)
                value.i = value.v.0 >= 0.5 ? 1 : 0
            } else {
                value.i = try field.bool() ? 1 : 0
                value.v.0 = Double(value.i)
            }
        case .color:
            if descriptor.isFrei0r, case .array = field.node.value {
                let rgb = try field.numbers(count: 3, in: 0...1, what: "a colour [r, g, b] in 0...1 or \"#rrggbb\"")
                value.v = (rgb[0], rgb[1], rgb[2], 1)
            } else {
                value.v = components(try field.color())
            }
        case .point:
            value.v = pad(try field.numbers(count: 2, in: range, what: "a point [x, y]" + layerAlternative(descriptor)))
        case .size: value.v = pad(try field.numbers(count: 2, in: range, what: "a size [width, height]"))
        case .rect:
            let rect = try field.numbers(
                count: 4, in: range, what: "a rect [x, y, width, height]" + layerAlternative(descriptor))
            if let problem = rectSizeProblem(rect) { throw field.error(problem) }
            value.v = pad(rect)
        case .string: value.s = strings.intern(try field.string())
        case .enumeration:
            let choice = try field.choice(descriptor.choices)
            value.s = strings.intern(choice)
            value.i = Int64(descriptor.choices.firstIndex(of: choice)!)
        case .layer: throw field.mismatch("a layer name")
        case .vector2, .vector3, .vector4, .integerVector2, .integerVector3, .integerVector4:
            let count = descriptor.type.componentCount
            let values = try field.numbers(count: count, in: range, what: descriptor.usage)
            if descriptor.type.isIntegral, let bad = values.first(where: { $0.rounded() != $0 }) {
                throw field.error("expected \(descriptor.usage), found \(bad), which is not an integer")
            }
            value.v = pad(values)
        case .image: value.s = strings.intern(try imagePath(field, parameter: descriptor.id))
        }
        return BoundParameter(value: value, source: .fixed)
    }

    /// An image parameter's file, resolved against the pipeline file's folder and checked as a
    /// layer's image is: present, a regular file, inside the folder unless images may lie anywhere.
    private func imagePath(_ field: Field, parameter: String) throws(SceneError) -> String {
        let path = resolve(try field.string())
        if let problem = PathLimits.problem(path) { throw field.error("the image path \(path) \(problem)") }
        guard FileManager.default.fileExists(atPath: path) else { throw field.error("image file not found: \(path)") }
        if let problem = confinement?.problem(path, owner: "parameter \"\(parameter)\"", what: "image") {
            throw field.error(problem)
        }
        try requireRegular(path, at: field, what: "image")
        return path
    }

    private func defaultValue(_ descriptor: ParameterDescriptor) -> anim_value_t {
        var value = anim_value_t()
        value.type = descriptor.type.rawValue
        value.v = pad(descriptor.defaults)
        switch descriptor.type {
        case .integer, .bool: value.i = Int64(descriptor.defaults[0])
        case .enumeration:
            let choice = descriptor.defaultString ?? descriptor.choices[0]
            value.s = strings.intern(choice)
            value.i = Int64(descriptor.choices.firstIndex(of: choice) ?? 0)
        case .string, .image: value.s = descriptor.defaultString.map(strings.intern)
        default: break
        }
        return value
    }

    private func layerAlternative(_ descriptor: ParameterDescriptor) -> String {
        descriptor.acceptsLayer ? " or a layer name" : ""
    }
}

private func pad(_ values: [Double]) -> (Double, Double, Double, Double) {
    let v = values + Array(repeating: 0, count: max(0, 4 - values.count))
    return (v[0], v[1], v[2], v[3])
}

private func components(_ color: anim_color_t) -> (Double, Double, Double, Double) {
    (color.r, color.g, color.b, color.a)
}

extension ParameterDescriptor {
    /// "a number in 0...1 (the amount at the end)" — for messages and listings.
    public var usage: String {
        var text =
            switch type {
            case .number, .integer:
                (type == .integer ? "an integer" : "a number")
                    + (type.isUnbounded(min, max) ? "" : " in \(format(min))...\(format(max))")
            case .point: "a point [x, y]"
            case .size: "a size [width, height]"
            case .rect: "a rect [x, y, width, height]"
            case .color: "a colour \"#rrggbb\" or \"#rrggbbaa\""
            case .bool: "true or false"
            case .string: "a string"
            case .enumeration: "one of \(choices.joined(separator: ", "))"
            case .layer: "a layer name"
            case .vector2, .vector3, .vector4:
                "a \(type.name) [\(["x", "y", "z", "w"].prefix(type.componentCount).joined(separator: ", "))]"
            case .integerVector2, .integerVector3, .integerVector4:
                "an \(type.name) [\(["i", "j", "k", "l"].prefix(type.componentCount).joined(separator: ", "))] of integers"
            case .image: "an image file's path"
            }
        if acceptsLayer { text += " or a layer name" }
        return doc.isEmpty ? text : "\(text) (\(doc))"
    }
}
