import Foundation
import OptionNames
import Scene

extension VideoConcatenation {
    /// Why a join failed, and whose fault: `isInput` when the parts or the output are wrong,
    /// false when ffmpeg is missing or failed.
    public struct JoinFailure: Error, CustomStringConvertible {
        /// The message; it names options (`frames`) for the caller to word.
        public let text: OptionText
        public let isInput: Bool

        public var description: String { text.description }
    }

    /// Joins `parts` (in frame order, or one folder whose `<name>.<first>-<last>.<ext>` files in
    /// the output's format are taken in name order) into `output`: checks that each part starts
    /// where the one before ended and all share one codec, size and rate, then writes it, with
    /// the parts' render's sound and subtitle tracks when they carry them. Returns the join and whether it has sound.
    public static func join(output: String, parts: [String]) throws(JoinFailure) -> (Self, sound: Bool) {
        func stage<T>(input: Bool, _ body: () throws(OutputError) -> T) throws(JoinFailure) -> T {
            do throws(OutputError) { return try body() } catch {
                throw JoinFailure(text: error.text, isInput: input)
            }
        }
        let format = try stage(input: true) { () throws(OutputError) in try Self.format(of: output) }
        let files = try stage(input: true) { () throws(OutputError) in try partFiles(parts, format: format) }
        let join = try stage(input: true) { () throws(OutputError) in
            try VideoConcatenation(output: output, parts: files)
        }
        let ffmpeg = try stage(input: false) { () throws(OutputError) in try FFmpeg.require() }
        let ffprobe = try stage(input: false) { () throws(OutputError) in try VideoProbe.locate(besides: ffmpeg) }
        try stage(input: true) { () throws(OutputError) in try join.checkParts(ffprobePath: ffprobe) }
        let sound = try stage(input: true) { () throws(OutputError) in try join.sound(ffprobePath: ffprobe) }
        let subtitles = try stage(input: true) { () throws(OutputError) in try join.subtitles(ffprobePath: ffprobe) }
        try stage(input: false) { () throws(OutputError) in
            try join.write(ffmpegPath: ffmpeg, sound: sound, subtitles: subtitles)
        }
        return (join, sound != nil)
    }

    /// The parts as given, or a lone folder's part files (not hidden: unfinished files are)
    /// sorted by name.
    private static func partFiles(_ parts: [String], format: OutputFormat) throws(OutputError) -> [String] {
        var isDirectory: ObjCBool = false
        guard parts.count == 1, FileManager.default.fileExists(atPath: parts[0], isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return parts }
        let folder = parts[0]
        let fileExtension = format.rawValue
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
            !name.hasPrefix(".") && VideoPart(fileName: name)?.fileExtension.lowercased() == fileExtension
        }
        guard !names.isEmpty else {
            throw OutputError(
                naming: "\(folder) holds no parts named <name>.<first>-<last>.\(fileExtension): render them with "
                    + "pipeline run \(.shard) I/N or \(.frames) A-B, or list the parts to join")
        }
        return names.sorted().map { (folder as NSString).appendingPathComponent($0) }
    }
}
