import Foundation
import PluginDescriptions
import Testing
import Text

@testable import Scene

/// The word times a highlight lights words at when a cue has no inline timestamps: the cue's
/// time shared out by grapheme clusters (`"wordTiming": "characters"`) or evenly (`"even"`), as
/// FORMAT.md states the rule; and what `validate` says of them and of cues past the render.
@Suite struct CaptionWordTimingTests {
    static let subRip = """
        1
        00:00:01,000 --> 00:00:03,000
        Hi <b>there,</b>
        friend

        2
        00:00:04,000 --> 00:00:05,000
        naïve 👋🏽 ok

        """

    func cues() throws -> [CaptionCue] { try CaptionParser.parseSubRip(Self.subRip) }

    @Test func charactersShareTheCueByGraphemeClusters() throws {
        let cues = try cues()
        let words = cues[0].words(timing: .characters)
        // Punctuation counts with its word, whitespace and the line break not at all: 2 + 6 + 6 = 14.
        #expect(words.map(\.text) == ["Hi", "there,", "friend"])
        #expect(words.map(\.line) == [0, 0, 1])
        let shares: [Double] = [0, 2.0 * 2 / 14, 2.0 * 8 / 14]
        #expect(words.map(\.start) == shares.map { 1 + $0 })
        // "naïve" is 5 clusters, the waving hand with its skin tone 1, "ok" 2: 8 in all.
        let second = cues[1].words(timing: .characters)
        let secondShares: [Double] = [0, 1.0 * 5 / 8, 1.0 * 6 / 8]
        #expect(second.map(\.start) == secondShares.map { 4 + $0 })
    }

    @Test func evenGivesEveryWordTheSameShare() throws {
        let words = try cues()[0].words(timing: .even)
        let shares: [Double] = [0, 2.0 * 1 / 3, 2.0 * 2 / 3]
        #expect(words.map(\.start) == shares.map { 1 + $0 })
    }

    @Test func theWordSpokenIsTheLastStarted() throws {
        let track = CaptionTrack(cues: try cues())
        // "Hi" spans 1 … 1.2857 s, "there," … 2.1429 s, "friend" until the cue's end.
        #expect(track.current(at: 1.28, timing: .characters)?.word == 0)
        #expect(track.current(at: 1.29, timing: .characters)?.word == 1)
        #expect(track.current(at: 2.14, timing: .characters)?.word == 1)
        #expect(track.current(at: 2.15, timing: .characters)?.word == 2)
        #expect(track.current(at: 2.999, timing: .characters)?.word == 2)
        #expect(track.current(at: 3, timing: .characters) == nil)
        #expect(track.current(at: 1.6, timing: .even)?.word == 0)
        #expect(track.current(at: 1.7, timing: .even)?.word == 1)
    }

    @Test func inlineTimestampsAreKeptOverTheEstimate() throws {
        let cues = try CaptionParser.parseWebVTT(
            "WEBVTT\n\n00:01.000 --> 00:03.000\nHi <00:02.500>there\n\n00:04.000 --> 00:06.000\nab cdef\n")
        #expect(cues[0].words(timing: .characters).map(\.start) == [1, 2.5])
        #expect(cues[0].words(timing: .even) == cues[0].words)
        // A cue of the same file without timestamps is estimated.
        let shares: [Double] = [0, 2.0 * 2 / 6]
        #expect(cues[1].words(timing: .characters).map(\.start) == shares.map { 4 + $0 })
    }

    @Test func aHeaderTabIsAccepted() throws {
        #expect(try CaptionParser.parseWebVTT("WEBVTT\tKind: captions\n\n00:01.000 --> 00:02.000\nx\n").count == 1)
    }

    // MARK: decoding and warnings

