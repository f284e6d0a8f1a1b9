import JSON

/// An error in a pipeline file: what was wrong, where (file, line and column, JSON path), and
/// what would be right. The CLI prints it as `file:line:column: path: message`.
///
/// Reading a pipeline goes on after an error where the rest can still be checked (later layers
/// and steps, every image file), so one run reports every problem: the first is this error, the
/// others are `more`, in the order a reader meets them.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The file is wrong: exit status 1.
        case input
        /// A plugin is at fault (a clash, a failing `create`): exit status 2.
        case plugin
    }

    /// Where in a pipeline file a value is.
    public struct Origin: Sendable {
        public let file: String
        public let position: SourcePosition?
        public let path: JSONPath?

        public init(file: String, position: SourcePosition?, path: JSONPath?) {
            self.file = file
            self.position = position
            self.path = path
        }
    }

    public let file: String
    public let position: SourcePosition?
    public let path: JSONPath?
    public let message: String
    public let kind: Kind
    /// Further errors found in the same reading.
    public var more: [SceneError] = []
    /// Whether it only follows from a layer that could not be read, whose own error says what to
    /// fix: a step's reading leaves it out.
    var followsFromBrokenLayer = false

    public init(file: String, position: SourcePosition?, path: JSONPath?, message: String, kind: Kind = .input) {
        self.file = file
        self.position = position
        self.path = path
        self.message = message
        self.kind = kind
    }

    public init(at origin: Origin, message: String, kind: Kind = .input) {
        self.init(file: origin.file, position: origin.position, path: origin.path, message: message, kind: kind)
    }

    /// This error and the further ones, each alone.
    public var all: [SceneError] {
        [self.alone] + more.flatMap(\.all)
    }

    /// Plugin failures outrank mistakes in the file: one is enough for exit status 2.
    public var worstKind: Kind {
        all.contains { $0.kind == .plugin } ? .plugin : .input
    }

    /// `errors` as one error (nil when empty).
    public static func combining(_ errors: [SceneError]) -> SceneError? {
        guard var first = errors.first else { return nil }
        first.more += errors.dropFirst()
        return first
    }

    private var alone: SceneError {
        var copy = self
        copy.more = []
        return copy
    }

    /// The first error's line; `all` lists every one.
    public var description: String {
        var place = file
        if let position {
            // A value a patch put there is named by the patch: `pipeline.json: --set canvas.fps=0:`.
            let lineAndColumn = position.line > 0 ? ":\(position.line):\(position.column)" : ""
            place += position.origin.map { ": \($0)\(lineAndColumn)" } ?? lineAndColumn
        }
        let location = path.map { "\($0): " } ?? ""
        return "\(place): \(location)\(message)"
    }
}
