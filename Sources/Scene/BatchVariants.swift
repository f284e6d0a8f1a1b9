import Foundation
import JSON
import OptionNames

/// One variant of a batch (`run --batch variants.jsonl`): a line of the variants file, a JSON
/// merge patch (RFC 7396) with an `"id"` that names the variant and the folder it renders into,
/// and optionally a `"set"` object of values at paths (`{"layers[\"title\"].text.string": "Bonjour"}`),
/// set as `--set` sets them, after the merge, as in a props file.
public struct BatchVariant: Sendable {
    /// A folder name: letters, digits, `-`, `_` and `.`, not starting with `.`.
    public let id: String
    /// The line of the variants file it is on, from 1.
    public let line: Int
    /// The line without its `"id"`, applied to the pipeline as a props file is: merged, then
    /// each of `"set"`'s values.
    public let patch: PipelinePatch
}

/// Reads a variants file: one JSON object per line (JSON Lines); blank lines are skipped. Every
/// line's problem is reported, each at its line and column, before any variant renders.
public enum BatchVariants {
    /// Letters, digits and these, so an id is a folder name on every file system and in a URL.
    static let idPunctuation: Set<Character> = ["-", "_", "."]
    static let maxIdLength = 128

    /// The variants of `file`; `option` is how the caller spells the option that names it, for
    /// messages and the records (`--batch` on the command line).
    public static func read(file: String, option: String = OptionName.batch.rawValue) throws(SceneError)
        -> [BatchVariant]
    {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch {
            throw SceneError(file: file, position: nil, path: nil, message: "cannot read the variants file: \(error)")
        }
        return try parse(bytes, file: file, option: option)
    }

    static func parse(_ bytes: [UInt8], file: String, option: String = OptionName.batch.rawValue) throws(SceneError)
        -> [BatchVariant]
    {
        var variants: [BatchVariant] = []
        var errors: [SceneError] = []
        var firstLine: [String: Int] = [:]
        for (index, text) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            guard !text.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) else { continue }
            do throws(SceneError) {
                let variant = try variant(Array(text), line: line, file: file, option: option)
                if let earlier = firstLine[variant.id] {
                    throw SceneError(
                        file: file, position: SourcePosition(line: line, column: 1), path: nil,
                        message: "the id \"\(variant.id)\" is the id of line \(earlier) too: each variant needs its own"
                    )
                }
                firstLine[variant.id] = line
                variants.append(variant)
            } catch {
                errors.append(error)
            }
        }
        if let error = SceneError.combining(errors) { throw error }
        guard !variants.isEmpty else {
            throw SceneError(
                file: file, position: nil, path: nil,
                message:
                    "no variants: write one JSON object per line, such as {\"id\": \"fr\", \"canvas\": {\"fps\": 30}}")
        }
        return variants
    }

    private static func variant(_ text: [UInt8], line: Int, file: String, option: String) throws(SceneError)
        -> BatchVariant
    {
        let node: JSONNode
        do {
            node = try JSONParser.parse(text)
        } catch {
            throw SceneError(
                file: file, position: SourcePosition(line: line, column: error.position.column), path: error.path,
                message: error.message)
        }
        guard case .object(let members) = node.value else {
            throw SceneError(
                file: file, position: SourcePosition(line: line, column: node.position.column), path: .root,
                message:
                    "a variant is a JSON object with an \"id\" and the keys it changes, found \(node.value.kindName)")
        }
        guard let idMember = members.first(where: { $0.key == "id" }) else {
            throw SceneError(
                file: file, position: SourcePosition(line: line, column: node.position.column), path: .root,
                message: "a variant needs an \"id\", the name of the folder it renders into, such as \"id\": \"fr\"")
        }
        let id: String
        switch idMember.value.value {
        case .string(let text) where problem(text) == nil: id = text
        default:
            let found: String =
                if case .string(let text) = idMember.value.value { problem(text)! } else {
                    "found \(idMember.value.value.kindName)"
                }
            throw SceneError(
                file: file, position: SourcePosition(line: line, column: idMember.value.position.column),
                path: .root.appending(key: "id"),
                message: "an id names a folder: letters, digits, -, _ and ., not starting with . (\(found))")
        }
        let origin = "\(option) \(file)"
        let patch = try PipelinePatch(
            mergingThenSetting: JSONPatch.relocated(node, origin: origin, keepingPlaces: true, line: line),
            dropping: ["id"], origin: origin, file: file, record: "\(origin) \(id) (content \(ContentHash.of(text)))")
        return BatchVariant(id: id, line: line, patch: patch)
    }

    /// Why `id` cannot name a folder; nil when it can.
    static func problem(_ id: String) -> String? {
        if id.isEmpty { return "it is empty" }
        if id.count > maxIdLength { return "it is longer than \(maxIdLength) characters" }
        if id.first == "." { return "\"\(id)\" starts with ." }
        if let bad = id.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber)) && !idPunctuation.contains($0) }) {
            return "\"\(id)\" has \"\(bad)\""
        }
        return nil
    }
}
