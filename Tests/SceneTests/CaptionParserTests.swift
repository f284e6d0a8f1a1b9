import Testing
import Text

@testable import Scene

/// SubRip and WebVTT files, written here, read into cues.
@Suite struct CaptionParserTests {
    @Test func subRipCuesWithBOMCRLFAndBlankLines() throws {
        let file =
            "\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\nthere\r\n\r\n\r\n2\r\n00:00:03.250 --> 00:00:04,000\r\nAgain\r\n"
        let cues = try CaptionParser.parseSubRip(file)
        #expect(cues.count == 2)
        #expect(cues[0].start == 1 && cues[0].end == 2.5)
        #expect(cues[0].text == "Hello\nthere")
        #expect(cues[0].identifier == "1" && cues[0].fileLine == 2)
        // A dot is taken for the comma.
        #expect(cues[1].start == 3.25 && cues[1].fileLine == 8)
    }

    @Test func subRipBasicTags() throws {
        let cues = try CaptionParser.parseSubRip(
            "1\n00:00:00,000 --> 00:00:01,000\n<b>Bold</b> <i>it</i> <u>u</u> <font color=\"#ff0000\">red</font> <x>\n")
        let spans = cues[0].lines[0]
        #expect(spans.map(\.text) == ["Bold", " ", "it", " ", "u", " ", "red", " <x>"])
        #expect(spans[0].bold && !spans[1].bold)
        #expect(spans[2].italic && spans[4].underline)
        #expect(spans[6].color == "#ff0000" && spans[7].color == nil)
    }

    @Test func subRipErrorsNameTheirLine() {
        #expect(
            throws: CaptionSyntaxError(
                line: 2,
                message:
                    "\"00:00:01 000\" is not a SubRip timestamp hh:mm:ss,mmm: write e.g. \"00:00:01,000 --> 00:00:02,500\""
            )
        ) {
            try CaptionParser.parseSubRip("1\n00:00:01 000 --> 00:00:02,000\nx\n")
        }
        #expect(throws: CaptionSyntaxError.self) {
            try CaptionParser.parseSubRip("one\n00:00:01,000 --> 00:00:02,000\n")
        }
        #expect(
            throws: CaptionSyntaxError(
                line: 2,
                message:
                    "the cue ends (00:00:01,000) before or as it starts (00:00:02,000): its end must come after its start"
            )
        ) {
            try CaptionParser.parseSubRip("1\n00:00:02,000 --> 00:00:01,000\nx\n")
        }
    }

    @Test func webVTTHeaderNotesSettingsAndShortTimestamps() throws {
        let file = """
            WEBVTT - a talk
            Kind: captions

            NOTE this is
            a comment

            intro
            00:01.000 --> 00:04.000 align:start line:0
            <v Roger Bingham>We are in New York City

            01:00:00.000 --> 01:00:02.500
            <c.yellow.loud>Loud</c> &amp; <b>clear</b> &lt;3
            """
        let cues = try CaptionParser.parseWebVTT(file)
        #expect(cues.count == 2)
        #expect(cues[0].identifier == "intro" && cues[0].settings == "align:start line:0")
        #expect(cues[0].start == 1 && cues[0].end == 4 && cues[0].fileLine == 8)
        #expect(cues[0].lines[0][0].voice == "Roger Bingham")
        #expect(cues[1].start == 3600 && cues[1].end == 3602.5)
        let spans = cues[1].lines[0]
        #expect(spans.map(\.text) == ["Loud", " & ", "clear", " <3"])
        #expect(spans[0].classes == ["yellow", "loud"] && spans[1].classes.isEmpty && spans[2].bold)
    }

    @Test func webVTTInlineTimestampsGiveWordTimes() throws {
        let file = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nNever <00:00:01.500>drink <00:02.250>liquid nitrogen.\n"
        let cues = try CaptionParser.parseWebVTT(file)
        let cue = try #require(cues.first)
        #expect(cue.hasWordTimes)
        #expect(cue.words.map(\.text) == ["Never", "drink", "liquid", "nitrogen."])
        #expect(cue.words.map(\.start) == [1, 1.5, 2.25, 2.25])
        let track = CaptionTrack(cues: cues)
        #expect(track.current(at: 1.2, timing: .characters)?.word == 0)
        #expect(track.current(at: 1.6, timing: .characters)?.word == 1)
        #expect(track.current(at: 3.9, timing: .characters)?.word == 3)
        #expect(track.current(at: 4, timing: .characters) == nil)
    }

    @Test func overlappingCuesShowTheOneThatStartedLast() throws {
        let cues = try CaptionParser.parseWebVTT(
            "WEBVTT\n\n00:00.000 --> 00:05.000\nfirst\n\n00:02.000 --> 00:03.000\nsecond\n")
        let track = CaptionTrack(cues: cues)
        #expect(track.cue(at: 1)?.text == "first")
        #expect(track.cue(at: 2.5)?.text == "second")
        #expect(track.cue(at: 3)?.text == "first")
        #expect(track.cue(at: 5) == nil)
        // A cue of one word without timestamps speaks it the whole time.
        #expect(track.current(at: 1, timing: .even)?.word == 0)
    }

    @Test func webVTTErrorsNameTheirLine() {
        #expect(
            throws: CaptionSyntaxError(
                line: 1,
                message: "a WebVTT file starts with \"WEBVTT\" alone, or followed by a space or a tab and any text; "
                    + "its first line is \"WEBVTTX\"")
        ) {
            try CaptionParser.parseWebVTT("WEBVTTX\n")
        }
        #expect(throws: CaptionSyntaxError.self) {
            try CaptionParser.parseWebVTT("WEBVTT\n\n0:01.000 --> 00:02.000\nx\n")
        }
        #expect(throws: CaptionSyntaxError.self) {
            try CaptionParser.parseWebVTT("WEBVTT\n\n00:01.00 --> 00:02.000\nx\n")
        }
        #expect(throws: CaptionSyntaxError.self) {
            try CaptionParser.parseWebVTT("WEBVTT\n\n00:61.000 --> 00:62.000\nx\n")
        }
        do {
            _ = try CaptionParser.parseWebVTT("WEBVTT\n\nid\nnot a timing\n")
            Issue.record("expected an error")
        } catch { #expect(error.line == 4) }
        do {
            _ = try CaptionParser.parseWebVTT("WEBVTT\n\n00:01.000 --> 00:02.000\nearly <00:00.500> word\n")
            Issue.record("expected an error")
        } catch { #expect(error.line == 4 && error.message.contains("lies outside its cue")) }
    }

    @Test func lineEndingsAreCRLFLFOrCR() {
        #expect(CaptionParser.lines("a\r\nb\rc\nd") == ["a", "b", "c", "d"])
        #expect(CaptionParser.lines("\u{FEFF}a\r\n\r\nb") == ["a", "", "b"])
    }
}
