// A strict RFC 8259 parser of our own: Foundation's JSONSerialization reports neither the
// positions of values nor duplicate keys, and pipeline errors must name both.

/// A file that is not JSON, with the position of the offending character, and the path of the
/// value it belongs to where the grammar is met but the value cannot be taken (a number beyond
/// a double, a key given twice).
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let position: SourcePosition
    public let path: JSONPath?

    public init(message: String, position: SourcePosition, path: JSONPath? = nil) {
        (self.message, self.position, self.path) = (message, position, path)
    }

    public var description: String { "\(position): \(path.map { "\($0): " } ?? "")\(message)" }
}

public enum JSONParser {
    /// The longest string a document may hold, in UTF-8 bytes: far more than any name or text of
    /// a pipeline, and a bound on what one value can take (no value is held past it).
    public static let maximumStringBytes = 1 << 20

    /// Parses one JSON document (UTF-8, an optional BOM) into nodes that remember their positions.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        return try reader.parseDocument()
    }
}

/// The parser's cursor: recursive descent over the bytes, one function per grammar rule.
private struct JSONReader {
    /// Deep enough for any pipeline file, shallow enough that the recursion cannot overflow a stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var offset: Int
    private var depth = 0
    private var locator: SourceLocator
    /// The keys and indexes leading to the value being parsed, for errors that name a value.
    private var trail: [JSONPath.Component] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        locator = SourceLocator(bytes: bytes, start: offset)
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        try validateUTF8()
        skipWhitespace()
        let node = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else {
            throw syntaxError("expected end of file after the JSON value, found \(found)")
        }
        return node
    }

    /// Checked once up front, so strings can copy their bytes and columns can count scalars.
    private mutating func validateUTF8() throws(JSONSyntaxError) {
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = bytes[offset...].makeIterator()
        var index = offset
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case .valid(let encoded): index += encoded.count
            case .emptyInput: return
            case .error: throw syntaxError("invalid UTF-8 byte 0x\(hex(UInt32(bytes[index]), digits: 2))", at: index)
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let position = locator.position(of: offset)
        let value: JSONValue
        switch peek ?? "\0" {
        case "{": value = try parseObject()
        case "[": value = try parseArray()
        case "\"": value = .string(try parseString())
        case "-", "0"..."9": value = try parseNumber()
        case "a"..."z", "A"..."Z": value = try parseLiteral()
        default: throw syntaxError("expected a JSON value, found \(found)")
        }
        return JSONNode(value: value, position: position)
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        if closesAtOnce("}") { return .object([]) }
        var members: [JSONMember] = []
        var keys = KeyIndex()
        var expectedKey = "a string key or '}'"
        while true {
            members.append(try parseMember(expecting: expectedKey, after: members, keys: &keys))
            skipWhitespace()
            switch peek {
            case ",": offset += 1
            case "}":
                offset += 1
                return .object(members)
            default: throw syntaxError("expected ',' or '}' after an object member, found \(found)")
            }
            skipWhitespace()
            expectedKey = "a string key after ','"
        }
    }

    private mutating func parseMember(
        expecting expectedKey: String, after members: [JSONMember], keys: inout KeyIndex
    ) throws(JSONSyntaxError) -> JSONMember {
        guard peek == "\"" else { throw syntaxError("expected \(expectedKey), found \(found)") }
        let keyPosition = locator.position(of: offset)
        let key = try parseString()
        if let first = keys.position(of: key, among: members) {
            throw JSONSyntaxError(
                message: "duplicate key \"\(key)\" (first at \(first))", position: keyPosition,
                path: trail.isEmpty ? nil : JSONPath(components: trail))
        }
        skipWhitespace()
        guard peek == ":" else { throw syntaxError("expected ':' after an object key, found \(found)") }
        offset += 1
        skipWhitespace()
        trail.append(.key(key))
        defer { trail.removeLast() }
        return JSONMember(key: key, keyPosition: keyPosition, value: try parseValue())
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        if closesAtOnce("]") { return .array([]) }
        var elements: [JSONNode] = []
        trail.append(.index(0))
        defer { trail.removeLast() }
        while true {
            trail[trail.count - 1] = .index(elements.count)
            elements.append(try parseValue())
            skipWhitespace()
            switch peek {
            case ",": offset += 1
            case "]":
                offset += 1
                return .array(elements)
            default: throw syntaxError("expected ',' or ']' after an array element, found \(found)")
            }
            skipWhitespace()
        }
    }

    /// Whether the container just entered is empty: its closing bracket, after any whitespace, is
    /// stepped over.
    private mutating func closesAtOnce(_ closing: Unicode.Scalar) -> Bool {
        skipWhitespace()
        guard peek == closing else { return false }
        offset += 1
        return true
    }

    /// Steps over the opening bracket, refusing to nest deeper than `maximumDepth`.
    private mutating func enterContainer() throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw syntaxError("nesting too deep: more than \(Self.maximumDepth) levels of arrays and objects")
        }
        depth += 1
        offset += 1
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = offset
        offset += 1
        var utf8: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"): try appendEscape(to: &utf8)
            case ..<0x20: throw syntaxError("\(found) in a string; write it as an escape such as \\n or \\u001F")
            default:
                utf8.append(byte)
                offset += 1
            }
            if utf8.count > JSONParser.maximumStringBytes {
                throw syntaxError(
                    "a string longer than \(JSONParser.maximumStringBytes >> 20) MiB, the longest a file may hold",
                    at: start)
            }
        }
        let opening = locator.position(of: start)
        throw syntaxError("expected '\"' to end the string that starts at \(opening), found end of file")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = offset
        offset += 1
        let simple: UInt8
        switch peek {
        case "\"": simple = UInt8(ascii: "\"")
        case "\\": simple = UInt8(ascii: "\\")
        case "/": simple = UInt8(ascii: "/")
        case "b": simple = 0x08
        case "f": simple = 0x0C
        case "n": simple = 0x0A
        case "r": simple = 0x0D
        case "t": simple = 0x09
        case "u":
            let scalar = try parseUnicodeEscape(startingAt: escapeStart)
            UTF8.encode(scalar) { utf8.append($0) }
            return
        default: throw syntaxError("expected one of \" \\ / b f n r t u after '\\', found \(found)")
        }
        utf8.append(simple)
        offset += 1
    }

    /// Reads `XXXX` after `\u`, joining a high and a low surrogate escape into one scalar.
    private mutating func parseUnicodeEscape(startingAt escapeStart: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        var value = try parseHexDigits()
        if (0xD800...0xDBFF).contains(value), let low = try parseLowSurrogate() {
            value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else {
            let escape = String(decoding: bytes[escapeStart..<escapeStart + 6], as: UTF8.self)
            throw syntaxError(
                "lone surrogate '\(escape)' in a string; surrogates must come in high-low pairs",
                at: escapeStart)
        }
        return scalar
    }

    /// Consumes a following `\uDC00`…`\uDFFF`; anything else is left for the caller to report.
    private mutating func parseLowSurrogate() throws(JSONSyntaxError) -> UInt32? {
        let saved = offset
        guard bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else { return nil }
        offset += 1
        let low = try parseHexDigits()
        guard (0xDC00...0xDFFF).contains(low) else {
            offset = saved
            return nil
        }
        return low
    }

    /// Steps over the `u` at the cursor and reads the four hex digits after it.
    private mutating func parseHexDigits() throws(JSONSyntaxError) -> UInt32 {
        offset += 1
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = peek.flatMap(hexValue) else {
                throw syntaxError("expected 4 hex digits after '\\u', found \(found)")
            }
            value = value << 4 + digit
            offset += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        if peek == "-" { offset += 1 }
        try parseIntegerDigits()
        var isInteger = true
        if peek == "." {
            isInteger = false
            offset += 1
            try parseDigits(expected: "a digit after '.'")
        }
        if peek == "e" || peek == "E" {
            isInteger = false
            offset += 1
            if peek == "+" || peek == "-" { offset += 1 }
            try parseDigits(expected: "a digit in the exponent")
        }
        let lexeme = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let number = Double(lexeme), number.isFinite else {
            let shown = lexeme.count > 32 ? lexeme.prefix(24) + "…" : Substring(lexeme)
            throw JSONSyntaxError(
                message: "\(shown) is too large in magnitude for a number (the limit is about 1.8e308)",
                position: locator.position(of: start),
                path: trail.isEmpty ? nil : JSONPath(components: trail))
        }
        return .number(number, isInteger: isInteger)
    }

    private mutating func parseIntegerDigits() throws(JSONSyntaxError) {
        guard peek == "0" else { return try parseDigits(expected: "a digit after '-'") }
        let zero = offset
        offset += 1
        if peek.map(isDigit) == true {
            throw syntaxError("leading zero in a number; write the number without it", at: zero)
        }
    }

    private mutating func parseDigits(expected: String) throws(JSONSyntaxError) {
        guard peek.map(isDigit) == true else { throw syntaxError("expected \(expected), found \(found)") }
        while peek.map(isDigit) == true { offset += 1 }
    }

    /// Reads a whole word so `tru`, `nulls` and `NaN` are reported as one wrong token.
    private mutating func parseLiteral() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        while let scalar = peek, isDigit(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) {
            offset += 1
        }
        switch String(decoding: bytes[start..<offset], as: UTF8.self) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case let word: throw syntaxError("expected a JSON value, found '\(word)'", at: start)
        }
    }

    private mutating func skipWhitespace() {
        while let scalar = peek, scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" { offset += 1 }
    }

    /// The byte at the cursor as a scalar; bytes above 0x7F never match the ASCII grammar.
    private var peek: Unicode.Scalar? { offset < bytes.count ? Unicode.Scalar(bytes[offset]) : nil }

    /// What stands at the cursor, for "expected …, found …" messages.
    private var found: String {
        let upcoming = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
        guard let scalar = upcoming.unicodeScalars.first else { return "end of file" }
        if scalar.value < 0x20 || scalar.value == 0x7F { return "control character U+\(hex(scalar.value, digits: 4))" }
        return "'\(scalar)'"
    }

    private mutating func syntaxError(_ message: String, at index: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: locator.position(of: index ?? offset))
    }
}

