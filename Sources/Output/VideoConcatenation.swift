import ChildProcess
import Foundation
import OptionNames
import Scene

/// Joins videos of consecutive parts of one render into one file, written under a temporary name
/// and renamed when complete. MP4, WebM and MOV streams are copied through ffmpeg's concat
/// demuxer (nothing re-encoded, so nothing lost); Y4M and GIF are read through it, decoded and
/// encoded once more, GIF with one palette for the whole; APNG parts, which the demuxer reads
/// only the first of, are joined by its concat filter. ffmpeg cannot read animated WebP back, so
/// WebP parts cannot be joined.
/// Parts of a render with sound carry its mix (`SoundMix.metadataKey`); the joined video gets the
/// mix's sound for the frames it holds, laid under it once (`SoundMux`), so it sounds exactly as
/// the whole render does. Parts with subtitle tracks carry the render's tracks the same way
/// (`Subtitles.metadataKey`): their own tracks are left out of the join and the render's laid
/// into the joined video once, for the frames it holds (see `VideoSubtitles.part`).
public struct VideoConcatenation {
    public let output: String
    public let parts: [String]
    public let format: OutputFormat

    public static let joinable: [OutputFormat] = [.mp4, .webm, .mov, .y4m, .gif, .apng]

    /// Checks what the names show: a joinable format, parts that exist in that format, and, for
    /// parts named as `run` names them, that each one starts where the one before ended.
    public init(output: String, parts: [String]) throws(OutputError) {
        let format = try Self.format(of: output)
        let fileExtension = format.rawValue
        guard !parts.isEmpty else { throw OutputError("no parts to join into \(output)") }
        let target = URL(fileURLWithPath: output).standardizedFileURL.path
        for part in parts {
            guard URL(fileURLWithPath: part).standardizedFileURL.path != target else {
                throw OutputError("\(part) is both a part and the output: write the joined video elsewhere")
            }
            guard (part as NSString).pathExtension.lowercased() == fileExtension else {
                throw OutputError(
                    "\(part) is not .\(fileExtension) like \(output): join parts of one format into that format")
            }
            guard FileManager.default.isReadableFile(atPath: part) else {
                throw OutputError("part \(part) does not exist or cannot be read")
            }
        }
        try Self.checkSequence(parts)
        self.output = output
        self.parts = parts
        self.format = format
    }

    /// The format `output`'s extension names, if parts can be joined into it.
    public static func format(of output: String) throws(OutputError) -> OutputFormat {
        let fileExtension = (output as NSString).pathExtension.lowercased()
        guard let format = OutputFormat(rawValue: fileExtension), joinable.contains(format) else {
            throw OutputError(
                "cannot join into \(output): "
                    + (fileExtension == "webp"
                        ? "ffmpeg cannot read animated WebP back; render the parts as png or webm instead"
                        : "its extension must be one of " + joinable.map(\.rawValue).joined(separator: ", ")))
        }
        return format
    }

    /// Parts named `<base>.<first>-<last>.<ext>` must be of one render and follow on exactly.
    private static func checkSequence(_ paths: [String]) throws(OutputError) {
        let named = paths.compactMap { VideoPart(fileName: ($0 as NSString).lastPathComponent) }
        guard named.count == paths.count else { return }
        for (index, (previous, next)) in zip(named, named.dropFirst()).enumerated() {
            let (before, after) = (paths[index], paths[index + 1])
            guard previous.base == next.base else {
                throw OutputError(
                    "\(before) and \(after) are parts of different renders (\(previous.base), \(next.base)): join one render's parts"
                )
            }
            if next.frames.lowerBound > previous.frames.upperBound + 1 {
                throw OutputError(
                    naming:
                        "frames \(previous.frames.upperBound + 1)-\(next.frames.lowerBound - 1) are missing between \(before) "
                        + "and \(after): render them with \(.frames) and join again")
            }
            guard next.frames.lowerBound == previous.frames.upperBound + 1 else {
                throw OutputError(
                    "\(after) starts at frame \(next.frames.lowerBound), but \(before) ends at frame "
                        + "\(previous.frames.upperBound): give the parts in frame order, each once")
            }
        }
    }

