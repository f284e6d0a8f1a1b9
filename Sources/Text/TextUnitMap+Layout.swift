extension TextUnitMap {
    /// The characters (grapheme clusters) of `paragraph` as selectors count them on the lines of
    /// `layout`: a character made of whitespace is a space, a run of others a word (as
    /// `init(string:)` counts them), and each is on the line holding its first byte (a line
    /// break, or a character cut by `maxLines`, on the line before).
    package init(_ paragraph: ShapedParagraph, layout: ShapedParagraph.Layout) {
        var isSpace: [Bool] = []
        var word: [Int?] = []
        var line: [Int] = []
        var (words, inWord, lineIndex) = (0, false, 0)
        for grapheme in paragraph.segments.graphemes {
            let space = paragraph.segments.string(in: grapheme).allSatisfy(\.isWhitespace)
            isSpace.append(space)
            if space {
                word.append(nil)
                if inWord { words += 1 }
                inWord = false
            } else {
                word.append(words)
                inWord = true
            }
            while lineIndex + 1 < layout.lines.count,
                layout.lines[lineIndex + 1].range.lowerBound <= grapheme.lowerBound
            {
                lineIndex += 1
            }
            line.append(lineIndex)
        }
        self.init(isSpace: isSpace, word: word, line: line)
    }
}
