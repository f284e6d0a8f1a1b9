import JSON

/// A JSON value that keeps object keys in the order they were written, so the printed schema
/// reads top-down ("$schema", "title", "description" first) the way a person would write it.
/// Literals make schema code read like the JSON it produces. Not `indirect`: its arrays already
/// hold nested values out of line, and boxed cases would be reached only through pointers with the
/// case number in their spare bits, which LeakSanitizer reports as leaked.
public enum SchemaJSON: Sendable {
    case object([(key: String, value: SchemaJSON)])
    case array([SchemaJSON])
    case string(String)
    case number(Double)
    case bool(Bool)

    /// This object with `key` set (replaced when present); other values are returned unchanged.
    public func with(_ key: String, _ value: SchemaJSON?) -> SchemaJSON {
        guard case .object(var members) = self, let value else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// Two-space indented text; arrays of plain values stay on one line.
    public func text(indent: String = "") -> String {
        switch self {
        case .string(let text): return JSONString.quoted(text)
        case .number(let value):
            return value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): return String(value)
        case .array(let items):
            if items.allSatisfy(\.isPlain) { return "[" + items.map { $0.text() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let inner = indent + "  "
            let lines = members.map { inner + JSONString.quoted($0.key) + ": " + $0.value.text(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    private var isPlain: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }
}

extension SchemaJSON: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    public init(dictionaryLiteral elements: (String, SchemaJSON)...) {
        self = .object(elements.map { (key: $0, value: $1) })
    }
    public init(arrayLiteral elements: SchemaJSON...) { self = .array(elements) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