    /// Checks with ffprobe that every part has the first one's codec, size, pixels and rate.
    public func checkParts(ffprobePath: String) throws(OutputError) {
        let first = try VideoProbe(path: parts[0], ffprobePath: ffprobePath)
        for part in parts.dropFirst() {
            let probe = try VideoProbe(path: part, ffprobePath: ffprobePath)
            guard probe == first else {
                throw OutputError(
                    naming: "\(part) is \(probe) but \(parts[0]) is \(first): join parts of one render "
                        + "(same \(.scale), \(.fps), \(.quality) and canvas)")
            }
        }
    }

    /// The sound the parts carry, for the frames they hold together; nil when they carry none.
    /// The parts must carry one render's mix, all of them, and follow on frame by frame.
    public func sound(ffprobePath: String) throws(OutputError) -> SoundMux? {
        guard format.carriesSound,
            let (mix, frames) = try carried(SoundMix.self, record: "sound", what: "sound", ffprobePath: ffprobePath)
        else { return nil }
        var checked = Set<String>()
        for source in mix.sources where checked.insert(source.file).inserted {
            guard let data = FileManager.default.contents(atPath: source.file) else {
                throw OutputError(
                    "the parts' sound plays \(source.file), which is missing or unreadable here: put that file there "
                        + "(the parts were rendered with it), then join again")
            }
            if let hash = source.contentHash, ContentHash.of(data) != hash {
                throw OutputError(
                    "\(source.file) changed since the parts were rendered: the joined sound would not be theirs; "
                        + "render the parts again, or put back the file they were rendered with")
            }
        }
        return SoundMux(mix: mix, frames: frames, format: format)
    }

    /// The subtitle tracks the parts carry, for the frames they hold together; nil when they
    /// carry none. The parts must carry one render's tracks, all of them, and follow on frame by
    /// frame.
    public func subtitles(ffprobePath: String) throws(OutputError) -> SubtitleMux? {
        guard format.carriesSubtitles,
            let (subtitles, frames) = try carried(
                Subtitles.self, record: "subtitle", what: "subtitles", ffprobePath: ffprobePath)
        else { return nil }
        return SubtitleMux(subtitles: subtitles, frames: frames, format: format)
    }

    /// What the parts carry of their render (its mix, its tracks: `what`, in a `record`), and the
    /// frames they hold together; nil when they carry none. Either every part carries it or none
    /// does, the same for all, and they follow on frame by frame.
    private func carried<Whole: CarriedByParts>(
        _ type: Whole.Type, record: String, what: String, ffprobePath: String
    ) throws(OutputError) -> (Whole, Range<Int>)? {
        var records: [(part: String, whole: Whole, frames: Range<Int>)?] = []
        for part in parts {
            guard let tag = try VideoProbe.tag(Whole.metadataKey, of: part, ffprobePath: ffprobePath) else {
                records.append(nil)
                continue
            }
            guard let (whole, frames) = Whole.part(metadata: tag) else {
                throw OutputError("\(part) carries a \(record) record pipeline cannot read: render the part again")
            }
            records.append((part, whole, frames))
        }
        guard let first = records.compactMap({ $0 }).first else { return nil }
        if let index = records.firstIndex(where: { $0 == nil }) {
            throw OutputError(
                "\(parts[index]) carries no \(what) but \(first.part) does: join the parts of one render, rendered "
                    + "alike")
        }
        let carried = records.compactMap { $0 }
        for (previous, next) in zip(carried, carried.dropFirst()) {
            guard next.whole == first.whole else {
                throw OutputError(
                    "\(next.part) and \(first.part) carry different \(what): join the parts of one render, rendered "
                        + "alike")
            }
            guard next.frames.lowerBound == previous.frames.upperBound else {
                throw OutputError(
                    "\(next.part) starts at frame \(next.frames.lowerBound), but \(previous.part) ends at frame "
                        + "\(previous.frames.upperBound - 1): give the parts in frame order, each once, none missing")
            }
        }
        return (first.whole, first.frames.lowerBound..<carried.last!.frames.upperBound)
    }

