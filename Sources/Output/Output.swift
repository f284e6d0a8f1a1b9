/// Output writes rendered frames to files: PNG sequences and stills through libpng, and MP4 or
/// GIF through an ffmpeg child process fed raw frames on its standard input.
///
/// It owns pixel conversion from the compositor's premultiplied BGRA to what files store, the
/// temporary-name-then-rename discipline that leaves only complete files behind, and finding and
/// supervising ffmpeg. It takes frames as a plain `FrameView` and must not depend on the
/// compositor, the scene or the plugins.

/// A file format the renderer can write.
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, mp4, gif

    /// Whether writing this format needs an ffmpeg executable.
    public var needsFFmpeg: Bool {
        self != .png
    }
}
