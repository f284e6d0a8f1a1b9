import Testing

@testable import Text

/// The shaped paragraph model: every glyph with its font, its cluster, its grapheme cluster and
/// its word, and lines that put right-to-left text in display order.
@Suite struct ShapedParagraphTests {
    func shaped(_ text: String, family: String = "DejaVu Sans", size: Double = 20) throws -> ShapedParagraph {
        try #require(ShapedParagraph(text, family: family, bold: false, size: size))
    }

    func string(_ paragraph: ShapedParagraph, _ range: Range<Int>) -> String {
        String(decoding: Array(paragraph.text.utf8)[range], as: UTF8.self)
    }

    /// "ffi" becomes one glyph in DejaVu Sans: its three grapheme clusters share it, and the
    /// word holds it.
    @Test func aLigatureCoversItsClustersAndStaysInItsWord() throws {
        let office = try shaped("office hours")
        #expect(office.fonts[0].path.hasSuffix("DejaVuSans.ttf"))
        let ligature = office.glyphs(ofGrapheme: 1)
        #expect(ligature.count == 1, "one glyph for f")
        #expect(
            office.glyphs(ofGrapheme: 2) == ligature && office.glyphs(ofGrapheme: 3) == ligature, "f and i share it")
        #expect(string(office, office.glyphs[ligature[0]].cluster) == "ffi")
        #expect(office.glyphs.count == "office hours".count - 2)
        #expect(office.segments.words.filter(\.isWord).map { string(office, $0.range) } == ["office", "hours"])
        let word = office.glyphs(ofWord: 0)
        #expect(word.count == 4 && word.contains(ligature[0]))
        #expect(office.glyphs.allSatisfy { $0.index != 0 })
        let layout = office.layOut(width: 1000)
        #expect(layout.lines.count == 1)
        let xs = layout.glyphs.map(\.position.x)
        #expect(xs == xs.sorted(), "left to right")
    }

    @Test func arabicReadsRightToLeftWithJoinedLetters() throws {
        let text = "مرحبا بالعالم"
        let arabic = try shaped(text)
        #expect(arabic.paragraphs.count == 1 && arabic.paragraphs[0].isRightToLeft)
        #expect(arabic.runs.allSatisfy { $0.level == 1 })
        #expect(arabic.segments.graphemes.count == text.count)
        #expect(arabic.segments.words.filter(\.isWord).count == 2)
        #expect(arabic.glyphs.allSatisfy { $0.index != 0 })
        let layout = arabic.layOut(width: 1000)
        #expect(layout.lines.count == 1 && layout.lines[0].isRightToLeft)
        let x = { (grapheme: Int) in layout.placed(arabic.glyphs(ofGrapheme: grapheme))[0].position.x }
        #expect(x(0) > x(4), "the first letter at the right of the first word's last")
        #expect(x(4) > x(6), "the first word right of the second")
        // Narrow: two lines, the first word on the first.
        let narrow = arabic.layOut(width: arabic.width(from: 0, to: 12))
        #expect(narrow.lines.count == 2)
        #expect(string(arabic, narrow.lines[0].range).hasPrefix("مرحبا"))
        #expect(narrow.glyphs(ofLine: 1).allSatisfy { $0.line == 1 })
    }

    /// KSSA with the vowel sign I: a conjunct, shaped from a Devanagari font, one cluster.
    @Test func devanagariClustersFormConjuncts() throws {
        let text = "क्षि"
        let hindi = try shaped(text)
        let fonts = Set(hindi.glyphs.map(\.font))
        #expect(fonts.count == 1 && !hindi.fonts[fonts.first!].path.contains("DejaVu"), "a fallback Devanagari font")
        #expect(hindi.glyphs.allSatisfy { $0.index != 0 })
        #expect(
            hindi.glyphs.allSatisfy { $0.cluster == 0..<text.utf8.count }, "one cluster: \(hindi.glyphs.map(\.cluster))"
        )
        for grapheme in hindi.segments.graphemes.indices {
            #expect(hindi.glyphs(ofGrapheme: grapheme).count == hindi.glyphs.count)
        }
        #expect(hindi.glyphs.count < text.unicodeScalars.count, "the virama joins, the vowel sign reorders")
    }

    @Test func japaneseComesFromACJKFontAndBreaksBetweenCharacters() throws {
        let text = "日本語のテキストを折り返します。"
        let japanese = try shaped(text)
        #expect(japanese.glyphs.allSatisfy { $0.index != 0 })
        #expect(japanese.glyphs.allSatisfy { !japanese.fonts[$0.font].path.contains("DejaVu") })
        #expect(japanese.glyphs.count == text.count)
        for grapheme in japanese.segments.graphemes.indices {
            #expect(japanese.glyphs(ofGrapheme: grapheme).count == 1)
        }
        let layout = japanese.layOut(width: 100)
        #expect(layout.lines.count > 2)
        #expect(layout.lines.allSatisfy { $0.width <= 100 })
        #expect(layout.lines.map { string(japanese, $0.range) }.joined() == text)
    }

    @Test func emojiComeFromAColourFontAndCJKFromAnother() throws {
        let mixed = try shaped("Hi 你好 👋")
        #expect(mixed.missing.isEmpty)
        #expect(mixed.glyphs.allSatisfy { $0.index != 0 })
        let wave = mixed.glyphs(ofGrapheme: 6)
        #expect(wave.count == 1 && mixed.fonts[mixed.glyphs[wave[0]].font].isColor)
        let hanzi = mixed.glyphs(ofGrapheme: 3)
        #expect(mixed.glyphs[hanzi[0]].font != 0 && mixed.glyphs[hanzi[0]].font != mixed.glyphs[wave[0]].font)
        #expect(mixed.glyphs(ofGrapheme: 0).map { mixed.glyphs[$0].font } == [0], "Latin in the text's own font")
    }

    @Test func charactersNoFontHasAreNamed() throws {
        let text = try shaped("a\u{10FFFD}b")
        #expect(text.missing == ["\u{10FFFD}"])
    }

    /// As the text's documentation says, runs of spaces count as one and leading spaces as none.
    @Test func runsOfSpacesCountAsOne() throws {
        let single = try shaped("a b").layOut(width: 1000)
        let double = try shaped("  a   b").layOut(width: 1000)
        #expect(double.lines[0].width == single.lines[0].width)
        #expect(double.glyphs.map(\.position) == single.glyphs.map(\.position))
        #expect(try shaped("a\n  b").layOut(width: 1000).glyphs.last!.position.x == 0, "a paragraph's leading spaces")
    }

    /// "-liga" turns the font's ligatures off: six glyphs, one per letter.
    @Test func featuresReachHarfBuzz() throws {
        let plain = try #require(
            ShapedParagraph("office", family: "DejaVu Sans", bold: false, size: 20, features: ["-liga"]))
        #expect(plain.glyphs.count == 6)
        #expect(plain.glyphs.map(\.cluster) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5, 5..<6])
    }

    /// Tracking goes after "o", "ffi", "c" and "e": four times, not six.
    @Test func trackingAddsAfterEachClusterNotInsideALigature() throws {
        let plain = try shaped("office")
        let tracked = try #require(
            ShapedParagraph("office", family: "DejaVu Sans", bold: false, size: 20, tracking: 100))
        let clusters = Set(plain.glyphs.map(\.cluster.lowerBound)).count
        #expect(clusters == 4)
        #expect(abs(tracked.width(from: 0, to: 6) - plain.width(from: 0, to: 6) - Double(clusters) * 2) < 1e-9)
    }
}
