import Scene

/// How sound is encoded in each format that carries it (`carriesSound`).
extension OutputFormat {
    /// The ffmpeg encoder of this format's sound: AAC in MP4 (what every player plays), Opus in
    /// WebM (the only lossy sound WebM players all take besides Vorbis), and 24-bit PCM in MOV,
    /// the ProRes hand-off to editors, which expect it uncompressed.
    public var soundEncoder: String? {
        switch self {
        case .mp4: "aac"
        case .webm: "libopus"
        case .mov: "pcm_s24le"
        case .png, .gif, .webp, .apng, .y4m: nil
        }
    }

    /// ffmpeg's options for the sound stream: the encoder, at 256 kb/s for AAC and 192 kb/s for
    /// Opus (PCM has no bit rate to choose).
    var soundEncoding: [String] {
        guard let soundEncoder else { return [] }
        let rate = ["aac": "256k", "libopus": "192k"][soundEncoder]
        return ["-c:a", soundEncoder] + (rate.map { ["-b:a", $0] } ?? [])
    }
}
