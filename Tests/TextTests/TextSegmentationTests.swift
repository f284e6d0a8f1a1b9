import Foundation
import Synchronization
import Testing

@testable import Text

/// A line of one of Unicode's break conformance files (GraphemeBreakTest.txt, WordBreakTest.txt,
/// LineBreakTest.txt): code points with, between them, "÷" (a boundary) or "×" (none), and after
/// "#" the same line with each code point's property value and the number of the rule that
/// decides each position.
struct BreakConformanceCase {
    /// A place between two code points, the text's start and end left out (every boundary list
    /// has those).
    struct Position {
        /// The index in `scalars` of the code point after the place.
        var index: Int
        /// The UTF-8 byte offset of that code point in `text`.
        var offset: Int
        var isBoundary: Bool
        /// The rule that decides the place: "LB25" for LineBreakTest.txt's "[25.0]", "WB6"
        /// for WordBreakTest.txt's "[6.0]", "LB13.02" for "[13.02]".
        var rule: String
    }

    var lineNumber: Int
    var text: String
    var scalars: [Unicode.Scalar]
    /// Each code point's property value as the comment names it: "AL", "CM", "MidLetter", …
    var classes: [String]
    var positions: [Position]

    /// The cases of the file at `path`, whose rules are numbered with `rulePrefix`; nil when the
    /// file is missing.
    static func read(_ path: String, rulePrefix: String) throws -> [BreakConformanceCase]? {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var cases: [BreakConformanceCase] = []
        for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let tokens = parts[0].split(whereSeparator: \.isWhitespace)
            guard !tokens.isEmpty else { continue }
            let comment = parts.count > 1 ? parts[1] : ""
            let rules = comment.matches(of: /[÷×] \[([0-9.]+)\]/).map { rulePrefix + ruleNumber(String($0.1)) }
            let classes = comment.matches(of: /\(([A-Za-z0-9_]+)\) [÷×] \[/).map { String($0.1) }
            var text = ""
            var scalars: [Unicode.Scalar] = []
            var markers: [(isBoundary: Bool, offset: Int)] = []
            for (place, token) in tokens.enumerated() {
                if place.isMultiple(of: 2) {
                    markers.append((token == "÷", text.utf8.count))
                } else {
                    let scalar = try #require(UInt32(token, radix: 16).flatMap(Unicode.Scalar.init))
                    text.unicodeScalars.append(scalar)
                    scalars.append(scalar)
                }
            }
            try #require(
                rules.count == markers.count && classes.count == scalars.count,
                "line \(index + 1): \(markers.count) places, \(rules.count) rules; \(scalars.count) code points, \(classes.count) classes"
            )
            let positions = markers.indices.dropFirst().dropLast().map {
                Position(index: $0, offset: markers[$0].offset, isBoundary: markers[$0].isBoundary, rule: rules[$0])
            }
            cases.append(
                BreakConformanceCase(
                    lineNumber: index + 1, text: text, scalars: scalars, classes: classes, positions: positions))
        }
        return cases
    }

    /// "25.0" as "25", "8.1" as "8.1", "13.02" as "13.02" (the files' numbering of rules and their
    /// parts).
    private static func ruleNumber(_ number: String) -> String {
        number.hasSuffix(".0") ? String(number.dropLast(2)) : number
    }

    /// The places where `boundaries` (every boundary of the text) disagrees with the file.
    func disagreements(_ boundaries: Set<Int>) -> [Position] {
        positions.filter { boundaries.contains($0.offset) != $0.isBoundary }
    }

    /// The class a rule sees at `index`: the files write a class some rule resolves to another
    /// as both, "AI_AL" (ambiguous, as alphabetic), "CM1_CM", and a class WB4 sees through with
    /// "_FE" ("Extend_FE"); this is the part after the last "_".
    func resolvedClass(_ index: Int) -> String {
        String(classes[index].split(separator: "_").last ?? "")
    }

    /// The index of the last code point before `position` whose resolved class is not one of
    /// `ignoring` (the classes a rule sees through, such as combining marks), nil when there is
    /// none.
    func before(_ position: Position, ignoring: Set<String>) -> Int? {
        (0..<position.index).last { !ignoring.contains(resolvedClass($0)) }
    }
}

/// A rule on which ICU's root rules differ from the rules a conformance file was made with, and
/// the places in the file that this difference, and no other, decides.
struct Tailoring: Sendable {
    var rule: String
    var reason: String
    var decides: @Sendable (BreakConformanceCase, BreakConformanceCase.Position) -> Bool
}

@Suite struct TextSegmentationTests {
    static let folder = "/usr/share/unicode/auxiliary"

