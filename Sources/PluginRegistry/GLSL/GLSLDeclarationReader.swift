import CGLSLTransition

/// Finds what the host needs in a transition file's code: its `#version`, its uniform
/// declarations with their default comments, and whether it defines `transition`.
struct GLSLDeclarationReader {
    let source: GLSLSourceText
    let path: String
    /// The file's bytes as the host compiles them (see `GLSLTransitionFile.body`).
    var bodyBytes: [UInt8]

    init(source: GLSLSourceText, path: String) {
        self.source = source
        self.path = path
        bodyBytes = source.bytes
    }

    var body: String { String(decoding: bodyBytes, as: UTF8.self) }

    typealias Problem = GLSLTransitionFile.Problem

    private func problem(at offset: Int, _ message: String) -> Problem {
        let (line, column) = source.place(of: offset)
        return Problem(description: "\(path):\(line):\(column): \(message)")
    }

    /// Whether the file is GLSL ES 3.00: its first directive is `#version 300 es`. The directive
    /// is blanked from the body (the prelude puts it first). `#version 100` is GLSL ES 1.00.
    mutating func readVersion() throws(Problem) -> Bool {
        let code = source.code
        guard let start = code.firstIndex(where: { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }),
            code[start] == UInt8(ascii: "#")
        else { return false }
        let end = source.endOfLine(start)
        let line = String(decoding: code[start..<end], as: UTF8.self)
        let words = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard words.first == "version" else { return false }
        let version = words.dropFirst().joined(separator: " ")
        guard version == "300 es" || version == "100" else {
            throw problem(
                at: start, "#version \(version): transitions are GLSL ES 1.00 (no #version) or 3.00 (#version 300 es)")
        }
        for position in start..<end { bodyBytes[position] = 32 }
        return version == "300 es"
    }

    /// Every `uniform` declaration's names, in order, but the host's own (whose declarations are
    /// blanked: the prelude declares them).
    mutating func readUniforms() throws(Problem) -> [GLSLTransitionFile.Uniform] {
        var tokens = GLSLTokens(source.code)
        var uniforms: [GLSLTransitionFile.Uniform] = []
        while let token = tokens.next() {
            guard token.text == "uniform" else { continue }
            uniforms += try readDeclaration(startingAt: token.start, &tokens)
        }
        if uniforms.count > Int(GLSL_TRANSITION_MAX_UNIFORMS) {
            throw Problem(
                description:
                    "\(path): \(uniforms.count) uniforms; a transition has at most \(GLSL_TRANSITION_MAX_UNIFORMS)")
        }
        return uniforms
    }

