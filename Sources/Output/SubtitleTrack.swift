import Foundation
import Scene

/// A render's captions as subtitle tracks (`output.subtitles`): one track per text layer with
/// captions, in layer order, titled with the layer's name. Cue times are render seconds (frame
/// `i` shows `i / fps`); a video holding frames `a..<b` carries each cue clipped to
/// `a / fps ..< b / fps` and moved `a / fps` earlier, so its times count from the video's first
/// frame, and a cue wholly outside the frames is left out. Cues are plain text: the captions'
/// bold, italic, underline, colours and voices are not written.
public struct Subtitles: Codable, Sendable, Equatable {
    public struct Cue: Codable, Sendable, Equatable {
        public var start: Double
        public var end: Double
        /// Its lines, joined by "\n".
        public var text: String

        public init(start: Double, end: Double, text: String) {
            (self.start, self.end, self.text) = (start, end, text)
        }
    }

    public struct Track: Codable, Sendable, Equatable {
        /// The layer's name.
        public var title: String
        /// In the caption file's order.
        public var cues: [Cue]
        /// The captions' `language`; nil: undetermined.
        public var language: CaptionLanguage?

        public init(title: String, cues: [Cue], language: CaptionLanguage? = nil) {
            (self.title, self.cues, self.language) = (title, cues, language)
        }
    }

    public var tracks: [Track]
    /// The whole render's frames and rate.
    public var frameCount: Int
    public var fps: Double

    public init(tracks: [Track], frameCount: Int, fps: Double) {
        (self.tracks, self.frameCount, self.fps) = (tracks, frameCount, fps)
    }

    /// The tracks of `scene`'s text layers with captions; nil when none has any.
    public init?(scene: Scene) {
        let tracks = scene.layers.compactMap { layer -> Track? in
            guard let captions = layer.content.text?.captions else { return nil }
            return Track(
                title: layer.name,
                cues: captions.track.cues.map { Cue(start: $0.start, end: $0.end, text: $0.text) },
                language: captions.language)
        }
        guard !tracks.isEmpty else { return nil }
        self.init(tracks: tracks, frameCount: scene.frameCount, fps: scene.fps)
    }

    /// The cues of `track` a video holding `frames` shows, on its clock (see the type's summary).
    public func cues(of track: Track, frames: Range<Int>) -> [Cue] {
        let first = Double(frames.lowerBound) / fps
        let last = Double(frames.upperBound) / fps
        return track.cues.compactMap { cue in
            let start = max(cue.start, first) - first
            let end = min(cue.end, last) - first
            // Times are kept to the millisecond (WebVTT's and mov_text's precision).
            guard Self.milliseconds(end) > Self.milliseconds(start) else { return nil }
            return Cue(start: start, end: end, text: cue.text)
        }
    }

    /// `track` as a WebVTT file for a video holding `frames`: each cue's timing and its lines,
    /// `&`, `<` and `>` written as character references and empty lines left out (a blank line
    /// would end the cue).
    public func webVTT(_ track: Track, frames: Range<Int>) -> String {
        var text = "WEBVTT\n"
        for cue in cues(of: track, frames: frames) {
            let lines = cue.text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
                line.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;")
            }.filter { !$0.allSatisfy(\.isWhitespace) }
            text += "\n\(Self.timestamp(cue.start)) --> \(Self.timestamp(cue.end))\n"
            text += lines.map { $0 + "\n" }.joined()
        }
        return text
    }

    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    /// WebVTT's `hh:mm:ss.ttt`.
    static func timestamp(_ seconds: Double) -> String {
        let total = milliseconds(max(seconds, 0))
        let (hours, minutes) = (total / 3_600_000, total / 60_000 % 60)
        let (wholeSeconds, millis) = (total / 1000 % 60, total % 1000)
        return String(format: "%02d:%02d:%02d.%03d", hours, minutes, wholeSeconds, millis)
    }
}

/// Parts of a render carry its tracks (`metadata(part:)`), under "pipeline_subtitles".
extension Subtitles: CarriedByParts {
    public static let metadataKey = "pipeline_subtitles"
    public static let recordKey = "subtitles"
}