    /// Checks every case of a conformance file against `boundaries`, and that at least `minimum`
    /// ran. A case whose every disagreement a tailoring decides is counted against it, not failed;
    /// every tailoring must decide some case (else it no longer needs skipping), and every other
    /// case must agree.
    func conform(
        _ file: String, rulePrefix: String, atLeast minimum: Int, tailorings: [Tailoring] = [],
        boundaries: (TextSegmentation) -> Set<Int>
    ) throws {
        let path = "\(Self.folder)/\(file)"
        let cases = try #require(
            try BreakConformanceCase.read(path, rulePrefix: rulePrefix),
            "\(path) is missing: install Debian's unicode-data (scripts/install-deps --test, which make test runs)")
        #expect(cases.count >= minimum, "\(file) holds \(cases.count) cases")
        var tailored = [Int](repeating: 0, count: tailorings.count)
        var failures = 0
        for test in cases {
            let wrong = test.disagreements(boundaries(TextSegmentation(test.text)))
            guard !wrong.isEmpty else { continue }
            let deciding = wrong.map { place in
                tailorings.firstIndex { $0.rule == place.rule && $0.decides(test, place) }
            }
            if deciding.allSatisfy({ $0 != nil }) {
                for index in Set(deciding.compactMap { $0 }) { tailored[index] += 1 }
                continue
            }
            failures += 1
            if failures <= 20 {
                let places = wrong.map { "\($0.isBoundary ? "÷" : "×") at byte \($0.offset) (\($0.rule))" }
                let scalars = test.scalars.map { String($0.value, radix: 16, uppercase: true) }
                Issue.record("\(file):\(test.lineNumber) \(scalars.joined(separator: " ")): expected \(places)")
            }
        }
        #expect(failures == 0, "\(file): \(failures) of \(cases.count) cases disagree")
        for (tailoring, count) in zip(tailorings, tailored) {
            #expect(
                count > 0, "\(file): no case disagrees by \(tailoring.rule) as \(tailoring.reason): skip it no more")
        }
    }

    @Test func graphemeClustersFollowUnicodesConformanceFile() throws {
        try conform("GraphemeBreakTest.txt", rulePrefix: "GB", atLeast: 600) {
            Set($0.graphemes.map(\.lowerBound))
        }
    }

    /// ICU's root word rules leave ":" out of MidLetter, so "a:A" is two words (with the colon
    /// between), where Unicode 15.0's WB6 and WB7 keep it one.
    static let colonIsNotMidLetter = [
        Tailoring(rule: "WB6", reason: "ICU's root rules break at a colon between letters") { test, place in
            test.scalars[place.index] == ":"
        },
        Tailoring(rule: "WB7", reason: "ICU's root rules break at a colon between letters") { test, place in
            test.before(place, ignoring: ["FE"]).map { test.scalars[$0] } == ":"
        },
    ]

    @Test func wordBoundariesFollowUnicodesConformanceFile() throws {
        try conform(
            "WordBreakTest.txt", rulePrefix: "WB", atLeast: 1800, tailorings: Self.colonIsNotMidLetter
        ) {
            Set($0.words.map(\.range.lowerBound))
        }
    }

    /// Where ICU 72's root line rules differ from the rules LineBreakTest.txt 15.0 was made with.
    /// The file decides numbers with the regular expression of UAX #14's example 7 (LB25), so
    /// that ".5" alone breaks before the digit (LB999, break everywhere else); ICU keeps LB25's
    /// pairs, IS × NU among them. ICU also applies two rules Unicode 15.1 took from it: no break
    /// after a hyphen that starts a word (LB20a: "-a"), and a break between a space and a full
    /// stop or comma that starts a number (LB15c: "equals .35"), where 15.0's LB13 keeps them.
    static let icuLineRules = [
        Tailoring(rule: "LB999", reason: "ICU's LB25 keeps IS × NU without a number before") { test, place in
            test.before(place, ignoring: ["CM"]).map(test.resolvedClass) == "IS"
                && test.resolvedClass(place.index) == "NU"
        },
        Tailoring(rule: "LB999", reason: "ICU applies Unicode 15.1's LB20a: sot HY × AL") { test, place in
            test.before(place, ignoring: ["CM"]) == 0 && test.resolvedClass(0) == "HY"
                && test.resolvedClass(place.index) == "AL"
        },
        Tailoring(rule: "LB13.02", reason: "ICU applies Unicode 15.1's LB15c: SP ÷ IS NU") { test, place in
            let index = place.index
            return test.resolvedClass(index - 1) == "SP" && test.resolvedClass(index) == "IS"
                && test.classes.indices.contains(index + 1) && test.resolvedClass(index + 1) == "NU"
        },
    ]

    @Test func lineBreaksFollowUnicodesConformanceFile() throws {
        try conform("LineBreakTest.txt", rulePrefix: "LB", atLeast: 7600, tailorings: Self.icuLineRules) {
            Set($0.lineBreaks.map(\.offset))
        }
    }
}

