import CommandTestSupport
import Foundation
import Testing

/// `"output": {"subtitles": true}`: the text layers' captions become subtitle tracks (mov_text in
/// MP4, WebVTT in WebM), timed from the video's first frame and clipped to its frames; a sharded
/// render joined by `concat` carries the same tracks as the whole render.
@Suite final class SubtitleTrackTests {
    let folder: URL

    /// 64×36 at 10 fps for 1 s: 10 frames, 0.1 s each.
    static func pipeline(
        formats: [String], subtitles: String = "true", captions: Bool = true, sound: Bool = false
    ) -> String {
        let text = { (name: String, file: String) in
            """
            { "name": "\(name)", "frame": [0, 0, 64, 36],
              "text": { "string": "", "size": 10\(captions ? #", "captions": { "file": "\#(file)" }"# : "") } }
            """
        }
        let formatList = formats.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            { "version": 1,
              "canvas": { "width": 64, "height": 36, "fps": 10, "duration": 1 },
              "layers": [ \(text("talk", "talk.srt")), \(text("notes", "notes.vtt")) ],
              "output": { "dir": "out", "formats": [\(formatList)], "subtitles": \(subtitles) }\(
                sound ? #", "audio": ["tone.wav"]"# : "") }
            """
    }

    static let subRip = """
        1
        00:00:00,100 --> 00:00:00,450
        Hello <b>there</b>
        second line

        2
        00:00:00,500 --> 00:00:02,000
        Tom & <font color="red">Jerry</font>

        3
        00:00:05,000 --> 00:00:06,000
        Never shown

        """

    static let webVTT = """
        WEBVTT

        intro
        00:00.000 --> 00:00.250 align:start
        <v Ann>Hi</v> <i>all</i>

        00:00.300 --> 00:00.800
        a &lt; b &gt; c

        """

    /// What the whole render's tracks hold: the talk's third cue starts after the render's end,
    /// its second is cut at the end (1 s).
    static let talk = [
        Cue(start: "00:00:00.100", end: "00:00:00.450", text: "Hello there\nsecond line"),
        Cue(start: "00:00:00.500", end: "00:00:01.000", text: "Tom & Jerry"),
    ]
    static let notes = [
        Cue(start: "00:00:00.000", end: "00:00:00.250", text: "Hi all"),
        Cue(start: "00:00:00.300", end: "00:00:00.800", text: "a < b > c"),
    ]

    struct Cue: Equatable, CustomStringConvertible {
        let start: String, end: String, text: String
        var description: String { "\(start) --> \(end) \(text.debugDescription)" }
    }

    init() throws {
        folder = try CLI.temporaryDirectory()
        try Self.subRip.write(to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        try Self.webVTT.write(to: folder.appendingPathComponent("notes.vtt"), atomically: true, encoding: .utf8)
    }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func write(_ pipeline: String) throws {
        try pipeline.write(to: folder.appendingPathComponent("talk.json"), atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String]) throws -> CLI.Result {
        let result = try CLI.run(["run", "talk.json", "--quiet"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    /// The cues of subtitle stream `index`, read back as WebVTT, their times counted from the
    /// video stream's first frame (WebM with Opus sound starts its video a few milliseconds in);
    /// character references read.
    static func cues(of video: URL, track index: Int) throws -> [Cue] {
        let probe = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=start_time", "-of",
                "csv=p=0", video.path,
            ])
        let videoStart = try #require(Double(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let result = try CLI.runProgram(
            "/usr/bin/env",
            ["ffmpeg", "-v", "error", "-copyts", "-i", video.path, "-map", "0:s:\(index)", "-f", "webvtt", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        var cues: [Cue] = []
        for block in result.stdout.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            guard let timing = lines.firstIndex(where: { $0.contains("-->") }) else { continue }
            let times = lines[timing].components(separatedBy: " --> ")
            let text = lines[(timing + 1)...].joined(separator: "\n").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            let offset = Int((videoStart * 1000).rounded())
            cues.append(
                Cue(start: try shifted(times[0], by: offset), end: try shifted(times[1], by: offset), text: text))
        }
        return cues
    }

    /// WebVTT's `[hh:]mm:ss.ttt`, `milliseconds` earlier, as `hh:mm:ss.ttt`.
    static func shifted(_ time: String, by milliseconds: Int) throws -> String {
        let fields = time.split(separator: ":").map(String.init)
        let seconds = try #require(Double(fields.last!))
        let minutes = try #require(Int(fields[fields.count - 2]))
        let hours = fields.count == 3 ? try #require(Int(fields[0])) : 0
        let total = (hours * 3600 + minutes * 60) * 1000 + Int((seconds * 1000).rounded()) - milliseconds
        return String(
            format: "%02d:%02d:%02d.%03d", total / 3_600_000, total / 60000 % 60, total / 1000 % 60, total % 1000)
    }

    /// Each subtitle stream's codec and title (`title`, else the MP4 handler's name).
    static func streams(of video: URL) throws -> [String] {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffprobe", "-v", "error", "-select_streams", "s", "-show_entries",
                "stream=codec_name:stream_tags=title,handler_name", "-of", "json", video.path,
            ])
        struct Report: Decodable {
            struct Stream: Decodable {
                let codec: String
                let tags: [String: String]?

                enum CodingKeys: String, CodingKey {
                    case codec = "codec_name"
                    case tags
                }
            }
            let streams: [Stream]
        }
        let report = try JSONDecoder().decode(Report.self, from: result.stdoutData)
        return report.streams.map { "\($0.codec) \($0.tags?["title"] ?? $0.tags?["handler_name"] ?? "-")" }
    }

    @Test func mp4WebMAndMOVCarryOneTrackPerCaptionedLayer() throws {
        try write(Self.pipeline(formats: ["mp4", "webm", "mov"]))
        _ = try run([])
        let videos = ["mp4", "webm", "mov"].map { folder.appendingPathComponent("out/talk.\($0)") }
        #expect(try Self.streams(of: videos[0]) == ["mov_text talk", "mov_text notes"])
        #expect(try Self.streams(of: videos[1]) == ["webvtt talk", "webvtt notes"])
        #expect(try Self.streams(of: videos[2]) == ["mov_text talk", "mov_text notes"])
        for video in videos {
            #expect(try Self.cues(of: video, track: 0) == Self.talk, "\(video.lastPathComponent)")
            #expect(try Self.cues(of: video, track: 1) == Self.notes, "\(video.lastPathComponent)")
        }
        // Nothing of the subtitles' staging is left beside the videos.
        #expect(
            try SmallPipeline.contents(of: folder.appendingPathComponent("out")) == [
                "talk.mov", "talk.mp4", "talk.webm",
            ])
    }

    @Test func aPartsCuesCountFromItsFirstFrameAndAreClippedToIt() throws {
        try write(Self.pipeline(formats: ["mp4"]))
        _ = try run(["--frames", "3-6"])
        // Frames 3 to 6: render time 0.3 to 0.7 s.
        let part = folder.appendingPathComponent("out/talk.0003-0006.mp4")
        #expect(
            try Self.cues(of: part, track: 0) == [
                Cue(start: "00:00:00.000", end: "00:00:00.150", text: "Hello there\nsecond line"),
                Cue(start: "00:00:00.200", end: "00:00:00.400", text: "Tom & Jerry"),
            ])
        #expect(
            try Self.cues(of: part, track: 1) == [Cue(start: "00:00:00.000", end: "00:00:00.400", text: "a < b > c")])
    }

    /// With sound as well: the parts carry both records, and the join lays in both.
    @Test(arguments: ["mp4", "webm"])
    func shardsJoinedByConcatCarryTheWholeRendersTracks(format: String) throws {
        let tone = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1",
                folder.appendingPathComponent("tone.wav").path,
            ])
        #expect(tone.status == 0, "\(tone.stderr)")
        try write(Self.pipeline(formats: [format], sound: true))
        for shard in 1...3 { _ = try run(["--out", "parts", "--shard", "\(shard)/3"]) }
        let joined = try CLI.run(["concat", "joined.\(format)", "parts"], in: folder)
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stderr.contains("with their render's sound"), "\(joined.stderr)")
        _ = try run(["--out", "whole"])
        let (video, whole) = (
            folder.appendingPathComponent("joined.\(format)"), folder.appendingPathComponent("whole/talk.\(format)")
        )
        let codec = format == "mp4" ? "mov_text" : "webvtt"
        #expect(try Self.streams(of: video) == ["\(codec) talk", "\(codec) notes"])
        // Shards of frames 0-3, 4-6 and 7-9 (0.4 s, 0.7 s): cues across them stay whole.
        #expect(try Self.cues(of: video, track: 0) == Self.talk)
        #expect(try Self.cues(of: video, track: 1) == Self.notes)
        #expect(try Self.cues(of: video, track: 0) == Self.cues(of: whole, track: 0))
        #expect(try Self.cues(of: video, track: 1) == Self.cues(of: whole, track: 1))
    }

    /// An ffmpeg that fails laying the tracks in (it finds their WebVTT files beside the video,
    /// then exits 1): the run fails naming the video, and neither the video, its temporaries nor
    /// the tracks' files are left.
    @Test func aFailureLayingTheTracksInLeavesNothingBehind() throws {
        try write(Self.pipeline(formats: ["mp4"]))
        let fake = folder.appendingPathComponent("ffmpeg")
        try CLI.writeExecutable(
            """
            #!/bin/sh
            case "$*" in
            *"-f webvtt -i"*)
                for file in "$@"; do case "$file" in *.vtt) [ -f "$file" ] && echo "found $file" >&2;; esac; done
                exit 1;;
            esac
            exec ffmpeg "$@"

            """, to: fake.path)
        let result = try CLI.run(
            ["run", "talk.json", "--quiet"], in: folder,
            environment: [
                "PIPELINE_FFMPEG": fake.path, "PIPELINE_CACHE_DIR": CLI.sharedCache,
            ])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("ffmpeg failed adding the subtitles to"), "\(result.stderr)")
        #expect(result.stderr.contains(".talk.mp4.vtt.subtitles-"), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        #expect(left.filter { !$0.hasPrefix(".pipeline-run") } == [], "\(left)")
    }

    /// The tracks come from the caption files: a resumed run does not keep a video made from
    /// other captions.
    @Test func resumeRefusesAChangedCaptionFile() throws {
        try write(Self.pipeline(formats: ["mp4"]))
        _ = try run([])
        try Self.subRip.replacingOccurrences(of: "Tom", with: "Tim").write(
            to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["run", "talk.json", "--quiet", "--resume"], in: folder)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("talk.srt changed"), "\(refused.stderr)")
    }

    @Test func formatsWithoutSubtitlesAreNamedInAWarning() throws {
        try write(Self.pipeline(formats: ["png", "gif", "mp4"]))
        let validate = try CLI.run(["validate", "talk.json"], in: folder)
        #expect(validate.status == 0, "\(validate.stderr)")
        let warning = "output.subtitles: png and gif carry no subtitles (mp4, webm and mov do)"
        #expect(validate.stderr.components(separatedBy: warning).count == 2, "\(validate.stderr)")
        let run = try run(["--format", "gif"])
        #expect(
            run.stderr.components(separatedBy: "warning: output.subtitles: gif carries no subtitles").count == 2,
            "\(run.stderr)")
    }

    @Test func subtitlesWithoutCaptionsAreAWarning() throws {
        try write(Self.pipeline(formats: ["mp4"], captions: false))
        let validate = try CLI.run(["validate", "talk.json"], in: folder)
        #expect(validate.stderr.contains("output.subtitles: no text layer has captions"), "\(validate.stderr)")
        let run = try run([])
        #expect(run.stderr.contains("warning: output.subtitles: no text layer has captions"), "\(run.stderr)")
        #expect(try Self.streams(of: folder.appendingPathComponent("out/talk.mp4")) == [])
    }

    @Test func aTimelinePlayedBackwardsIsAWarning() throws {
        let pipeline = Self.pipeline(formats: ["mp4"]).replacingOccurrences(
            of: #""version": 1,"#, with: #""version": 1, "direction": "rewind","#)
        try write(pipeline)
        let validate = try CLI.run(["validate", "talk.json"], in: folder)
        #expect(
            validate.stderr.contains("output.subtitles: the subtitle tracks follow the video's clock"),
            "\(validate.stderr)")
        #expect(validate.stderr.contains("while the timeline plays backwards"), "\(validate.stderr)")
    }

    @Test func aValueThatIsNoBooleanIsAnError() throws {
        try write(Self.pipeline(formats: ["mp4"], subtitles: #""yes""#))
        let validate = try CLI.run(["validate", "talk.json"], in: folder)
        #expect(validate.status != 0)
        #expect(validate.stderr.contains("output.subtitles: expected"), "\(validate.stderr)")
    }
}
