/// A GLSL file's text split into its code and its comments: the code with every comment blanked
/// to spaces (newlines kept), so declarations are found where they are, and each comment with
/// where it starts. Positions are UTF-8 offsets into the file.
struct GLSLSourceText {
    let bytes: [UInt8]
    /// The file with comments replaced by spaces, newlines kept: same length, same lines.
    let code: [UInt8]
    /// Each comment's text (without `//`, `/*`, `*/`) and its start and end offsets.
    let comments: [(text: String, start: Int, end: Int)]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var code = bytes
        var comments: [(text: String, start: Int, end: Int)] = []
        var index = 0
        while index < bytes.count {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            guard bytes[index] == UInt8(ascii: "/"), next == UInt8(ascii: "/") || next == UInt8(ascii: "*") else {
                index += 1
                continue
            }
            let isLine = next == UInt8(ascii: "/")
            var end = index + 2
            if isLine {
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            } else {
                while end < bytes.count && !(bytes[end - 1] == UInt8(ascii: "*") && bytes[end] == UInt8(ascii: "/")) {
                    end += 1
                }
                end = min(end + 1, bytes.count)
            }
            let inner = bytes[(index + 2)..<max(index + 2, isLine ? end : max(index + 2, end - 2))]
            comments.append((String(decoding: inner, as: UTF8.self), index, end))
            for position in index..<end where code[position] != UInt8(ascii: "\n") { code[position] = 32 }
            index = end
        }
        self.code = code
        self.comments = comments
    }

    /// The code as text.
    var codeText: String { String(decoding: code, as: UTF8.self) }

    /// The 1-based line and column (in characters) of offset `offset`.
    func place(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return (line, column)
    }

    /// The offset just past the end of the line holding `offset`.
    func endOfLine(_ offset: Int) -> Int {
        var position = offset
        while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
        return position
    }

    /// The offset where the line holding `offset` starts.
    func startOfLine(_ offset: Int) -> Int {
        var position = min(offset, bytes.count)
        while position > 0 && bytes[position - 1] != UInt8(ascii: "\n") { position -= 1 }
        return position
    }
}
