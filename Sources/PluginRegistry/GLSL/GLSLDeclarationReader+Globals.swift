/// Global variables initialized with what is not a constant (`vec4 mixColor = usebgcolor ?
/// bgcolor : vec4(color, 1.0);`, as the collection writes): WebGL, which the collection is
/// written for, accepts them, while GLSL ES requires constant initializers. Every global's
/// initializer is moved to the start of the host's `main`, in order and at its own line; the
/// declaration stays where it is.
extension GLSLDeclarationReader {
    /// Blanks the initializers of single-variable global declarations in the body and returns
    /// them as assignments for `main`, each after a `#line` directive for its line.
    mutating func deferGlobalInitializers() -> String {
        var tokens = GLSLTokens(source.code)
        var statement: [GLSLTokens.Token] = []
        var depth = 0
        var assignments: [String] = []
        while let token = tokens.next() {
            switch token.text {
            case "{":
                depth += 1
                statement = []
            case "}":
                depth -= 1
                statement = []
            case ";" where depth == 0:
                if let assignment = deferred(statement, end: token.start) { assignments.append(assignment) }
                statement = []
            case "#":
                tokens.skipToEndOfLine()  // a directive
            default:
                if depth == 0 { statement.append(token) }
            }
        }
        return assignments.joined()
    }

    /// `TYPE NAME = EXPRESSION` (with a precision qualifier or not): the assignment, the
    /// initializer blanked. Anything else (a constant, a uniform, several names, a function's
    /// prototype) is left as it is.
    private mutating func deferred(_ statement: [GLSLTokens.Token], end: Int) -> String? {
        var parts = statement
        if let first = parts.first, ["lowp", "mediump", "highp"].contains(first.text) { parts.removeFirst() }
        let qualifiers = ["const", "uniform", "attribute", "varying", "in", "out", "precision", "struct", "invariant"]
        guard parts.count >= 4, parts[2].text == "=", let first = parts.first?.text, !qualifiers.contains(first),
            !parts.contains(where: { $0.text == "," && !isInsideParentheses($0, of: parts) })
        else { return nil }
        let start = parts[3].start
        let expression = String(decoding: source.code[start..<end], as: UTF8.self)
        for position in parts[2].start..<end where bodyBytes[position] != UInt8(ascii: "\n") {
            bodyBytes[position] = 32
        }
        return "#line \(source.place(of: start).line)\n\(parts[1].text) = \(expression);\n"
    }

    private func isInsideParentheses(_ token: GLSLTokens.Token, of tokens: [GLSLTokens.Token]) -> Bool {
        var depth = 0
        for other in tokens {
            if other.start == token.start { return depth > 0 }
            if other.text == "(" { depth += 1 }
            if other.text == ")" { depth -= 1 }
        }
        return false
    }
}
