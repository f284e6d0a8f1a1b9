import Foundation
import JSON
import OptionNames

/// A change to a pipeline made before it is read, so one file serves many renders: a value set
/// at a path (`--set layers[2].text.string=Hello`) or a JSON merge patch (`--props variant.json`,
/// RFC 7396) with, if it wants, a `"set"` object of values by path applied after the merge. The
/// values it brings name it in errors, and a run's record keeps it (`record`), so `run --resume`
/// refuses a render whose props changed.
public struct PipelinePatch: Sendable {
    enum Change: Sendable {
        /// `origin` names the value in messages: the `--set` as typed, or the `"set"` key's place.
        case set(path: String, value: JSONNode, origin: String)
        case merge(JSONNode)
    }

    /// How the user gave it, for messages: `--set canvas.fps=30`, `--props variant.json` on the
    /// command line.
    public let origin: String
    let changes: [Change]
    /// What identifies the change in a run's record: the `--set` as typed, or the props file's
    /// name and content hash.
    public let record: String

    /// `PATH=VALUE`: VALUE is read as JSON (`30`, `true`, `[0, 0, 10, 10]`, `"30"`), and taken
    /// as a string when it is not JSON (`Hello`). `option` is how the caller spells the option
    /// that gave it, for messages and the record (`--set` on the command line).
    public static func set(_ argument: String, option: String = OptionName.set.rawValue) throws(SceneError)
        -> PipelinePatch
    {
        let origin = "\(option) \(argument)"
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw SceneError(
                file: origin, position: nil, path: nil,
                message: "expected PATH=VALUE, as in canvas.fps=30 or layers[2].text.string=Hello")
        }
        let path = String(argument[..<equals])
        let text = String(argument[argument.index(after: equals)...])
        let parsed =
            (try? JSONParser.parse(Array(text.utf8)))
            ?? JSONNode(value: .string(text), position: .init(line: 1, column: 1))
        let value = JSONPatch.relocated(parsed, origin: origin, keepingPlaces: false)
        return PipelinePatch(origin: origin, changes: [.set(path: path, value: value, origin: origin)], record: origin)
    }

    /// A JSON merge patch read from `file` (RFC 7396): objects merge key by key, `null` removes a
    /// key, anything else replaces what was there. Errors in its values name the file, line and column.
    public static func props(file: String, option: String = OptionName.props.rawValue) throws(SceneError)
        -> PipelinePatch
    {
        try props(bytes: try SceneDecoder.readLimited(file, what: "the props file"), name: file, option: option)
    }

    /// The same merge patch given as its JSON `bytes`; `name` names it in messages, after
    /// `option` (how the caller spells the option that gave it: `--props` on the command line).
    public static func props(bytes: [UInt8], name file: String, option: String = OptionName.props.rawValue)
        throws(SceneError)
        -> PipelinePatch
    {
        guard bytes.count <= SceneDecoder.maximumFileBytes else {
            throw SceneError(
                file: file, position: nil, path: nil,
                message: SceneDecoder.tooLarge("the props", bytes: bytes.count))
        }
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: file, position: error.position, path: error.path, message: error.message)
        }
        guard case .object = node.value else {
            throw SceneError(
                file: file, position: node.position, path: .root,
                message:
                    "a props file is a JSON object of the keys to change (a merge patch), found \(node.value.kindName)")
        }
        let origin = "\(option) \(file)"
        return try PipelinePatch(
            mergingThenSetting: JSONPatch.relocated(node, origin: origin, keepingPlaces: true), origin: origin,
            file: file, record: "\(origin) (content \(ContentHash.of(bytes)))")
    }

    private init(origin: String, changes: [Change], record: String) {
        (self.origin, self.changes, self.record) = (origin, changes, record)
    }

    /// `object`'s members but `"set"` (and `dropping`) as a merge patch, then each of `"set"`'s
    /// values at its path (a merge patch replaces arrays, the layers among them, whole); `object`
    /// was relocated to `origin` already. `file` names the file in an error.
    init(
        mergingThenSetting object: JSONNode, dropping: [String] = [], origin: String, file: String, record: String
    ) throws(SceneError) {
        guard case .object(let members) = object.value else { preconditionFailure("a merge patch object") }
        let merged = members.filter { $0.key != "set" && !dropping.contains($0.key) }
        var changes = [Change.merge(JSONNode(value: .object(merged), position: object.position))]
        if let set = members.first(where: { $0.key == "set" }) {
            guard case .object(let values) = set.value.value else {
                let place = set.value.position
                throw SceneError(
                    file: file, position: SourcePosition(line: place.line, column: place.column),
                    path: .root.appending(key: "set"),
                    message:
                        "\"set\" is an object of values by path, such as {\"layers[\\\"title\\\"].text.string\": "
                        + "\"Bonjour\"}, found \(set.value.value.kindName)")
            }
            for value in values {
                let place = value.keyPosition
                changes.append(
                    .set(
                        path: value.key, value: value.value,
                        origin: "\(origin):\(place.line):\(place.column) (set \(value.key))"))
            }
        }
        self.init(origin: origin, changes: changes, record: record)
    }

    /// `root` with the changes made; `file` is the pipeline's name, for errors.
    func applied(to root: JSONNode, file: String) throws(SceneError) -> JSONNode {
        var root = root
        for change in changes {
            switch change {
            case .set(let path, let value, let origin):
                do {
                    root = try JSONPatch.set(value, at: path, in: root, nearest: NameSuggestion.nearest)
                } catch {
                    throw SceneError(
                        file: file, position: SourcePosition(line: 0, column: 0, origin: origin), path: nil,
                        message: error.description)
                }
            case .merge(let patch):
                // An object patch always leaves an object.
                root = JSONPatch.merge(patch, into: root)!
            }
        }
        return root
    }
}
