import CGLSLTransition

/// Why a transition's shader was not compiled: the compiler refusing the file (at a place in it,
/// usually), or no GL to compile it on.
public struct GLSLCompileFailure: Error, Sendable, CustomStringConvertible {
    /// The adapter's message, naming the file and place: `plugins/Wipe.glsl:5:3: syntax error, …`.
    public let description: String
    /// The compiler or linker refused the file; false when no GL context (or memory) was there.
    public let isRefusal: Bool
    /// The place's line and column in the file; 0 when the message names none.
    public let line: Int
    public let column: Int
    /// The place's line and the one before it, numbered, with a caret under the column (Mesa
    /// names the token after a missing `;`, so the mistake is often on the line before); "" when
    /// the message names no line.
    public let excerpt: String

    /// A file that could not be read again to compile: refused, at no place.
    init(unreadable description: String) {
        (self.description, isRefusal, line, column, excerpt) = (description, true, 0, 0, "")
    }

    init(description: String, failure: glsl_compile_failure_t, text: String) {
        self.description = description
        isRefusal = failure.refused != 0
        (line, column) = (Int(failure.line), Int(failure.column))
        excerpt = line > 0 ? Self.excerpt(of: text, line: line, column: column) : ""
    }

    /// Why the file is skipped, without its name, and its lines at the place when it names one:
    /// `does not compile at 5:3: syntax error, unexpected RETURN, expecting ',' or ';'`.
    public func reason(of path: String) -> String {
        let place = line == 0 ? "" : column == 0 ? "\(line)" : "\(line):\(column)"
        let message =
            place.isEmpty
            ? description.dropPrefix("\(path): ")
            : "at \(place): " + description.dropPrefix("\(path):\(place): ")
        return (["does not compile \(message)"] + (excerpt.isEmpty ? [] : [excerpt])).joined(separator: "\n")
    }

    /// `    4 | text` for each line, then `      | ^` under `column` (a byte offset, as the
    /// compiler counts; the text before it is copied as spaces, tabs kept, so the caret lines up).
    static func excerpt(of text: String, line: Int, column: Int) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard line <= lines.count else { return "" }
        let width = String(line).count
        let numbered = (max(1, line - 1)...line).map { number in
            let padded = String(repeating: " ", count: width - String(number).count) + String(number)
            return "  \(padded) | \(lines[number - 1])"
        }
        guard column > 0 else { return numbered.joined(separator: "\n") }
        let before = String(decoding: Array(lines[line - 1].utf8).prefix(column - 1), as: UTF8.self)
        let indent = String(before.map { $0 == "\t" ? "\t" : " " })
        let caret = "  \(String(repeating: " ", count: width)) | \(indent)^"
        return (numbered + [caret]).joined(separator: "\n")
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
