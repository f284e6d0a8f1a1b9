import CTextSegmentation

/// The Unicode segmentation of a text, through ICU's root rules (no locale, so the same text
/// always segments the same way): its grapheme clusters and words (UAX #29) and where its lines
/// may break (UAX #14, with ICU's dictionaries for Thai, Lao, Khmer and Burmese, which write no
/// spaces between words; Chinese and Japanese may break between most characters).
///
/// Every position is a UTF-8 byte offset into `text` (`text.utf8`), the unit HarfBuzz's clusters
/// count in when text is added with `hb_buffer_add_utf8`; `string(in:)` turns a range back
/// into text.
package struct TextSegmentation: Sendable {
    /// A segment between two word boundaries.
    package struct Word: Equatable, Sendable {
        /// UTF-8 byte offsets of the segment.
        package var range: Range<Int>
        /// True for a word (letters, numbers, kana or ideographs), false for spaces and
        /// punctuation.
        package var isWord: Bool
    }

    /// A place where a line may end.
    package struct LineBreak: Equatable, Sendable {
        /// The UTF-8 byte offset of the first byte of the next line: the line ends before it.
        package var offset: Int
        /// True when the line must end here (after "\n", "\r\n" and the other hard breaks),
        /// false when it may.
        package var isMandatory: Bool
    }

    /// The text segmented.
    package let text: String
    /// The extended grapheme clusters, in order: together they cover the whole text (none for
    /// an empty text). A cursor or a selection moves by these.
    package let graphemes: [Range<Int>]
    /// The segments between word boundaries, in order, covering the whole text: words and the
    /// spaces and punctuation between them.
    package let words: [Word]
    /// The break opportunities, in ascending order, never at offset 0. The last is at the end of
    /// the text (`text.utf8.count`), where every line ends, and is mandatory when the text ends
    /// with a newline (none for an empty text).
    package let lineBreaks: [LineBreak]

    package init(_ text: String) {
        self.text = text
        let graphemeBoundaries = Self.boundaries(of: text, TEXT_SEGMENT_GRAPHEMES)
        graphemes = zip(graphemeBoundaries, graphemeBoundaries.dropFirst()).map { $0.offset..<$1.offset }
        let wordBoundaries = Self.boundaries(of: text, TEXT_SEGMENT_WORDS)
        words = zip(wordBoundaries, wordBoundaries.dropFirst()).map {
            Word(range: $0.offset..<$1.offset, isWord: $1.flag)
        }
        lineBreaks = Self.boundaries(of: text, TEXT_SEGMENT_LINES).dropFirst().map {
            LineBreak(offset: $0.offset, isMandatory: $0.flag)
        }
    }

    /// The text between two UTF-8 byte offsets that fall on boundaries of this segmentation.
    package func string(in range: Range<Int>) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(text[start..<end])
    }

    /// Every boundary of `kind`, 0 and the text's end included, with its flag (see
    /// `text_segment_kind_t`). Should ICU fail, which only running out of memory makes it do,
    /// the text is one segment.
    private static func boundaries(of text: String, _ kind: text_segment_kind_t) -> [(offset: Int, flag: Bool)] {
        var text = text
        return text.withUTF8 { bytes -> [(offset: Int, flag: Bool)] in
            guard !bytes.isEmpty else { return [(0, false)] }
            precondition(bytes.count <= Int(Int32.max), "text too long to segment")
            var segments = text_segments_t()
            let found = bytes.withMemoryRebound(to: CChar.self) {
                text_segment($0.baseAddress, Int32($0.count), kind, &segments)
            }
            guard found != 0 else { return [(0, false), (bytes.count, false)] }
            defer { text_segments_free(&segments) }
            return (0..<Int(segments.count)).map { (Int(segments.offsets[$0]), segments.flags[$0] != 0) }
        }
    }
}