/// The subtitle tracks of one video: the render's tracks for the frames it holds, in the
/// format's codec (`OutputFormat.subtitleCodec`).
public struct SubtitleMux: Sendable {
    public let subtitles: Subtitles
    public let frames: Range<Int>
    public let format: OutputFormat

    public init(subtitles: Subtitles, frames: Range<Int>? = nil, format: OutputFormat) {
        self.subtitles = subtitles
        self.frames = frames ?? 0..<subtitles.frameCount
        self.format = format
    }

    /// The WebVTT file each track is read from while `output` is written: hidden beside it, as
    /// the output's own temporary is.
    func files(for output: String) -> [String] {
        subtitles.tracks.indices.map { StagedFile.hidden(output + ".vtt", tag: "subtitles-\(getpid())-\($0)") }
    }

    /// Writes each track's WebVTT file (`files(for:)`); on failure none is left.
    func writeFiles(for output: String) throws(OutputError) -> [String] {
        let files = files(for: output)
        for (track, file) in zip(subtitles.tracks, files) {
            guard
                FileManager.default.createFile(
                    atPath: file, contents: Data(subtitles.webVTT(track, frames: frames).utf8))
            else {
                for written in files { unlink(written) }
                throw OutputError(
                    "cannot write the subtitles of \(output) beside it: the folder is not writable or the disk is full")
            }
        }
        return files
    }

    /// ffmpeg's inputs for `files`, the tracks' WebVTT files.
    static func inputs(_ files: [String]) -> [String] {
        files.flatMap { ["-f", "webvtt", "-i", $0] }
    }

    /// The maps, codec, titles and languages of the tracks read from inputs `first`, `first + 1`,
    /// …. mov_text is encoded from the WebVTT text; WebM takes the WebVTT cues as read (copied),
    /// which keeps their character references as written (ffmpeg's WebVTT encoder would write a
    /// `<` of the text bare). A title goes into `title` and, for MP4 and MOV, whose muxer keeps no
    /// `title` on a track, the handler's name, which players show as the track's name. Titles are
    /// layer names, at most `SceneDecoder.maximumNameBytes` long, so these arguments are bounded.
    func outputOptions(firstInput first: Int) -> [String] {
        let codec = format == .webm ? "copy" : (format.subtitleCodec ?? "copy")
        var options = subtitles.tracks.indices.flatMap { ["-map", "\(first + $0):s"] } + ["-c:s", codec]
        for (index, track) in subtitles.tracks.enumerated() {
            options += ["-metadata:s:s:\(index)", "title=\(track.title)"]
            if format != .webm { options += ["-metadata:s:s:\(index)", "handler_name=\(track.title)"] }
            options += ["-metadata:s:s:\(index)", "language=\(languageCode(track))"]
        }
        return options
    }

    /// The ISO 639-2 code the container stores for `track`'s language: the terminology form in
    /// MP4, Matroska's bibliographic form in WebM, QuickTime's in MOV.
    private func languageCode(_ track: Subtitles.Track) -> String {
        guard let language = track.language else { return CaptionLanguage.undetermined }
        switch format {
        case .webm: return language.iso639Bibliographic
        case .mov: return language.iso639QuickTime
        default: return language.iso639
        }
    }
}

/// What a video does with its render's subtitle tracks.
public struct VideoSubtitles: Sendable {
    public let subtitles: Subtitles
    /// The frames of a part of a render (`--frames`, `--shard`); nil for the whole render.
    ///
    /// A part carries the tracks for its own frames, so it plays with its captions, and the
    /// render's tracks in its metadata (`Subtitles.metadataKey`). `pipeline concat` leaves the
    /// parts' own tracks out and lays the render's tracks into the joined video once, for the
    /// frames it holds: a cue across the boundary of two parts is split in their tracks, and
    /// joining those would give two cues where the whole render has one.
    public let part: Range<Int>?

    public init(_ subtitles: Subtitles, part: Range<Int>?) { (self.subtitles, self.part) = (subtitles, part) }
}