/// Where an object's keys so far are, for finding a duplicate: the members themselves while the
/// object is small (most are: comparing a few keys costs less than hashing one), a dictionary
/// once it grows.
private struct KeyIndex {
    static let smallObject = 16
    private var positions: [String: SourcePosition] = [:]

    mutating func position(of key: String, among members: [JSONMember]) -> SourcePosition? {
        guard members.count > Self.smallObject else { return members.first { $0.key == key }?.keyPosition }
        for member in members[positions.count...] { positions[member.key] = member.keyPosition }
        return positions[key]
    }
}

/// Turns byte offsets into lines and columns, resuming from its last answer because the parser
/// asks in increasing order; the input is valid UTF-8, so columns count lead bytes.
private struct SourceLocator {
    let bytes: [UInt8]
    let start: Int
    private var offset: Int
    private var line = 1
    private var column = 1

    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.start = start
        offset = start
    }

    mutating func position(of target: Int) -> SourcePosition {
        if target < offset { (offset, line, column) = (start, 1, 1) }
        while offset < target {
            if bytes[offset] == UInt8(ascii: "\n") {
                (line, column) = (line + 1, 1)
            } else if bytes[offset] & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return SourcePosition(line: line, column: column)
    }
}

private func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
    scalar.properties.isASCIIHexDigit ? UInt32(String(scalar), radix: 16) : nil
}

private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: digits - text.count) + text
}
