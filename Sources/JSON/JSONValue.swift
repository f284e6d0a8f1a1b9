// The parsed form of a pipeline file: every value and key keeps where it started in the source,
// so validation can point at the line and column of a wrong value, not only at its JSON path.

/// A place in a source file: 1-based line, and 1-based column counted in Unicode scalars. A value
/// a patch put into a document (`--set`, `--props`) names that patch as its `origin`; its line
/// and column are then within the patch's own text (0 when it has none to point at).
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let origin: String?

    public init(line: Int, column: Int, origin: String? = nil) {
        self.line = line
        self.column = column
        self.origin = origin
    }

    public var description: String {
        let place = line > 0 ? "line \(line), column \(column)" : ""
        guard let origin else { return place }
        return place.isEmpty ? origin : "\(origin), \(place)"
    }
}

/// A JSON value and the position of its first character.
public struct JSONNode: Sendable {
    public let value: JSONValue
    public let position: SourcePosition

    public init(value: JSONValue, position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

/// One JSON value; objects keep their members in file order.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// `isInteger` is true when the source had no fraction and no exponent (`3`, not `3.0` or `3e0`).
    case number(Double, isInteger: Bool)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// The kind with its article, for messages like "expected a number, found a string".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable {
    public let key: String
    public let keyPosition: SourcePosition
    public let value: JSONNode
}
