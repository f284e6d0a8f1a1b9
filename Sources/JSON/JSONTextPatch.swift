// RFC 6902 JSON Patch applied to a document's text rather than to its values: every byte the
// patch does not change (indentation, key order, number spellings, blank lines, comments-free
// whitespace) stays as it was, so a file edited through it differs from the original only where
// a value changed.

/// RFC 6902 (JSON Patch) on the text of a JSON document. Each operation (`add`, `remove`,
/// `replace`, `move`, `copy`, `test`) edits the bytes of the values it names: a replaced value's
/// bytes become the patch's own bytes for the new value (its spelling kept: `0.55` stays `0.55`);
/// an added member or element takes the indentation of its neighbours; a removed one takes its
/// separator with it. Operations apply in order, each to the result of the one before; if one
/// fails, none applies.
public enum JSONTextPatch {
    /// Why a patch cannot be applied: the operation (from 0) and what is wrong with it.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The operation's index in the patch; nil when the patch as a whole is wrong.
        public let operation: Int?
        public let message: String

        public var description: String {
            operation.map { "operation \($0): \(message)" } ?? message
        }
    }

    /// The most operations one patch may hold.
    public static let maximumOperations = 10_000

    /// `apply(_:to:)`, its failure turned by `refusal` into the caller's own error.
    public static func apply<Refusal: Error>(
        _ patch: [UInt8], to document: [UInt8], else refusal: (Failure) -> Refusal
    ) throws(Refusal) -> [UInt8] {
        do throws(Failure) { return try apply(patch, to: document) } catch { throw refusal(error) }
    }

    /// `document` with `patch` (the bytes of a JSON array of operation objects) applied.
    /// Both must be JSON as `JSONParser` reads it.
    public static func apply(_ patch: [UInt8], to document: [UInt8]) throws(Failure) -> [UInt8] {
        let operations = try parse(patch)
        do throws(JSONSyntaxError) {
            _ = try JSONParser.parse(document)
        } catch {
            throw Failure(operation: nil, message: "the document is not JSON: \(error)")
        }
        var text = document
        for (index, operation) in operations.enumerated() {
            do throws(JSONPatchError) {
                text = try operation.apply(to: text)
            } catch {
                throw Failure(operation: index, message: "\(operation.name) \(operation.pathText): \(error)")
            }
        }
        return text
    }

    /// The operations of `patch`, each checked for the members its kind needs.
    static func parse(_ patch: [UInt8]) throws(Failure) -> [Operation] {
        do throws(JSONSyntaxError) {
            _ = try JSONParser.parse(patch)
        } catch {
            throw Failure(operation: nil, message: "the patch is not JSON: \(error)")
        }
        let root = SpanScanner.scan(patch)
        guard case .array(let elements) = root.kind else {
            throw Failure(operation: nil, message: "a JSON Patch is an array of operations, found \(root.kindName)")
        }
        guard elements.count <= maximumOperations else {
            throw Failure(
                operation: nil, message: "the patch holds \(elements.count) operations, at most \(maximumOperations)")
        }
        return try elements.enumerated().map { index, element throws(Failure) in
            do throws(JSONPatchError) {
                return try Operation(element, in: patch)
            } catch {
                throw Failure(operation: index, message: error.description)
            }
        }
    }
}

/// One operation of a patch, its values as the patch's bytes.
struct Operation {
    enum Kind: String { case add, remove, replace, move, copy, test }

    let kind: Kind
    let path: JSONPointer
    let from: JSONPointer?
    /// The bytes of `value`, as the patch spells it.
    let value: [UInt8]?

    var name: String { kind.rawValue }
    var pathText: String { path.text }

