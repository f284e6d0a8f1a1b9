import Foundation
import Scene

/// Lays a `SoundMix` under a finished silent video with ffmpeg: the video stream is copied as it
/// is (not encoded again) and the mix encoded as the format's sound (`OutputFormat.soundEncoding`).
/// A run does this once its video is complete; `pipeline concat` does it once the parts are
/// joined, with the mix the parts carry, so a sharded render sounds exactly as a whole one.
public struct SoundMux {
    public let mix: SoundMix
    /// The frames of the render the video holds: the whole render, or the joined parts' span.
    public let frames: Range<Int>
    public let format: OutputFormat

    public init(mix: SoundMix, frames: Range<Int>? = nil, format: OutputFormat) {
        self.mix = mix
        self.frames = frames ?? 0..<mix.frameCount
        self.format = format
    }

    /// The ffmpeg arguments that write `output` from the silent `video`.
    func arguments(video: String, output: String) -> [String] {
        ["-hide_banner", "-nostats", "-loglevel", "error", "-y", "-i", video]
            + mix.sources.flatMap { ["-i", $0.file] }
            + ["-filter_complex", mix.filterGraph(frames: frames), "-map", "0:v", "-map", "[mix]", "-c:v", "copy"]
            // A joined video is no part: it does not carry the parts' record of the mix on.
            + ["-map_metadata", "-1"]
            + format.soundEncoding + FFmpegCommand.containerFlags(format) + ["-f", FFmpegCommand.muxer(format), output]
    }

    /// Writes `output` (a path ffmpeg writes as is: the caller stages it) from the silent
    /// `video`; `name` is the file messages name.
    public func write(video: String, output: String, name: String, ffmpegPath: String) throws(OutputError) {
        let log = try FFmpegLog(for: name)
        defer { log.remove() }
        let status: Int32
        do {
            status = try runFFmpeg(ffmpegPath, arguments(video: video, output: output), log: log)
        } catch {
            throw OutputError("cannot run \(ffmpegPath) to add the sound to \(name): \(error.localizedDescription)")
        }
        guard status == 0 else {
            unlink(output)
            throw OutputError("ffmpeg failed mixing the sound of \(name) (exit \(status)): \(log.tail())")
        }
    }
}
