import JSON

/// A JSON value with the path and file it came from, so every check can say where it failed.
struct Field {
    let node: JSONNode
    let path: JSONPath
    let file: String

    /// The member `key` of this object, or nil when this is not an object or has no such key.
    func member(_ key: String) -> Field? {
        guard case .object(let members) = node.value, let found = members.first(where: { $0.key == key }) else {
            return nil
        }
        return Field(node: found.value, path: path.appending(key: key), file: file)
    }

    func error(_ message: String, kind: SceneError.Kind = .input) -> SceneError {
        SceneError(file: file, position: node.position, path: path, message: message, kind: kind)
    }

    func mismatch(_ expected: String) -> SceneError {
        error("expected \(expected), found \(node.value.kindName)")
    }

    /// An object whose keys must all be in `allowed`; an unknown key is an error naming the
    /// nearest allowed one.
    func object(allowing allowed: [String]) throws(SceneError) -> ObjectFields {
        let (fields, unknown) = try objectNamingUnknownKeys(allowing: allowed)
        if let unknown { throw unknown }
        return fields
    }

    /// The object's fields, and every key it has that is not `allowed` (one error each, combined),
    /// for a caller that goes on reading the known keys to report their problems too.
    func objectNamingUnknownKeys(allowing allowed: [String]) throws(SceneError) -> (ObjectFields, SceneError?) {
        guard case .object(let members) = node.value else { throw mismatch("an object") }
        let unknown = members.filter { !allowed.contains($0.key) }.map { member in
            let hint =
                NameSuggestion.nearest(to: member.key, among: allowed).map { "; did you mean \"\($0)\"?" }
                ?? "; expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
            return SceneError(
                file: file, position: member.keyPosition, path: path,
                message: "unknown key \(member.key.quotedForMessage)\(hint)")
        }
        return (ObjectFields(field: self, members: members), SceneError.combining(unknown))
    }

    func array() throws(SceneError) -> [Field] {
        guard case .array(let items) = node.value else { throw mismatch("an array") }
        return items.enumerated().map { Field(node: $1, path: path.appending(index: $0), file: file) }
    }

    func string() throws(SceneError) -> String {
        guard case .string(let text) = node.value else { throw mismatch("a string") }
        return text
    }

    func bool() throws(SceneError) -> Bool {
        guard case .bool(let value) = node.value else { throw mismatch("true or false") }
        return value
    }

    func number(in range: ClosedRange<Double>? = nil) throws(SceneError) -> Double {
        guard case .number(let value, _) = node.value else { throw mismatch("a number") }
        if let range, let problem = rangeProblem(value, range) { throw error(problem) }
        return value
    }

    func integer(in range: ClosedRange<Double>? = nil) throws(SceneError) -> Int {
        let value = try number(in: range)
        guard value.rounded() == value, abs(value) < 1e15 else {
            throw error("expected an integer, found \(format(value))")
        }
        return Int(value)
    }

    /// `[n, n, …]` with exactly `count` numbers.
    func numbers(count: Int, in range: ClosedRange<Double>? = nil, what: String) throws(SceneError) -> [Double] {
        let items: [Field]
        do { items = try array() } catch { throw mismatch(what) }
        guard items.count == count else { throw error("expected \(what), found an array of \(items.count) numbers") }
        var values: [Double] = []
        for item in items { values.append(try item.number(in: range)) }
        return values
    }
}

/// The members of a checked object.
struct ObjectFields {
    let field: Field
    let members: [JSONMember]
    /// The declarations of these keys, when the object was read as a `KeySet`.
    var keys: KeySet?

    subscript(key: String) -> Field? {
        members.first(where: { $0.key == key }).map {
            Field(node: $0.value, path: field.path.appending(key: key), file: field.file)
        }
    }

    func required(_ key: String, _ what: String) throws(SceneError) -> Field {
        guard let value = self[key] else { throw field.error("missing \"\(key)\": \(what)") }
        return value
    }
}

/// Why `value` may not stand where `range` applies; nil when it lies inside.
func rangeProblem(_ value: Double, _ range: ClosedRange<Double>) -> String? {
    range.contains(value)
        ? nil
        : "\(format(value)) is out of range: expected a number in \(format(range.lowerBound))...\(format(range.upperBound))"
}

/// Numbers in messages: integers without a fraction, others as Swift prints them.
func format(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
