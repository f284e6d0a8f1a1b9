// Where in a document a value sits, written the way a reader would type it to find the value,
// so every validation error can name its place even where the parser gave no position.

/// A location in a document: `timeline[3].params.to`, `canvas.fps`, `$` for the root.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    private let components: [Component]

    init(components: [Component]) {
        self.components = components
    }

    public static let root = JSONPath(components: [])

    public func appending(key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    public func appending(index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// The same place as an RFC 6901 JSON Pointer, as JSON Patches name it: `/timeline/3/params/to`,
    /// "" for the root; `~` and `/` in keys written `~0` and `~1`.
    public var pointer: String {
        components.map { component in
            switch component {
            case .index(let index): "/\(index)"
            case .key(let key):
                "/" + key.map { $0 == "~" ? "~0" : $0 == "/" ? "~1" : String($0) }.joined()
            }
        }.joined()
    }

    /// Identifier keys read as `.name`; other keys are quoted in brackets so the path stays unambiguous.
    public var description: String {
        guard !components.isEmpty else { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key): text += text.isEmpty ? key : ".\(key)"
            case .key(let key): text += "[\(key.debugDescription)]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
    }
}