    private mutating func readDeclaration(startingAt start: Int, _ tokens: inout GLSLTokens) throws(Problem)
        -> [GLSLTransitionFile.Uniform]
    {
        var typeToken = tokens.next()
        if let precision = typeToken, ["lowp", "mediump", "highp"].contains(precision.text) {
            typeToken = tokens.next()
        }
        guard let typeToken else { throw problem(at: start, "a uniform declaration without a type") }
        var names: [GLSLTokens.Token] = []
        var end = typeToken.end
        while let token = tokens.next() {
            end = token.end
            if token.text == ";" { break }
            if token.text == "[" { throw problem(at: token.start, "uniform arrays cannot be parameters") }
            if token.text != "," { names.append(token) }
        }
        let hostNames = names.filter { GLSLTransitionFile.reserved.contains($0.text) }
        if !hostNames.isEmpty {
            guard hostNames.count == names.count else {
                throw problem(at: start, "declare the host's uniforms (\(hostNames[0].text)) apart from your own")
            }
            for position in start..<end { bodyBytes[position] = 32 }
            return []
        }
        guard let type = GLSLTransitionFile.UniformType(rawValue: typeToken.text) else {
            let supported = GLSLTransitionFile.UniformType.allCases.map(\.rawValue).joined(separator: ", ")
            throw problem(
                at: typeToken.start,
                "uniform \(names.first.map { "\"\($0.text)\" " } ?? "")has type \(typeToken.text), which a parameter cannot have (\(supported))"
            )
        }
        let (defaultText, defaultOffset, doc) = comments(after: typeToken.end, through: end)
        var defaults: [Double]? = nil
        if let defaultText {
            do throws(GLSLDefaultValue.Problem) {
                defaults = try GLSLDefaultValue.parse(defaultText, as: type)
            } catch {
                throw problem(
                    at: defaultOffset,
                    "the default of uniform \"\(names.first?.text ?? "")\", `\(defaultText)`, \(error.reason)")
            }
        }
        let above = docAbove(start)
        return names.map { .init(name: $0.text, type: type, defaults: defaults, doc: doc ?? above ?? "") }
    }

    /// The default written in a comment inside the declaration or after it on its line
    /// (`// = 0.5`, `/* = vec2(0.0, 1.0) */`), where it starts, and another comment there as the doc.
    private func comments(after start: Int, through end: Int) -> (String?, Int, String?) {
        let lineEnd = source.endOfLine(end)
        var value: (String, Int)?
        var doc: String?
        for comment in source.comments where comment.start >= start && comment.start < lineEnd {
            let text = comment.text.trimmingCharacters(in: " \t\r")
            if text.hasPrefix("="), value == nil {
                value = (text.dropFirst().trimmingCharacters(in: " \t\r"), comment.start)
            } else if !text.isEmpty, doc == nil {
                doc = text
            }
        }
        return (value?.0, value?.1 ?? start, doc)
    }

    /// The comment that is the whole line right above a declaration (`// @param Number of
    /// tiles`), without its tag; not a file's header field (`// Author: …`).
    private func docAbove(_ start: Int) -> String? {
        let lineStart = source.startOfLine(start)
        guard lineStart > 0 else { return nil }
        let previous = source.startOfLine(lineStart - 1)
        let code = String(decoding: source.code[previous..<lineStart], as: UTF8.self)
        guard code.allSatisfy(\.isWhitespace),
            let comment = source.comments.last(where: { $0.start >= previous && $0.end <= lineStart })
        else { return nil }
        var text = comment.text.trimmingCharacters(in: " \t\r")
        if text.hasPrefix("@"), let space = text.firstIndex(of: " ") {
            text = text[space...].trimmingCharacters(in: " \t")
        }
        let isHeaderField = text.split(separator: ":").first.map { !$0.contains(" ") && $0.count < text.count } ?? false
        return text.isEmpty || text.hasPrefix("=") || isHeaderField ? nil : text
    }

    /// Whether the code declares `vec4 transition(`.
    func definesTransition() -> Bool {
        var tokens = GLSLTokens(source.code)
        var previous: [String] = []
        while let token = tokens.next() {
            previous = Array((previous + [token.text]).suffix(3))
            if previous == ["vec4", "transition", "("] { return true }
        }
        return false
    }
}

/// The tokens of GLSL code (comments already blanked): identifiers and numbers whole, any other
/// character alone, with where each starts and ends.
struct GLSLTokens {
    struct Token {
        let text: String
        let start: Int
        let end: Int
    }

    private let code: [UInt8]
    private var index = 0

    init(_ code: [UInt8]) { self.code = code }

    private static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }

    mutating func skipToEndOfLine() {
        while index < code.count && code[index] != 10 { index += 1 }
    }

    mutating func next() -> Token? {
        while index < code.count && (code[index] == 32 || code[index] == 9 || code[index] == 10 || code[index] == 13) {
            index += 1
        }
        guard index < code.count else { return nil }
        let start = index
        if Self.isWord(code[index]) {
            while index < code.count && Self.isWord(code[index]) { index += 1 }
        } else {
            index += 1
        }
        return Token(text: String(decoding: code[start..<index], as: UTF8.self), start: start, end: index)
    }
}