    /// Runs ffmpeg; `output` appears only if it succeeds. With `sound` or `subtitles`, the parts
    /// are joined into a hidden silent file first and the sound and tracks laid into it.
    public func write(ffmpegPath: String, sound: SoundMux? = nil, subtitles: SubtitleMux? = nil) throws(OutputError) {
        let folder = (output as NSString).deletingLastPathComponent
        if !folder.isEmpty { try createDirectories(folder) }
        let staged = StagedFile(path: output)
        let mux = VideoMux.optional(sound: sound, subtitles: subtitles, format: format)
        let joined = mux == nil ? staged.temporaryPath : StagedFile.hidden(output, tag: "silent-\(getpid())")
        defer { if mux != nil { unlink(joined) } }
        let log = try FFmpegLog(for: output)
        // The parts' list, or the filter graph joining them: a file, as it grows with the parts.
        let script = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pipeline-concat-\(UUID().uuidString).txt"
        ).path
        defer { unlink(script) }
        guard FileManager.default.createFile(atPath: script, contents: Data(scriptText.utf8)) else {
            log.remove()
            throw OutputError(
                "cannot write the list of parts to \(script): the folder is not writable or the disk is full")
        }
        let status: Int32
        do throws(ChildStartFailure) {
            status = try runFFmpeg(
                ffmpegPath,
                ["-hide_banner", "-nostats", "-loglevel", "warning", "-y"] + inputs(script: script)
                    + encoding(script: script) + ["-f", FFmpegCommand.muxer(format), joined], log: log)
        } catch {
            log.remove()
            throw OutputError("cannot run \(ffmpegPath) to join parts into \(output): \(error.reason)")
        }
        guard status == 0 else {
            let message = OutputError("ffmpeg failed joining parts into \(output) (exit \(status)): \(log.tail())")
            staged.discard()
            log.remove()
            throw message
        }
        log.remove()
        if let mux {
            try mux.write(video: joined, output: staged.temporaryPath, name: output, ffmpegPath: ffmpegPath)
        }
        try staged.commit()
    }

    /// APNG parts are inputs of their own; the concat demuxer reads every other format's.
    private var readsList: Bool { format != .apng }

    /// The concat demuxer reads the list of parts (`script`); the concat filter takes each as an
    /// input.
    private func inputs(script: String) -> [String] {
        readsList ? ["-f", "concat", "-safe", "0", "-i", script] : parts.flatMap { ["-i", $0] }
    }

    /// The concat demuxer's list: one `file '<absolute path>'` line per part, quotes escaped; or
    /// the concat filter's graph over the parts' inputs.
    private var scriptText: String {
        guard readsList else {
            return parts.indices.map { "[\($0):v]" }.joined() + "concat=n=\(parts.count):v=1:a=0"
        }
        return parts.map { part in
            let path = URL(fileURLWithPath: part).standardizedFileURL.path.replacingOccurrences(of: "'", with: "'\\''")
            return "file '\(path)'\n"
        }.joined()
    }

    private func encoding(script: String) -> [String] {
        switch format {
        // The video alone: the parts' subtitle tracks hold their own frames' cues (see `subtitles`).
        case .mp4, .mov: return ["-map", "0:v", "-c", "copy", "-movflags", "+faststart"]
        case .gif: return ["-filter_complex", FFmpegCommand.gifPalette, "-loop", "0"]
        case .apng: return ["-filter_complex_script", script, "-c:v", "apng", "-plays", "0"]
        case .y4m: return []
        case .webm: return ["-map", "0:v", "-c", "copy"]
        case .png, .webp: return ["-c", "copy"]
        }
    }
}
