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
    /// The formats among `formats` that carry no subtitles, a scene whose texts have no
    /// captions, and a timeline that does not play forwards on the video's clock (the tracks are
    /// timed on that clock): each a message, to follow the key's path (`output.subtitles: `).
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
        } else if scene.clock.interaction != nil || scene.clock.direction.isBackwards {
            // Frame i shows the timeline at i / fps only when the timeline plays forwards on its own.
            let clock = scene.clock.interaction != nil ? "is driven by the gesture" : "plays backwards"
            messages.append(
                "the subtitle tracks follow the video's clock (frame i at i / fps seconds), while the timeline "
                    + "\(clock): the cues play forwards in video time, not as the timeline shows them")
        }
        return messages
    }
}
