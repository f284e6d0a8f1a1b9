/// Moving footage a layer shows instead of a still image: a video file or a numbered image
/// sequence, and when it plays. The model holds plain values (resolved paths, seconds); a later
/// stage (the compositor's `SceneFootage`) opens the files, so a pipeline is read and checked
/// without the video libraries.
public struct FootageSpec: Sendable {
    public enum Source: Sendable, Hashable {
        /// A video file, resolved against the pipeline file's folder.
        case video(path: String)
        /// A printf-style pattern (`shots/frame_%04d.png`) or a glob (`shots/*.png`), resolved
        /// against the pipeline file's folder, played at `fps` frames per second.
        case sequence(pattern: String, fps: Double)

        /// The file or pattern as messages name it.
        public var path: String {
            switch self {
            case .video(let path): path
            case .sequence(let pattern, _): pattern
            }
        }
    }

    /// After the footage's last frame: hold it, show nothing, or play again from `from`.
    public enum End: String, Sendable, CaseIterable {
        case hold, hide, loop
    }

    /// Before `start`: show the frame at `from`, or nothing.
    public enum Before: String, Sendable, CaseIterable {
        case first, hide
    }

    public let source: Source
    /// Render time, in seconds, at which footage time `from` shows.
    public let start: Double
    /// Footage time, in seconds from its first frame, shown at `start`.
    public let from: Double
    /// Footage seconds per render second; positive.
    public let speed: Double
    public let end: End
    public let before: Before
    /// The gain the clip's own sound plays at, following the clip's timing; nil: the clip is silent.
    public let audioVolume: Double?
    /// The pipeline file, position and JSON path of the `video` or `sequence` value; nil for
    /// footage made in code.
    public let origin: SceneError.Origin?
    /// Where every file of a sequence must lie (its pattern is checked when read, its files when
    /// listed); nil when files may lie anywhere.
    public let confinement: FolderConfinement?

    public init(
        source: Source, start: Double = 0, from: Double = 0, speed: Double = 1, end: End = .hold,
        before: Before = .first, audioVolume: Double? = nil, origin: SceneError.Origin? = nil,
        confinement: FolderConfinement? = nil
    ) {
        precondition(speed > 0, "footage speed must be positive")
        (self.source, self.start, self.from, self.speed) = (source, start, from, speed)
        (self.end, self.before, self.origin, self.confinement) = (end, before, origin, confinement)
        self.audioVolume = audioVolume
    }
}
