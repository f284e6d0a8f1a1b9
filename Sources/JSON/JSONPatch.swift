// Changes made to a parsed document before it is read: a JSON merge patch (RFC 7396) and a value
// set at a path, each remembering where its values came from so errors can name it.

/// A patch that cannot be applied: what is wrong, said for the person who typed the patch.
public struct JSONPatchError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

public enum JSONPatch {
    /// `target` with the RFC 7396 merge patch `patch` applied: an object patch merges member by
    /// member (a null member removes the key, an object member merges into the target's, any
    /// other replaces it); any other patch replaces the target whole. Nil when nothing is left
    /// (a null patch).
    public static func merge(_ patch: JSONNode, into target: JSONNode?) -> JSONNode? {
        guard case .object(let changes) = patch.value else {
            if case .null = patch.value { return nil }
            return patch
        }
        var members: [JSONMember]
        if let target, case .object(let existing) = target.value { members = existing } else { members = [] }
        for change in changes {
            let index = members.firstIndex { $0.key == change.key }
            let merged = merge(change.value, into: index.map { members[$0].value })
            switch (index, merged) {
            case (let index?, let merged?):
                members[index] = JSONMember(key: change.key, keyPosition: members[index].keyPosition, value: merged)
            case (let index?, nil): members.remove(at: index)
            case (nil, let merged?):
                members.append(JSONMember(key: change.key, keyPosition: change.keyPosition, value: merged))
            case (nil, nil): break
            }
        }
        let position = target.flatMap { if case .object = $0.value { $0.position } else { nil } } ?? patch.position
        return JSONNode(value: .object(members), position: position)
    }

    /// `root` with `value` at `path` (`canvas.fps`, `layers[2].text.string`, `params["a b"]`):
    /// objects on the way that lack a key get it (as an empty object, then filled); an index must
    /// name an element that exists; a key on an array (`layers["title"]`) names the one element
    /// whose `"name"` it is. `nearest` picks, among an array's names, the one an unknown name most
    /// likely meant, for the message.
    public static func set(
        _ value: JSONNode, at path: String, in root: JSONNode,
        nearest: (String, [String]) -> String? = { _, _ in nil }
    ) throws(JSONPatchError) -> JSONNode {
        let components = try parse(path: path)
        guard !components.isEmpty else { throw JSONPatchError("the path is empty: name a key, as in canvas.fps") }
        return try set(value, at: components[...], in: root, walked: .root, nearest: nearest)
    }

    private static func set(
        _ value: JSONNode, at path: ArraySlice<JSONPath.Component>, in node: JSONNode, walked: JSONPath,
        nearest: (String, [String]) -> String?
    ) throws(JSONPatchError) -> JSONNode {
        guard let first = path.first else { return value }
        let rest = path.dropFirst()
        switch (first, node.value) {
        case (.key(let key), .object(var members)):
            let next = walked.appending(key: key)
            if let index = members.firstIndex(where: { $0.key == key }) {
                let changed = try set(value, at: rest, in: members[index].value, walked: next, nearest: nearest)
                members[index] = JSONMember(key: key, keyPosition: members[index].keyPosition, value: changed)
            } else {
                let empty = JSONNode(value: .object([]), position: value.position)
                let made = try set(value, at: rest, in: empty, walked: next, nearest: nearest)
                members.append(JSONMember(key: key, keyPosition: value.position, value: made))
            }
            return JSONNode(value: .object(members), position: node.position)
        case (.index(let index), .array(var elements)):
            guard elements.indices.contains(index) else {
                throw JSONPatchError(
                    "\(walked) has \(elements.count) element\(elements.count == 1 ? "" : "s"): there is no [\(index)]")
            }
            elements[index] = try set(
                value, at: rest, in: elements[index], walked: walked.appending(index: index), nearest: nearest)
            return JSONNode(value: .array(elements), position: node.position)
        case (.key(let name), .array(var elements)):
            let index = try element(named: name, in: elements, walked: walked, nearest: nearest)
            elements[index] = try set(
                value, at: rest, in: elements[index], walked: walked.appending(index: index), nearest: nearest)
            return JSONNode(value: .array(elements), position: node.position)
        case (.key(let key), _):
            throw JSONPatchError("\(walked) is \(node.value.kindName), not an object with a key \"\(key)\"")
        case (.index(let index), _):
            throw JSONPatchError("\(walked) is \(node.value.kindName), not an array with an element [\(index)]")
        }
    }

