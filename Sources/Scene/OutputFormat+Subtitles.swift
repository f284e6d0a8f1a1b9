/// Which formats carry subtitle tracks (`output.subtitles`), and in which codec.
extension OutputFormat {
    /// ffmpeg's name of the subtitle codec the format carries: mov_text (3GPP timed text, what
    /// MP4 and QuickTime players read) in MP4 and MOV, WebVTT in WebM; nil for PNG frames, GIF,
    /// WebP, APNG and Y4M, which have no subtitle streams.
    public var subtitleCodec: String? {
        switch self {
        case .mp4, .mov: "mov_text"
        case .webm: "webvtt"
        case .png, .gif, .webp, .apng, .y4m: nil
        }
    }

    public var carriesSubtitles: Bool { subtitleCodec != nil }
}

/// What `output.subtitles` cannot do for a render, said by `validate` (for the file's formats)
/// and by `run` (for the formats it writes), once each.
public enum SubtitleWarnings {
    /// The formats among `formats` that carry no subtitles, and a scene whose texts have no
    /// captions: each a message, to follow the key's path (`output.subtitles: `).
    public static func messages(formats: [OutputFormat], scene: Scene) -> [String] {
        var messages: [String] = []
        let left = formats.filter { !$0.carriesSubtitles }.map(\.rawValue)
        if !left.isEmpty {
            let list = left.count < 2 ? left.joined() : left.dropLast().joined(separator: ", ") + " and " + left.last!
            messages.append(
                "\(list) \(left.count == 1 ? "carries" : "carry") no subtitles (mp4, webm and mov "
                    + "do): the captions are left out of \(left.count == 1 ? "it" : "them")")
        }
        if !scene.layers.contains(where: { $0.content.text?.captions != nil }) {
            messages.append(
                "no text layer has captions (\"text\": {\"captions\": {\"file\": …}}): "
                    + "there are no subtitles to write")
        }
        return messages
    }
}