    func decode(_ text: String, timeline: String = "[]", files: [String: String] = [:]) throws(SceneError) -> Scene {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, body) in files { try? Data(body.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let document =
            #"{"version": 1, "canvas": {"width": 64, "height": 64, "fps": 10, "duration": 2}, "#
            + #""layers": [{"name": "title", "text": \#(text)}], "timeline": \#(timeline)}"#
        return try SceneDecoder.decode(
            Array(document.utf8), file: folder + "/words.json", registry: NoPlugins())
    }

    @Test func wordTimingIsReadWithCharactersTheDefault() throws {
        let files = ["talk.srt": Self.subRip]
        let plain = try decode(#"{"string": "", "captions": {"file": "talk.srt", "highlight": {}}}"#, files: files)
        #expect(plain.layers[0].content.text?.captions?.style.highlight?.wordTiming == .characters)
        let even = try decode(
            #"{"string": "", "captions": {"file": "talk.srt", "highlight": {"wordTiming": "even"}}}"#, files: files)
        #expect(even.layers[0].content.text?.captions?.style.highlight?.wordTiming == .even)
        #expect(throws: SceneError.self) {
            try decode(
                #"{"string": "", "captions": {"file": "talk.srt", "highlight": {"wordTiming": "syllables"}}}"#,
                files: files)
        }
    }

    @Test func estimatedTimesAreNotedOncePerFile() throws {
        let scene = try decode(
            ##"{"string": "", "captions": {"file": "talk.srt", "highlight": {"color": "#ff0000"}}}"##,
            files: ["talk.srt": Self.subRip])
        let notes = scene.warnings.filter { $0.message.contains("estimated") }
        #expect(notes.count == 1, "\(scene.warnings)")
        #expect(notes.first?.path?.description == "layers[0].text.captions.file")
        #expect(
            notes.first?.message.hasSuffix(
                "/talk.srt:2: the highlight's word times are estimated: none of its 2 cues has inline timestamps "
                    + "(SubRip has none), so each word takes a share of its cue's time by its length in characters; "
                    + "for the times words are spoken, give them WebVTT inline timestamps such as <00:00:01.500>")
                == true, "\(notes)")
        // Without a highlight nothing is estimated, so nothing is said.
        let plain = try decode(#"{"string": "", "captions": {"file": "talk.srt"}}"#, files: ["talk.srt": Self.subRip])
        #expect(!plain.warnings.contains { $0.message.contains("estimated") }, "\(plain.warnings)")
    }

    @Test func cuesPastTheEndAreOneWarningPerFile() throws {
        let late = (1...40).map { "\($0)\n00:00:\(String(format: "%02d", 10 + $0)),000 --> 00:00:59,000\nlate\n" }
        let scene = try decode(
            #"{"string": "", "captions": {"file": "talk.srt"}}"#,
            files: ["talk.srt": "1\n00:00:00,500 --> 00:00:01,000\nshown\n\n" + late.joined(separator: "\n")])
        #expect(scene.warnings.count == 1, "\(scene.warnings)")
        #expect(
            scene.warnings.first?.message.hasSuffix(
                "/talk.srt:6: this cue, at 11 s, and 39 more start at or after the end of the render (2 s): "
                    + "none of them shows") == true, "\(scene.warnings)")
    }

    /// A text that cannot be read is reported once: the steps on its animators say nothing more.
    @Test func anInvalidTextIsTheOnlyError() throws {
        let text = #"{"string": "Hi", "size": 0, "textAnimators": [{"properties": {"opacity": 0}}]}"#
        let timeline =
            #"[{"animate": "textAnimators.0.properties.opacity", "target": "title", "to": 1}, "#
            + #"{"animate": "textAnimators.0.properties.scale", "target": "title", "to": 2}]"#
        #expect {
            try decode(text, timeline: timeline)
        } throws: { error in
            let all = (error as? SceneError)?.all ?? []
            return all.count == 1 && all[0].path?.description == "layers[0].text.size"
        }
        // A step with a fault of its own still reports it.
        let misspelt = #"[{"animate": "textAnimators.0.properties.opacity", "target": "title", "to": 1, "dur": 1}]"#
        #expect {
            try decode(text, timeline: misspelt)
        } throws: { error in
            let all = (error as? SceneError)?.all ?? []
            return all.count == 2 && all.contains { $0.message.contains("\"dur\"") }
                && !all.contains { $0.message.contains("has no text") }
        }
    }
}