    /// The index of the one element of `array` (at `walked`) that is an object whose `"name"` is
    /// `name`: by name, a template's paths survive its layers being reordered.
    private static func element(
        named name: String, in array: [JSONNode], walked: JSONPath, nearest: (String, [String]) -> String?
    ) throws(JSONPatchError) -> Int {
        let named = array.indices.compactMap { index -> (index: Int, name: String)? in
            guard case .object(let members) = array[index].value,
                case .string(let name)? = members.first(where: { $0.key == "name" })?.value.value
            else { return nil }
            return (index, name)
        }
        let quoted = name.debugDescription
        let matches = named.filter { $0.name == name }.map(\.index)
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            let places = matches.map { "\(walked.appending(index: $0))" }
            let listed = places.dropLast().joined(separator: ", ") + " and " + places.last!
            throw JSONPatchError(
                "\(walked)[\(quoted)] is ambiguous: \(listed) are \(matches.count == 2 ? "both" : "all") named "
                    + "\(quoted); write the index of the one you mean")
        }
        guard !named.isEmpty else {
            throw JSONPatchError(
                "\(walked) is an array with no named elements, not an object with a key \(quoted): write an index, "
                    + "as in \(walked)[0]")
        }
        let hint = nearest(name, named.map(\.name)).map { "; did you mean \($0.debugDescription)?" } ?? ""
        let shown = named.prefix(8).map(\.name.debugDescription).joined(separator: ", ")
        let more = named.count > 8 ? " and \(named.count - 8) more" : ""
        throw JSONPatchError("\(walked) has no element named \(quoted)\(hint) (its names: \(shown)\(more))")
    }

    /// The components of a path as error messages write them: identifiers joined by dots,
    /// `[n]` indexes, and `["any key"]` for other keys.
    static func parse(path text: String) throws(JSONPatchError) -> [JSONPath.Component] {
        var components: [JSONPath.Component] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else {
                    throw JSONPatchError("\"\(text)\": a [ without its ]")
                }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let index = Int(inside), index >= 0 {
                    components.append(.index(index))
                } else if inside.first == "\"", case .string(let key)? = try? JSONParser.parse(Array(inside.utf8)).value
                {
                    components.append(.key(key))
                } else {
                    throw JSONPatchError("\"\(text)\": [\(inside)] is neither an index nor a quoted key")
                }
                rest = rest[rest.index(after: close)...]
            } else {
                if !components.isEmpty {
                    guard rest.first == "." else { throw JSONPatchError("\"\(text)\": expected . or [ at \"\(rest)\"") }
                    rest = rest.dropFirst()
                }
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                let key = rest[..<end]
                guard !key.isEmpty else { throw JSONPatchError("\"\(text)\": an empty key") }
                components.append(.key(String(key)))
                rest = rest[end...]
            }
        }
        return components
    }

    /// `node` with every position in it (keys included) given `origin`; with `keepingPlaces`
    /// false, lines and columns are dropped too (the value was typed on a command line). `line`
    /// puts every position on that line (a line of a JSON Lines file, parsed alone).
    public static func relocated(_ node: JSONNode, origin: String, keepingPlaces: Bool, line: Int? = nil) -> JSONNode {
        func place(_ position: SourcePosition) -> SourcePosition {
            keepingPlaces
                ? SourcePosition(line: line ?? position.line, column: position.column, origin: origin)
                : SourcePosition(line: 0, column: 0, origin: origin)
        }
        let value: JSONValue
        switch node.value {
        case .array(let elements):
            value = .array(elements.map { relocated($0, origin: origin, keepingPlaces: keepingPlaces, line: line) })
        case .object(let members):
            value = .object(
                members.map {
                    JSONMember(
                        key: $0.key, keyPosition: place($0.keyPosition),
                        value: relocated($0.value, origin: origin, keepingPlaces: keepingPlaces, line: line))
                })
        default: value = node.value
        }
        return JSONNode(value: value, position: place(node.position))
    }
}