    init(_ node: Span, in patch: [UInt8]) throws(JSONPatchError) {
        guard case .object(let members) = node.kind else {
            throw JSONPatchError("an operation is an object with \"op\" and \"path\", found \(node.kindName)")
        }
        func member(_ key: String) -> Span? { members.first { $0.key == key }?.value }
        func string(_ key: String) throws(JSONPatchError) -> String? {
            guard let span = member(key) else { return nil }
            guard case .string(let text) = try span.value(in: patch) else {
                throw JSONPatchError("\"\(key)\" is a string, found \(span.kindName)")
            }
            return text
        }
        guard let op = try string("op") else { throw JSONPatchError("an operation needs \"op\"") }
        guard let kind = Kind(rawValue: op) else {
            throw JSONPatchError(
                "unknown op \"\(op)\": expected add, remove, replace, move, copy or test")
        }
        guard let path = try string("path") else { throw JSONPatchError("\(op) needs \"path\"") }
        self.kind = kind
        self.path = try JSONPointer(path)
        switch kind {
        case .add, .replace, .test:
            guard let value = member("value") else { throw JSONPatchError("\(op) needs \"value\"") }
            self.value = Array(patch[value.range])
            from = nil
        case .move, .copy:
            guard let from = try string("from") else { throw JSONPatchError("\(op) needs \"from\"") }
            self.from = try JSONPointer(from)
            value = nil
        case .remove:
            (from, value) = (nil, nil)
        }
        if kind == .move, let from = self.from, self.path.tokens.starts(with: from.tokens),
            self.path.tokens.count > from.tokens.count
        {
            throw JSONPatchError("cannot move \(from.text) into itself")
        }
    }

    func apply(to text: [UInt8]) throws(JSONPatchError) -> [UInt8] {
        switch kind {
        case .add: return try TextEdit.add(value!, at: path, in: text)
        case .remove: return try TextEdit.remove(path, in: text)
        case .replace:
            let target = try TextEdit.locate(path, in: text)
            return TextEdit.splice(text, target.range, with: value!)
        case .move:
            let moved = Array(text[try TextEdit.locate(from!, in: text).range])
            if from!.tokens == path.tokens { return text }
            return try TextEdit.add(moved, at: path, in: try TextEdit.remove(from!, in: text))
        case .copy:
            let copied = Array(text[try TextEdit.locate(from!, in: text).range])
            return try TextEdit.add(copied, at: path, in: text)
        case .test:
            let found = try TextEdit.locate(path, in: text)
            let expected = try parseValue(value!)
            guard JSONEquality.equal(try parseValue(Array(text[found.range])), expected) else {
                throw JSONPatchError("the value there is not the one tested")
            }
            return text
        }
    }

    private func parseValue(_ bytes: [UInt8]) throws(JSONPatchError) -> JSONValue {
        do throws(JSONSyntaxError) { return try JSONParser.parse(bytes).value } catch {
            throw JSONPatchError("\(error)")
        }
    }
}

/// An RFC 6901 JSON Pointer: `/timeline/0/duration`, `~1` for `/` and `~0` for `~` in a token.
struct JSONPointer: Equatable {
    let text: String
    let tokens: [String]

    init(_ text: String) throws(JSONPatchError) {
        self.text = text
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else {
            throw JSONPatchError("a path is a JSON Pointer starting with /, as /timeline/0/duration, got \"\(text)\"")
        }
        tokens = try text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            token throws(JSONPatchError) in try Self.unescape(token)
        }
    }

    /// `~1` is `/` and `~0` is `~`; a `~` followed by anything else is an error.
    private static func unescape(_ token: Substring) throws(JSONPatchError) -> String {
        var result = ""
        var characters = token.makeIterator()
        while let character = characters.next() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            switch characters.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: throw JSONPatchError("\"~\" in a path is followed by 0 or 1 (~0 for ~, ~1 for /)")
            }
        }
        return result
    }

    /// A token written back into a pointer.
    static func escape(_ token: String) -> String {
        var result = ""
        for character in token {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.append(character)
            }
        }
        return result
    }

    /// The element an array token names: digits without a leading zero; `-` (past the end) only
    /// where `allowingEnd`.
    static func index(_ token: String, count: Int, allowingEnd: Bool) throws(JSONPatchError) -> Int {
        if token == "-" && allowingEnd { return count }
        guard !token.isEmpty, token.allSatisfy({ $0.isASCII && $0.isNumber }), token == "0" || !token.hasPrefix("0"),
            let index = Int(token)
        else {
            throw JSONPatchError("\"\(token)\" is not an array index")
        }
        guard index < count || (allowingEnd && index == count) else {
            throw JSONPatchError("no element \(index): the array has \(count)")
        }
        return index
    }
}

/// The byte ranges of a document's values, members and elements.
struct Span {
    indirect enum Kind {
        case scalar
        case array([Span])
        case object([Member])
    }

    struct Member {
        let key: String
        /// Where the key's opening quote is.
        let keyStart: Int
        let value: Span
    }

    /// The value's own bytes: `[` … `]` and `{` … `}` for a container.
    let range: Range<Int>
    let kind: Kind

