import CAnimatorABI
import Timing

/// Reading values through their key declarations: the form's range is the one checked, the
/// declared default the one applied.
extension Field {
    /// An object of `set`'s keys; an unknown key is an error naming the nearest one.
    func object(_ set: KeySet) throws(SceneError) -> ObjectFields {
        let (fields, unknown) = try objectNamingUnknownKeys(set)
        if let unknown { throw unknown }
        return fields
    }

    /// The same, the unknown keys returned beside the fields instead of thrown.
    func objectNamingUnknownKeys(_ set: KeySet) throws(SceneError) -> (ObjectFields, SceneError?) {
        var (fields, unknown) = try objectNamingUnknownKeys(allowing: set.names)
        fields.keys = set
        return (fields, unknown)
    }
}

extension ObjectFields {
    /// The value of key `name`, or its declared default when the key is absent.
    func value<Value: KeyValue>(_ name: String) throws(SceneError) -> Value {
        let key = declared(name)
        if let field = self[name] { return try Value.read(field, key.form) }
        guard let fallback = key.defaultValue.flatMap(Value.init(default:)) else {
            preconditionFailure("\(key.name) has no default of type \(Value.self)")
        }
        return fallback
    }

    /// The value of key `name`, or nil when the key is absent (whatever its default).
    func optional<Value: KeyValue>(_ name: String) throws(SceneError) -> Value? {
        let key = declared(name)
        return try self[name].map { field throws(SceneError) in try Value.read(field, key.form) }
    }

    func declared(_ name: String) -> FormatKey {
        guard let keys else { preconditionFailure("fields of \(field.path) were read without their key set") }
        return keys[name]
    }
}

/// A Swift type a key's value decodes to, by the key's form.
protocol KeyValue {
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> Self
    /// The declared default, as the file would write it.
    init?(default json: SchemaJSON)
}

extension Double: KeyValue {
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> Double {
        switch form {
        case .number(let range, let aboveLower):
            let value = try field.number(in: range)
            if aboveLower, let range, value == range.lowerBound {
                throw field.error(
                    "\(format(value)) is out of range: expected a number above \(format(range.lowerBound))")
            }
            return value
        case .integer(let range): return Double(try field.integer(in: range))
        default: preconditionFailure("\(field.path) is not a number")
        }
    }

    init?(default json: SchemaJSON) {
        guard case .number(let value) = json else { return nil }
        self = value
    }
}

extension Int: KeyValue {
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> Int {
        switch form {
        case .integer(let range): return try field.integer(in: range)
        // The decoder says what a different constant means (an unsupported version).
        case .constant: return try field.integer()
        default: preconditionFailure("\(field.path) is not an integer")
        }
    }

    init?(default json: SchemaJSON) {
        guard case .number(let value) = json, let integer = Int(exactly: value) else { return nil }
        self = integer
    }
}

extension Bool: KeyValue {
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> Bool {
        try field.bool()
    }

    init?(default json: SchemaJSON) {
        guard case .bool(let value) = json else { return nil }
        self = value
    }
}

extension String: KeyValue {
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> String {
        if case .choice(let choices) = form { return try field.choice(choices) }
        return try field.string()
    }

    init?(default json: SchemaJSON) {
        guard case .string(let value) = json else { return nil }
        self = value
    }
}

/// Enumerations whose cases are the choices of a key (gravity, alignment, …).
extension KeyValue where Self: RawRepresentable, RawValue == String {
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> Self {
        guard let value = Self(rawValue: try String.read(field, form)) else {
            preconditionFailure("\(field.path): a declared choice that \(Self.self) lacks")
        }
        return value
    }

    init?(default json: SchemaJSON) {
        guard let text = String(default: json) else { return nil }
        self.init(rawValue: text)
    }
}

extension Gravity: KeyValue {}
extension BlendMode: KeyValue {}
extension MatteMode: KeyValue {}
extension TextAlignment: KeyValue {}
extension TextVerticalAlignment: KeyValue {}
extension MaskFillRule: KeyValue {}
extension MaskShapeKind: KeyValue {}
extension ShapeContent.Trim: KeyValue {}
extension ShapeStyle.LineCap: KeyValue {}
extension ShapeStyle.LineJoin: KeyValue {}
extension FootageSpec.End: KeyValue {}
extension Step.FillMode: KeyValue {}
extension FootageSpec.Before: KeyValue {}
extension SceneClock.Direction: KeyValue {}

extension anim_color_t: KeyValue {
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> anim_color_t {
        try field.color()
    }

    init?(default json: SchemaJSON) {
        guard case .string(let text) = json, let color = parseColor(text) else { return nil }
        self = color
    }
}

extension anim_point_t: KeyValue {
    /// `[x, y]`, or for `numberOrPoint` also one number for both.
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> anim_point_t {
        switch form {
        case .point(let range): return try field.point(in: range)
        case .numberOrPoint(let range):
            guard case .number = field.node.value else { return try field.point(in: range) }
            let value = try field.number(in: range)
            return anim_point_t(x: value, y: value)
        default: preconditionFailure("\(field.path) is not a point")
        }
    }

    init?(default json: SchemaJSON) {
        switch json {
        case .number(let value): self.init(x: value, y: value)
        case .array(let items):
            guard items.count == 2, case .number(let x) = items[0], case .number(let y) = items[1] else { return nil }
            self.init(x: x, y: y)
        default: return nil
        }
    }
}

extension anim_rect_t: KeyValue {
    static func read(_ field: Field, _ form: ValueForm) throws(SceneError) -> anim_rect_t {
        guard case .rect(let range) = form else { preconditionFailure("\(field.path) is not a rect") }
        return try field.rect(in: range)
    }

    init?(default json: SchemaJSON) {
        guard case .array(let items) = json, items.count == 4 else { return nil }
        var values: [Double] = []
        for item in items {
            guard case .number(let value) = item else { return nil }
            values.append(value)
        }
        self.init(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}

extension ObjectFields {
    /// The value of key `name`, which must be there (`what` says what it is, for the message).
    func required<Value: KeyValue>(_ name: String, _ what: String) throws(SceneError) -> Value {
        try Value.read(try required(name, what), declared(name).form)
    }
}
extension LayerKeyPath: KeyValue {}
extension CalculationMode: KeyValue {}
