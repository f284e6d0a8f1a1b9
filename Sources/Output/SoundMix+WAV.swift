import Foundation

/// The mix alone, as a WAV file (16-bit PCM, 48 kHz stereo): what the preview plays beside the
/// frames. It is made by the same filter graph as a video's sound, so it sounds the same.
extension SoundMix {
    /// The ffmpeg arguments that write the mix to `output`. The graph reads source k from input
    /// k + 1; input 0, a video's place, is a silent source here.
    func wavArguments(output: String) -> [String] {
        ["-hide_banner", "-nostats", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo"]
            + sources.flatMap { ["-i", $0.file] }
            + ["-filter_complex", filterGraph(), "-map", "[mix]", "-c:a", "pcm_s16le"]
            // No tags: the same mix gives the same bytes.
            + ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact", "-f", "wav", output]
    }

    /// The mix as WAV bytes; `name` is what messages call it.
    public func wav(name: String, ffmpegPath: String) throws(OutputError) -> Data {
        let log = try FFmpegLog(for: name)
        defer { log.remove() }
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("pipeline-sound-\(getpid())-\(UUID().uuidString).wav").path
        defer { unlink(output) }
        let status: Int32
        do {
            status = try runFFmpeg(ffmpegPath, wavArguments(output: output), log: log)
        } catch {
            throw OutputError("cannot run \(ffmpegPath) to mix the sound of \(name): \(error.localizedDescription)")
        }
        guard status == 0, let data = FileManager.default.contents(atPath: output) else {
            throw OutputError("ffmpeg failed mixing the sound of \(name) (exit \(status)): \(log.tail())")
        }
        return data
    }
}