    var kindName: String {
        switch kind {
        case .scalar: "a value"
        case .array: "an array"
        case .object: "an object"
        }
    }

    func value(in bytes: [UInt8]) throws(JSONPatchError) -> JSONValue {
        do throws(JSONSyntaxError) { return try JSONParser.parse(Array(bytes[range])).value } catch {
            throw JSONPatchError("\(error)")
        }
    }
}

/// Finds the spans of a document `JSONParser` has accepted: it trusts the syntax.
enum SpanScanner {
    static func scan(_ bytes: [UInt8]) -> Span {
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        skipWhitespace(bytes, &offset)
        return value(bytes, &offset)
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ offset: inout Int) {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private static func value(_ bytes: [UInt8], _ offset: inout Int) -> Span {
        let start = offset
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            var members: [Span.Member] = []
            skipWhitespace(bytes, &offset)
            while bytes[offset] != UInt8(ascii: "}") {
                let keyStart = offset
                skipString(bytes, &offset)
                let key = (try? JSONParser.parse(Array(bytes[keyStart..<offset])).value).flatMap {
                    if case .string(let key) = $0 { key } else { nil }
                }
                skipWhitespace(bytes, &offset)
                offset += 1  // :
                skipWhitespace(bytes, &offset)
                members.append(Span.Member(key: key ?? "", keyStart: keyStart, value: value(bytes, &offset)))
                skipSeparator(bytes, &offset)
            }
            offset += 1
            return Span(range: start..<offset, kind: .object(members))
        case UInt8(ascii: "["):
            offset += 1
            var elements: [Span] = []
            skipWhitespace(bytes, &offset)
            while bytes[offset] != UInt8(ascii: "]") {
                elements.append(value(bytes, &offset))
                skipSeparator(bytes, &offset)
            }
            offset += 1
            return Span(range: start..<offset, kind: .array(elements))
        case UInt8(ascii: "\""):
            skipString(bytes, &offset)
        default:
            // A number or a literal: up to the next separator.
            while offset < bytes.count, !",]} \t\r\n".utf8.contains(bytes[offset]) { offset += 1 }
        }
        return Span(range: start..<offset, kind: .scalar)
    }

    /// The whitespace after an item, and its comma and the whitespace after that if there is one.
    private static func skipSeparator(_ bytes: [UInt8], _ offset: inout Int) {
        skipWhitespace(bytes, &offset)
        if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            skipWhitespace(bytes, &offset)
        }
    }

    private static func skipString(_ bytes: [UInt8], _ offset: inout Int) {
        offset += 1
        while bytes[offset] != UInt8(ascii: "\"") { offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1 }
        offset += 1
    }
}

/// The edits themselves, each on the text as it is.
enum TextEdit {
    static func splice(_ text: [UInt8], _ range: Range<Int>, with bytes: [UInt8]) -> [UInt8] {
        var result = text
        result.replaceSubrange(range, with: bytes)
        return result
    }

    /// The value `pointer` names.
    static func locate(_ pointer: JSONPointer, in text: [UInt8]) throws(JSONPatchError) -> Span {
        try locate(pointer.tokens[...], in: text)
    }

    /// The value the pointer `tokens` lead to.
    private static func locate(_ tokens: ArraySlice<String>, in text: [UInt8]) throws(JSONPatchError) -> Span {
        var span = SpanScanner.scan(text)
        for (depth, token) in tokens.enumerated() {
            let walked = tokens.prefix(depth).map { "/" + JSONPointer.escape($0) }.joined()
            switch span.kind {
            case .object(let members):
                guard let member = members.last(where: { $0.key == token }) else {
                    throw JSONPatchError("no member \"\(token)\" in the object at \(depth == 0 ? "/" : walked)")
                }
                span = member.value
            case .array(let elements):
                span = elements[try JSONPointer.index(token, count: elements.count, allowingEnd: false)]
            case .scalar:
                throw JSONPatchError("\(depth == 0 ? "/" : walked) is a value, not an object or array")
            }
        }
        return span
    }

    /// The container holding the last token of `pointer`.
    private static func parent(of pointer: JSONPointer, in text: [UInt8]) throws(JSONPatchError) -> Span {
        try locate(pointer.tokens.dropLast(), in: text)
    }

