import CAnimatorABI
import CGLSLParameters

/// The type of an animator or mixer parameter, as `animator.h` numbers them; beyond them, the
/// types of a GLSL transition's uniforms (numbered in glsl_transition.h), which only it registers.
public enum ParameterType: UInt32, Sendable, CaseIterable, Encodable {
    case number = 1
    case integer, bool, color, point, size, rect, string, enumeration, layer
    case vector2 = 102
    case vector3, vector4
    case integerVector2 = 112
    case integerVector3, integerVector4
    case image = 120

    /// The name used in listings, schemas and messages.
    public var name: String {
        switch self {
        case .number: "number"
        case .integer: "integer"
        case .bool: "bool"
        case .color: "color"
        case .point: "point"
        case .size: "size"
        case .rect: "rect"
        case .string: "string"
        case .enumeration: "enum"
        case .layer: "layer"
        case .vector2: "vec2"
        case .vector3: "vec3"
        case .vector4: "vec4"
        case .integerVector2: "ivec2"
        case .integerVector3: "ivec3"
        case .integerVector4: "ivec4"
        case .image: "image"
        }
    }

    /// Whether `min...max` is every value a GLSL float or int holds: no range worth showing.
    public func isUnbounded(_ min: Double, _ max: Double) -> Bool {
        isIntegral
            ? min <= Double(Int32.min) && max >= Double(Int32.max)
            : min <= -Double(Float.greatestFiniteMagnitude) && max >= Double(Float.greatestFiniteMagnitude)
    }

    /// Whether only a GLSL transition registers it.
    public var isGLSLOnly: Bool { rawValue > 100 }

    /// Whether its components are integers.
    public var isIntegral: Bool { [.integer, .integerVector2, .integerVector3, .integerVector4].contains(self) }

    /// How many numeric components a value of this type has (0 for the non-numeric ones).
    public var componentCount: Int {
        switch self {
        case .number, .integer, .bool: 1
        case .point, .size, .vector2, .integerVector2: 2
        case .vector3, .integerVector3: 3
        case .rect, .color, .vector4, .integerVector4: 4
        case .string, .enumeration, .layer, .image: 0
        }
    }

    /// Whether `min`/`max` apply to the components.
    public var hasRange: Bool {
        switch self {
        case .number, .integer, .point, .size, .rect: true
        case .vector2, .vector3, .vector4, .integerVector2, .integerVector3, .integerVector4: true
        default: false
        }
    }
}

/// A parameter descriptor copied out of a plugin into Swift values, validated once at load.
public struct ParameterDescriptor: Sendable, Encodable {
    public let id: String
    public let type: ParameterType
    public let isRequired: Bool
    public let acceptsLayer: Bool
    public let doc: String
    public let unit: String
    public let min: Double
    public let max: Double
    public let defaults: [Double]
    public let defaultString: String?
    public let choices: [String]
    /// A frei0r plugin's parameter: its id is frei0r's name as it is ("Block width"), and a bool
    /// may also be written as a number in 0...1, as frei0r's own bools are.
    public var isFrei0r = false
    /// A GLSL transition's uniform whose file gives no default: it is zero unless a step sets it.
    public var hasNoDefault = false

    package init(
        id: String, type: ParameterType, isRequired: Bool, acceptsLayer: Bool, doc: String, unit: String, min: Double,
        max: Double, defaults: [Double], defaultString: String?, choices: [String], isFrei0r: Bool = false,
        hasNoDefault: Bool = false
    ) {
        (self.id, self.type, self.isRequired, self.acceptsLayer, self.doc, self.unit) =
            (id, type, isRequired, acceptsLayer, doc, unit)
        (self.min, self.max, self.defaults, self.defaultString, self.choices) = (
            min, max, defaults, defaultString, choices
        )
        (self.isFrei0r, self.hasNoDefault) = (isFrei0r, hasNoDefault)
    }
}

extension ParameterDescriptor {
    /// Reads and checks one descriptor, already copied by its `struct_size` (see `readParameters`);
    /// the error says what is wrong in the plugin's terms.
    package init(reading raw: anim_param_desc_t, origin: PluginOrigin = .native) throws(DescriptorError) {
        guard let idPointer = raw.id else { throw DescriptorError("a parameter has no id") }
        let id = String(cString: idPointer)
        switch origin {
        case .frei0r:
            guard Frei0rPlugin.isValidParameterName(id) else {
                throw DescriptorError("parameter name \"\(id)\" is empty, too long or holds control characters")
            }
        case .glsl:
            guard GLSLTransition.isValidUniformName(id) else {
                throw DescriptorError("uniform name \"\(id)\" is not a GLSL identifier")
            }
        case .native:
            guard Self.isValidID(id) else {
                throw DescriptorError("parameter id \"\(id)\" is not of the form [a-zA-Z][a-zA-Z0-9_-]*")
            }
        }
        guard let type = ParameterType(rawValue: raw.type), !type.isGLSLOnly || origin == .glsl else {
            throw DescriptorError("parameter \"\(id)\" has unknown type \(raw.type)")
        }
        let defaults = withUnsafeBytes(of: raw.default_value) { Array($0.bindMemory(to: Double.self)) }
        self.id = id
        self.type = type
        self.isRequired = raw.flags & UInt32(ANIM_PARAM_REQUIRED) != 0
        self.acceptsLayer = raw.flags & UInt32(ANIM_PARAM_ACCEPTS_LAYER) != 0
        self.doc = raw.doc.map { String(cString: $0) } ?? ""
        self.unit = raw.unit.map { String(cString: $0) } ?? ""
        self.min = raw.min
        self.max = raw.max
        self.defaults = defaults
        self.defaultString = raw.default_string.map { String(cString: $0) }
        self.choices = raw.choices.map { String(cString: $0).split(separator: "|").map(String.init) } ?? []
        self.isFrei0r = origin == .frei0r
        self.hasNoDefault = origin == .glsl && raw.flags & GLSL_PARAM_NO_DEFAULT != 0
        try checkConsistency()
    }

    private func checkConsistency() throws(DescriptorError) {
        if acceptsLayer && type != .point && type != .rect {
            throw DescriptorError("parameter \"\(id)\": only point and rect parameters may accept a layer")
        }
        if type.hasRange {
            guard min.isFinite, max.isFinite, min <= max else {
                throw DescriptorError("parameter \"\(id)\": range \(min)...\(max) must be finite with min <= max")
            }
            if !isRequired, let bad = defaults.prefix(type.componentCount).first(where: { !($0 >= min && $0 <= max) }) {
                throw DescriptorError("parameter \"\(id)\": default \(bad) lies outside \(min)...\(max)")
            }
        }
        if type == .enumeration {
            guard !choices.isEmpty else { throw DescriptorError("enum parameter \"\(id)\" has no choices") }
            if let value = defaultString, !choices.contains(value) {
                throw DescriptorError(
                    "enum parameter \"\(id)\": default \"\(value)\" is not one of \(choices.joined(separator: ", "))")
            }
        }
        if type.isIntegral, !isRequired,
            let bad = defaults.prefix(type.componentCount).first(where: { $0.rounded() != $0 })
        {
            throw DescriptorError("integer parameter \"\(id)\": default \(bad) is not an integer")
        }
    }

    package static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, first.isASCIILetter else { return false }
        return id.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }
}

extension Unicode.Scalar {
    package var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

/// Why a plugin's descriptor was refused.
public struct DescriptorError: Error, Sendable, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = description }
}
