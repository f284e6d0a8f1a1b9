/// One key of the pipeline format, declared once: its name, the values it takes, its default and
/// what it means. The decoder reads values through it (so its range and default are the ones
/// checked and applied), `pipeline schema` describes it, and the README's key tables are
/// generated from it (`pipeline schema --markdown`).
public struct FormatKey: Sendable {
    public let name: String
    public let form: ValueForm
    /// The value used when the key is absent, as it would be written in a file.
    public let defaultValue: SchemaJSON?
    /// A default that depends on other values ("the whole canvas"), for people; the decoder
    /// computes it.
    public let defaultNote: String?
    public let doc: String

    public init(
        _ name: String, _ form: ValueForm, default defaultValue: SchemaJSON? = nil,
        defaultNote: String? = nil, _ doc: String
    ) {
        self.name = name
        self.form = form
        self.defaultValue = defaultValue
        self.defaultNote = defaultNote
        self.doc = doc
    }
}

/// The values a key takes, with the ranges the decoder checks.
///
/// Only the case that holds a form directly is `indirect`: a box for every case would be reached
/// only through pointers with the case number in their spare bits, which LeakSanitizer does not
/// recognise, so every process that read a pipeline would report the key declarations as leaked.
public enum ValueForm: Sendable {
    /// A number, within `range` when there is one; `aboveLower` excludes the lower bound.
    case number(ClosedRange<Double>?, aboveLower: Bool = false)
    case integer(ClosedRange<Double>)
    case boolean
    case string
    case choice([String])
    /// `"#rgb"`, `"#rrggbb"` or `"#rrggbbaa"`.
    case color
    /// `[x, y]`, each within `range`.
    case point(ClosedRange<Double>?)
    /// `[x, y, width, height]`, each within `range`; width and height never negative.
    case rect(ClosedRange<Double>?)
    /// One number for both axes, or `[x, y]`.
    case numberOrPoint(ClosedRange<Double>)
    /// Exactly this number.
    case constant(Double)
    /// An object of these keys and no others.
    case object(KeySet)
    /// An array of `element`s, `count` of them when given, all different when `unique`.
    indirect case array(ValueForm, count: ClosedRange<Int>? = nil, unique: Bool = false)
    /// Any one of these forms.
    case either([ValueForm])
    /// A string matching a regular expression, described in prose.
    case pattern(String, summary: String)
    /// A form defined once under `$defs` in the schema and described in the README in prose:
    /// timing curves (`name`) whose names come from the installed plugins.
    case definition(String, summary: String)
    /// A value whose schema is built where it is used, from the installed plugins (animator and
    /// mixer names, parameters) or from structure a plain form cannot say (gesture samples).
    case described(summary: String)
}

/// The keys of one object of the format, in the order the README lists them.
public struct KeySet: Sendable {
    /// Where the object stands, as error messages write paths: `canvas`, `layers[]`, `layers[].shadow`.
    public let place: String
    public let keys: [FormatKey]
    public let required: [String]
    public let doc: String

    public init(_ place: String, _ keys: [FormatKey], required: [String] = [], _ doc: String) {
        self.place = place
        self.keys = keys
        self.required = required
        self.doc = doc
        precondition(
            required.allSatisfy { name in keys.contains { $0.name == name } }, "\(place): required key not declared")
    }

    public var names: [String] { keys.map(\.name) }

    public subscript(name: String) -> FormatKey {
        guard let key = keys.first(where: { $0.name == name }) else {
            preconditionFailure("\(place) has no key \(name)")
        }
        return key
    }

    /// This object and every object nested in its keys' forms, depth first: what the README's
    /// tables and the property test walk.
    public var allSets: [KeySet] {
        [self] + keys.flatMap { $0.form.nestedSets }
    }
}

extension FormatKey {
    /// Its default's numbers (`[1]` for a layer's opacity, `[0.5, 0.5]` for its anchor), for code
    /// that starts a value where a file that leaves the key out does; nil when it is no number.
    public var defaultNumbers: [Double]? {
        switch defaultValue {
        case .number(let value)?: [value]
        case .array(let values)?:
            values.compactMap { if case .number(let value) = $0 { value } else { nil } }
        default: nil
        }
    }
}

extension ValueForm {
    /// The range every number of a numeric form (a number, point, rect) must lie in.
    var numberRange: ClosedRange<Double>? {
        switch self {
        case .number(let range, _), .point(let range), .rect(let range): range
        case .integer(let range), .numberOrPoint(let range): range
        default: nil
        }
    }

    var nestedSets: [KeySet] {
        switch self {
        case .object(let set): set.allSets
        case .array(let element, _, _): element.nestedSets
        case .either(let forms): forms.flatMap(\.nestedSets)
        default: []
        }
    }
}
