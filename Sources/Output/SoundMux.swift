import ChildProcess
import Footage
import Foundation
import Scene

/// A `SoundMix` for a video: the mix, computed in the host (`SoundMixer`) and handed to ffmpeg as
/// raw samples, encoded as the format's sound (`OutputFormat.soundEncoding`). A run's ffmpeg
/// encodes it beside the frames (`FFmpegCommand.sound`), or lays it under the finished video with
/// the subtitle tracks (`VideoMux`); `pipeline concat` lays it under the joined parts, with the
/// mix the parts carry, so a sharded render sounds exactly as a whole one.
public struct SoundMux: Sendable {
    public let mix: SoundMix
    /// The frames of the render the video holds: the whole render, or the joined parts' span.
    public let frames: Range<Int>
    public let format: OutputFormat

    public init(mix: SoundMix, frames: Range<Int>? = nil, format: OutputFormat) {
        self.mix = mix
        self.frames = frames ?? 0..<mix.frameCount
        self.format = format
    }

    /// ffmpeg's input 1: the mix of `frames` as raw 48 kHz stereo float samples in `pcm`.
    func inputs(pcm: String) -> [String] {
        ["-f", "f32le", "-ar", "\(SoundMix.sampleRate)", "-ac", "2", "-i", pcm]
    }

    /// The mix, mapped and encoded.
    var outputOptions: [String] {
        ["-map", "1:a"] + format.soundEncoding
    }

    /// Mixes the sound of `frames` in the host (`SoundMixer`) into a new raw float file, whose
    /// path it returns; `name` is what messages call the video. Its CPU time counts in `SoundCost`.
    func writePCM(name: String) throws(OutputError) -> String {
        try SoundCost.measure { () throws(OutputError) in try mixPCM(name: name) }
    }

    private func mixPCM(name: String) throws(OutputError) -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("pipeline-sound-\(getpid())-\(UUID().uuidString).f32").path
        do {
            let mixer = try SoundMixer(mix: mix)
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw OutputError("cannot write the sound of \(name) to \(path)") }
            defer { try? handle.close() }
            try mixer.writeFloats(frames: frames, to: handle)
        } catch let error as FootageError {
            unlink(path)
            throw OutputError("cannot mix the sound of \(name): \(error.description)")
        } catch let error as OutputError {
            unlink(path)
            throw error
        } catch {
            unlink(path)
            throw OutputError("cannot write the sound of \(name) to \(path): \(error.localizedDescription)")
        }
        return path
    }
}

/// Lays sound (`SoundMux`) and subtitle tracks (`SubtitleMux`) into a finished video with ffmpeg:
/// the video stream is copied as it is (not encoded again). The subtitle tracks' WebVTT files and
/// the records' FFMETADATA file are written hidden beside the output and removed whatever happens.
public struct VideoMux: Sendable {
    public var sound: SoundMux?
    public var subtitles: SubtitleMux?
    public let format: OutputFormat
    /// Tags written into the file's metadata (a part's records), by key, read from a file
    /// (`FFMetadataFile`); none are carried over from the video.
    var metadata: [(key: String, value: String)] = []

    public init(sound: SoundMux? = nil, subtitles: SubtitleMux? = nil, format: OutputFormat) {
        (self.sound, self.subtitles, self.format) = (sound, subtitles, format)
    }

    /// Nil when there is nothing to lay in.
    public static func optional(sound: SoundMux?, subtitles: SubtitleMux?, format: OutputFormat) -> VideoMux? {
        sound == nil && subtitles == nil ? nil : VideoMux(sound: sound, subtitles: subtitles, format: format)
    }

    /// The ffmpeg arguments that write `output` from the silent `video`, the tracks read from
    /// `subtitleFiles`, the sound's mix from `pcm` (`SoundMux.writePCM`) and the tags from
    /// `metadataFile` (`FFMetadataFile`). Each argument's length is bounded, whatever the render.
    func arguments(
        video: String, output: String, subtitleFiles: [String], pcm: String? = nil, metadataFile: String? = nil
    ) -> [String] {
        let soundInputs = sound.flatMap { sound in pcm.map { sound.inputs(pcm: $0) } } ?? []
        let firstSubtitles = soundInputs.isEmpty ? 1 : 2
        let tagsInput = firstSubtitles + subtitleFiles.count
        return ["-hide_banner", "-nostats", "-loglevel", "error", "-y", "-i", video] + soundInputs
            + SubtitleMux.inputs(subtitleFiles) + (metadataFile.map { ["-f", "ffmetadata", "-i", $0] } ?? [])
            + ["-map", "0:v", "-c:v", "copy"]
            + (soundInputs.isEmpty ? [] : sound?.outputOptions ?? [])
            + (subtitles?.outputOptions(firstInput: firstSubtitles) ?? [])
            // A joined video is no part: it does not carry the parts' records on.
            + ["-map_metadata", metadataFile == nil ? "-1" : "\(tagsInput)"]
            + FFmpegCommand.containerFlags(format, keepingTags: metadataFile != nil)
            + ["-f", FFmpegCommand.muxer(format), output]
    }

    /// The files `write` puts beside `name` while it runs.
    func temporaryFiles(for name: String) -> [String] {
        (subtitles?.files(for: name) ?? []) + (metadata.isEmpty ? [] : [FFMetadataFile.path(for: name)])
    }

    /// Writes `output` (a path ffmpeg writes as is: the caller stages it) from the silent
    /// `video`; `name` is the file messages name, beside which the subtitles' files are written.
    public func write(video: String, output: String, name: String, ffmpegPath: String) throws(OutputError) {
        let files = try subtitles?.writeFiles(for: name) ?? []
        defer { for file in files { unlink(file) } }
        let metadataFile = metadata.isEmpty ? nil : try FFMetadataFile(tags: metadata).write(for: name)
        defer { if let metadataFile { unlink(metadataFile) } }
        let pcm = try sound?.writePCM(name: name)
        defer { if let pcm { unlink(pcm) } }
        let log = try FFmpegLog(for: name)
        defer { log.remove() }
        let (what, doing) =
            sound != nil
            ? ("add the sound to", "mixing the sound of")
            : subtitles != nil ? ("add the subtitles to", "adding the subtitles to") : ("write", "writing")
        let status: Int32
        do throws(ChildStartFailure) {
            status = try runFFmpeg(
                ffmpegPath,
                arguments(video: video, output: output, subtitleFiles: files, pcm: pcm, metadataFile: metadataFile),
                log: log)
        } catch {
            throw OutputError("cannot run \(ffmpegPath) to \(what) \(name): \(error.reason)")
        }
        guard status == 0 else {
            unlink(output)
            throw OutputError("ffmpeg failed \(doing) \(name) (exit \(status)): \(log.tail())")
        }
    }
}
