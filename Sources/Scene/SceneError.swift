import JSON

/// An error in a pipeline file: what was wrong, where (file, line and column, JSON path), and
/// what would be right. The CLI prints it as `file:line:column: path: message`.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The file is wrong: exit status 1.
        case input
        /// A plugin is at fault (a clash, a failing `create`): exit status 2.
        case plugin
    }

    public let file: String
    public let position: SourcePosition?
    public let path: JSONPath?
    public let message: String
    public let kind: Kind

    public init(file: String, position: SourcePosition?, path: JSONPath?, message: String, kind: Kind = .input) {
        self.file = file
        self.position = position
        self.path = path
        self.message = message
        self.kind = kind
    }

    public var description: String {
        var place = file
        if let position { place += ":\(position.line):\(position.column)" }
        let location = path.map { "\($0): " } ?? ""
        return "\(place): \(location)\(message)"
    }
}