    /// The items of a container as ranges: an object member from its key, an element from itself.
    private static func items(of container: Span) -> (open: Int, close: Int, items: [Range<Int>])? {
        switch container.kind {
        case .scalar: return nil
        case .array(let elements):
            return (container.range.lowerBound, container.range.upperBound - 1, elements.map(\.range))
        case .object(let members):
            return (
                container.range.lowerBound, container.range.upperBound - 1,
                members.map { $0.keyStart..<$0.value.range.upperBound }
            )
        }
    }

    static func add(_ value: [UInt8], at pointer: JSONPointer, in text: [UInt8]) throws(JSONPatchError) -> [UInt8] {
        guard let token = pointer.tokens.last else {
            let root = SpanScanner.scan(text)
            return splice(text, root.range, with: value)
        }
        let container = try parent(of: pointer, in: text)
        switch container.kind {
        case .scalar:
            throw JSONPatchError("the parent of \(pointer.text) is a value, not an object or array")
        case .object(let members):
            if let existing = members.last(where: { $0.key == token }) {
                return splice(text, existing.value.range, with: value)
            }
            let key = Array(JSONString.quoted(token).utf8) + Array(": ".utf8)
            return insert(key + value, at: members.count, into: container, text: text)
        case .array(let elements):
            let index = try JSONPointer.index(token, count: elements.count, allowingEnd: true)
            return insert(value, at: index, into: container, text: text)
        }
    }

    static func remove(_ pointer: JSONPointer, in text: [UInt8]) throws(JSONPatchError) -> [UInt8] {
        guard let token = pointer.tokens.last else { throw JSONPatchError("the whole document cannot be removed") }
        let container = try parent(of: pointer, in: text)
        let index: Int
        switch container.kind {
        case .scalar: throw JSONPatchError("the parent of \(pointer.text) is a value, not an object or array")
        case .object(let members):
            guard let found = members.lastIndex(where: { $0.key == token }) else {
                throw JSONPatchError("no member \"\(token)\" to remove")
            }
            index = found
        case .array(let elements):
            index = try JSONPointer.index(token, count: elements.count, allowingEnd: false)
        }
        let (open, close, items) = items(of: container)!
        let removed: Range<Int>
        if items.count == 1 {
            removed = (open + 1)..<close
        } else if index + 1 < items.count {
            removed = items[index].lowerBound..<items[index + 1].lowerBound
        } else {
            removed = items[index - 1].upperBound..<items[index].upperBound
        }
        return splice(text, removed, with: [])
    }

    /// Inserts `item` (an element, or `"key": value`) as item `index` of `container`, with the
    /// whitespace its neighbours have before them.
    private static func insert(_ item: [UInt8], at index: Int, into container: Span, text: [UInt8]) -> [UInt8] {
        let (open, close, items) = items(of: container)!
        guard !items.isEmpty else {
            return splice(text, (open + 1)..<close, with: item)
        }
        if index < items.count {
            // Before item `index`: the item, its separator, and the whitespace item `index` had.
            let start = items[index].lowerBound
            let before = index == 0 ? open + 1 : separatorEnd(after: items[index - 1].upperBound, in: text)
            let whitespace = Array(text[before..<start])
            return splice(text, start..<start, with: item + Array(",".utf8) + whitespace)
        }
        // After the last item: a separator, then the whitespace the last item had before it.
        let last = items[items.count - 1]
        let before = items.count == 1 ? open + 1 : separatorEnd(after: items[items.count - 2].upperBound, in: text)
        let whitespace = Array(text[before..<last.lowerBound])
        return splice(text, last.upperBound..<last.upperBound, with: Array(",".utf8) + whitespace + item)
    }

    /// Just past the comma that follows an item ending at `end`.
    private static func separatorEnd(after end: Int, in text: [UInt8]) -> Int {
        var offset = end
        while offset < text.count, text[offset] != UInt8(ascii: ",") { offset += 1 }
        return offset + 1
    }
}

/// Equality of JSON values as RFC 6902's `test` means it: numbers by value, objects by their
/// members whatever their order, arrays element by element.
enum JSONEquality {
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x, _), .number(let y, _)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0.value, $1.value) }
        case (.object(let x), .object(let y)):
            let keys = Set(x.map(\.key))
            return keys == Set(y.map(\.key))
                && keys.allSatisfy { key in
                    equal(x.last { $0.key == key }!.value.value, y.last { $0.key == key }!.value.value)
                }
        default: return false
        }
    }
}