@Suite struct TextSegmentationExampleTests {
    /// The text of each line a greedy breaker would make if it broke at every opportunity.
    func pieces(_ text: String) -> [String] {
        let segmentation = TextSegmentation(text)
        var start = 0
        return segmentation.lineBreaks.map { lineBreak in
            defer { start = lineBreak.offset }
            return segmentation.string(in: start..<lineBreak.offset)
        }
    }

    @Test func japaneseBreaksBetweenMostCharacters() {
        // Ideographs and (full-size) kana are class ID: a line may end after any of them.
        let pieces = pieces("日本語の文章です")
        #expect(pieces == ["日", "本", "語", "の", "文", "章", "で", "す"])
    }

    @Test func thaiBreaksBetweenWordsFoundInTheDictionary() {
        let text = "ภาษาไทยไม่มีช่องว่างระหว่างคำ"
        let pieces = pieces(text)
        // No spaces: ICU's Thai dictionary finds the words ("language", "Thai", "has no",
        // "space", "between", "word").
        #expect(pieces == ["ภาษา", "ไทย", "ไม่มี", "ช่อง", "ว่าง", "ระหว่าง", "คำ"])
        #expect(pieces.joined() == text)
    }

    @Test func aNewlineIsAMandatoryBreak() {
        let text = "Hello world\nAgain"
        let breaks = TextSegmentation(text).lineBreaks
        let afterNewline = "Hello world\n".utf8.count
        #expect(
            breaks == [
                .init(offset: "Hello ".utf8.count, isMandatory: false),
                .init(offset: afterNewline, isMandatory: true),
                .init(offset: text.utf8.count, isMandatory: false),
            ])
    }

    @Test func graphemeClustersHoldJoinedEmojiAndCombiningMarks() {
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(TextSegmentation(family).graphemes == [0..<family.utf8.count])
        let accented = "e\u{301}"
        #expect(TextSegmentation(accented).graphemes == [0..<3])
        let text = "a" + family + accented + "z"
        let segmentation = TextSegmentation(text)
        #expect(segmentation.graphemes.map(segmentation.string(in:)) == ["a", family, accented, "z"])
    }

    /// "क्षि" (KA, VIRAMA, SSA, VOWEL SIGN I). Unicode 15.0's rules make it two clusters, "क्"
    /// and "षि": GB9 joins the virama to the KA and GB9a the vowel sign to the SSA, and nothing
    /// joins the two consonants (GraphemeBreakTest.txt 15.0 has no such case). ICU 72's root
    /// rules keep a conjunct whole (consonant, virama, consonant), the rule Unicode 15.1 adopted
    /// as GB9c: one cluster, as a cursor should treat it.
    @Test func devanagariConjunctIsOneCluster() {
        let conjunct = "क्षि"
        #expect(conjunct.unicodeScalars.map(\.value) == [0x915, 0x94D, 0x937, 0x93F])
        #expect(TextSegmentation(conjunct).graphemes == [0..<conjunct.utf8.count])
        let segmentation = TextSegmentation("क्षिति")
        #expect(segmentation.graphemes.map(segmentation.string(in:)) == ["क्षि", "ति"])
    }

    @Test func wordsAreTheLettersBetweenPunctuationAndSpaces() {
        let segmentation = TextSegmentation("Hello, world!")
        let words = segmentation.words.filter(\.isWord).map { segmentation.string(in: $0.range) }
        #expect(words == ["Hello", "world"])
        let others = segmentation.words.filter { !$0.isWord }.map { segmentation.string(in: $0.range) }
        #expect(others == [",", " ", "!"])
    }

    /// Each segmentation opens its own ICU iterators: threads segmenting at once agree.
    @Test func threadsSegmentAtOnce() {
        let texts = ["ภาษาไทยไม่มีช่องว่างระหว่างคำ", "日本語の文章です", "Hello, world!\nAgain", "שלום עולם"]
        let expected = texts.map { TextSegmentation($0).lineBreaks }
        let results = Mutex([[TextSegmentation.LineBreak]](repeating: [], count: 64))
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let breaks = TextSegmentation(texts[index % texts.count]).lineBreaks
            results.withLock { $0[index] = breaks }
        }
        results.withLock { results in
            for (index, breaks) in results.enumerated() { #expect(breaks == expected[index % texts.count]) }
        }
    }

    @Test func anEmptyTextHasNoSegments() {
        let segmentation = TextSegmentation("")
        #expect(segmentation.graphemes.isEmpty)
        #expect(segmentation.words.isEmpty)
        #expect(segmentation.lineBreaks.isEmpty)
    }
}
