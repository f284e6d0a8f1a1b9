import CommandTestSupport
import Foundation
import Testing

/// Parts of a render carry its records (the caption tracks, the sound's mix) however large they
/// grow: 10,000 cues and a volume step of 5,000 keyframes, far over the 128 KiB Linux allows one
/// argument, render in shards and `--frames` parts, and `pipeline concat` joins them into the
/// whole render's tracks, languages and sound.
@Suite final class PartRecordsTests {
    let folder: URL

    /// Cue `i` from `i × 50 + 20` ms for 40 ms: cue 9 (470–510 ms) runs across the boundary of
    /// two shards (frame 5, 0.5 s); all but 20 start after the render's end.
    static let captions =
        "WEBVTT\n"
        + (0..<10_000).map { index in
            let start = index * 50 + 20
            return "\n\(timestamp(start)) --> \(timestamp(start + 40))\ncue number \(index)\n"
        }.joined()

    static func timestamp(_ milliseconds: Int) -> String {
        String(
            format: "%02d:%02d:%02d.%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
            milliseconds / 1000 % 60, milliseconds % 1000)
    }

    /// 32×32 at 10 fps for 1 s, a captioned text layer for each of `languages` (nil: no
    /// `language` key), a tone whose volume moves through 5,000 keyframes.
    static func pipeline(formats: [String], languages: [String?] = ["pt-BR"]) -> String {
        let values = (0..<5000).map { String(format: "%.3f", 0.2 + 0.8 * abs(sin(Double($0) * 0.37))) }
        let layers = languages.enumerated().map { index, language in
            let languageKey = language.map { #", "language": "\#($0)""# } ?? ""
            return """
                { "name": "talk\(index)", "frame": [0, 0, 32, 32],
                  "text": { "string": "", "size": 8, "captions": { "file": "talk.vtt"\(languageKey) } } }
                """
        }
        return """
            { "version": 1,
              "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 1 },
              "layers": [ \(layers.joined(separator: ", ")) ],
              "audio": [ { "file": "tone.wav", "name": "tone" } ],
              "timeline": [ { "animate": "audio.tone.volume", "start": 0, "duration": 1,
                "keyframes": { "values": [\(values.joined(separator: ", "))] } } ],
              "output": { "dir": "out", "formats": [\(formats.map { "\"\($0)\"" }.joined(separator: ", "))],
                "subtitles": true } }
            """
    }

    init() throws {
        folder = try CLI.temporaryDirectory()
        try Self.captions.write(to: folder.appendingPathComponent("talk.vtt"), atomically: true, encoding: .utf8)
        let tone = try CLI.runProgram(
            "/usr/bin/env",
            ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "tone.wav"], in: folder)
        #expect(tone.status == 0, "\(tone.stderr)")
    }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func write(_ pipeline: String) throws {
        try pipeline.write(to: folder.appendingPathComponent("talk.json"), atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String]) throws {
        let result = try CLI.run(["run", "talk.json", "--quiet"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    private func concat(_ output: String, _ parts: String) throws {
        let result = try CLI.run(["concat", output, parts], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("with their render's sound"), "\(result.stderr)")
    }

    /// The first sound stream of `video` decoded to 48 kHz stereo float samples, interleaved.
    private func samples(_ video: String) throws -> [Float] {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            ["ffmpeg", "-v", "error", "-i", video, "-map", "0:a:0", "-ar", "48000", "-ac", "2", "-f", "f32le", "-"],
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutData.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// Each subtitle stream's language tag, as ffprobe reads it from `video`; "none" without one.
    static func languages(of video: URL) throws -> [String] {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffprobe", "-v", "error", "-select_streams", "s", "-show_entries", "stream_tags=language", "-of",
                "json", video.path,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        struct Report: Decodable {
            struct Stream: Decodable { let tags: [String: String]? }
            let streams: [Stream]
        }
        return try JSONDecoder().decode(Report.self, from: result.stdoutData).streams.map {
            $0.tags?["language"] ?? "none"
        }
    }

    @Test func shardsAndFramePartsJoinIntoTheWholeRendersTracksAndSound() throws {
        try write(Self.pipeline(formats: ["mp4"]))
        try run(["--out", "whole"])
        for shard in ["1/2", "2/2"] { try run(["--out", "shards", "--shard", shard]) }
        for frames in ["0-2", "3-9"] { try run(["--out", "frames", "--frames", frames]) }
        try concat("shards.mp4", "shards")
        try concat("frames.mp4", "frames")
        let whole = folder.appendingPathComponent("whole/talk.mp4")
        let wholeCues = try SubtitleTrackTests.cues(of: whole, track: 0)
        #expect(wholeCues.count == 20)
        #expect(wholeCues[9] == .init(start: "00:00:00.470", end: "00:00:00.510", text: "cue number 9"))
        let wholeSound = try samples("whole/talk.mp4")
        #expect(wholeSound.count >= 2 * 48_000)
        for joined in ["shards.mp4", "frames.mp4"] {
            let video = folder.appendingPathComponent(joined)
            #expect(try SubtitleTrackTests.cues(of: video, track: 0) == wholeCues, "\(joined)")
            #expect(try samples(joined) == wholeSound, "the sound of \(joined) differs from the whole render's")
            #expect(try Self.languages(of: video) == ["por"], "\(joined)")
        }
        // A part plays with its own frames' cues, in the captions' language.
        let part = folder.appendingPathComponent("frames/talk.0000-0002.mp4")
        #expect(try SubtitleTrackTests.cues(of: part, track: 0).map(\.text) == (0..<6).map { "cue number \($0)" })
        #expect(try Self.languages(of: part) == ["por"])
    }

    /// MP4 holds ISO 639-2's terminology code, MOV QuickTime's and WebM Matroska's bibliographic
    /// one (Romanian's is the terminology code in QuickTime); a track without a language is
    /// undetermined, which ffprobe shows only for MP4.
    @Test func theLanguageLandsInEachContainer() throws {
        try write(Self.pipeline(formats: ["mp4", "mov", "webm"], languages: ["de-CH", "ro", "pt-BR", nil]))
        try run([])
        let expected = [
            "mp4": ["deu", "ron", "por", "und"], "mov": ["ger", "ron", "por", "none"],
            "webm": ["ger", "rum", "por", "none"],
        ]
        for (format, languages) in expected {
            #expect(
                try Self.languages(of: folder.appendingPathComponent("out/talk.\(format)")) == languages, "\(format)")
        }
    }

    @Test(arguments: [
        ("en_US", "\"en_US\" is not a well-formed BCP 47 language tag"),
        ("qq-BR", "begins with \"qq\", which is no ISO 639-1 language code"),
    ])
    func aLanguageThatIsNoTagIsRefusedAtItsPlace(language: String, message: String) throws {
        try write(Self.pipeline(formats: ["mp4"], languages: [language]))
        let result = try CLI.run(["validate", "talk.json"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("layers[0].text.captions.language"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
