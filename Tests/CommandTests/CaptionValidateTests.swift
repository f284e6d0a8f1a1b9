import CommandTestSupport
import Foundation
import Testing

/// What `validate` says of captions: one line per caption file for its cues past the render's
/// end, however many there are; a note, once per file, that a highlight over cues without
/// inline timestamps lights words at estimated times (status 0, 1 with `--strict`); and only
/// the text's own error when a text with animators cannot be read.
@Suite final class CaptionValidateTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// A 1 s render whose text layer `title` has `text`, and `timeline`.
    func pipeline(text: String, timeline: String = "[]") throws {
        try write(
            """
            {"version": 1, "canvas": {"width": 64, "height": 32, "fps": 10, "duration": 1},
             "layers": [{"name": "title", "text": \(text)}], "timeline": \(timeline)}
            """, to: "p.json")
    }

    /// `count` SubRip cues a second apart from `first` seconds, each a second long.
    static func subRip(count: Int, from first: Int) -> String {
        (0..<count).map { index in
            let start = first + index
            func time(_ seconds: Int) -> String {
                String(format: "%02d:%02d:%02d,000", seconds / 3600, seconds / 60 % 60, seconds % 60)
            }
            return "\(index + 1)\n\(time(start)) --> \(time(start + 1))\nword \(index + 1)\n"
        }.joined(separator: "\n")
    }

    @Test func cuesPastTheEndAreOneLinePerFile() throws {
        try write(Self.subRip(count: 1, from: 0) + "\n" + Self.subRip(count: 3990, from: 5), to: "talk.srt")
        try pipeline(text: #"{"string": "", "captions": {"file": "talk.srt"}}"#)
        let result = try CLI.run(["validate", "p.json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1, "\(warnings.prefix(3))")
        #expect(
            warnings.first?.hasSuffix(
                "talk.srt:6: this cue, at 5 s, and 3989 more start at or after the end of the render (1 s): "
                    + "none of them shows") == true, "\(warnings)")
    }

    @Test func estimatedWordTimesAreNotedOncePerFile() throws {
        try write(Self.subRip(count: 1, from: 0), to: "talk.srt")
        try pipeline(text: ##"{"string": "", "captions": {"file": "talk.srt", "highlight": {"color": "#ff0000"}}}"##)
        let plain = try CLI.run(["validate", "p.json"], in: folder)
        #expect(plain.status == 0, "\(plain.stderr)")
        let notes = plain.stderr.split(separator: "\n").filter { $0.contains("word times are estimated") }
        #expect(notes.count == 1 && notes[0].hasPrefix("warning: p.json:"), "\(plain.stderr)")
        #expect(notes.first?.contains("talk.srt:2: ") == true && notes.first?.contains("(SubRip has none)") == true)
        let strict = try CLI.run(["validate", "p.json", "--strict"], in: folder)
        #expect(strict.status == 1, "\(strict.stderr)")
        // WebVTT cues with inline timestamps are timed as written: nothing is noted.
        try write("WEBVTT\n\n00:00.000 --> 00:00.800\nword <00:00.400>one\n", to: "talk.vtt")
        try pipeline(text: ##"{"string": "", "captions": {"file": "talk.vtt", "highlight": {"color": "#ff0000"}}}"##)
        let timed = try CLI.run(["validate", "p.json", "--strict"], in: folder)
        #expect(timed.status == 0, "\(timed.stderr)")
    }

    @Test func anInvalidTextIsReportedAloneNotAsMissing() throws {
        try pipeline(
            text: #"{"string": "Hi", "size": 0, "textAnimators": [{"properties": {"opacity": 0}}]}"#,
            timeline: #"""
                [{"animate": "textAnimators.0.properties.opacity", "target": "title", "to": 1},
                 {"animate": "textAnimators.0.properties.scale", "target": "title", "to": 2}]
                """#)
        let result = try CLI.run(["validate", "p.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("layers[0].text.size: 0 is out of range"), "\(result.stderr)")
        #expect(!result.stderr.contains("has no text"), "\(result.stderr)")
        #expect(!result.stderr.contains("timeline["), "\(result.stderr)")
    }
}
