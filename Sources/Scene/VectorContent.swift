/// Vector content a layer shows in place of an image: an SVG document, drawn as vectors at the
/// pixel size the layer is drawn at, or a Lottie animation, rendered to pixels of that size
/// frame by frame. The model names the files; the compositor's `SceneVectors` reads and checks
/// them, so a pipeline file is read without the vector libraries.
public struct SVGFile: Sendable {
    public let path: String
    /// The pipeline file, position and JSON path of the `svg` (or `image`) value; nil for
    /// documents made in code.
    public let origin: SceneError.Origin?
    /// Where the files the document refers to must lie; nil when they may lie anywhere.
    public let confinement: FolderConfinement?

    public init(path: String, origin: SceneError.Origin? = nil, confinement: FolderConfinement? = nil) {
        (self.path, self.origin, self.confinement) = (path, origin, confinement)
    }
}

/// A Lottie animation and when it plays: its first frame at render time `start`, then
/// `speed` animation seconds per render second, holding its last frame or looping.
public struct LottieSpec: Sendable {
    public let path: String
    /// Render time, in seconds, at which the animation's first frame shows.
    public let start: Double
    /// Animation seconds per render second; positive.
    public let speed: Double
    /// After the last frame: play again from the first (true) or hold the last (false).
    public let loops: Bool
    /// The pipeline file, position and JSON path of the `lottie` value; nil for animations made in code.
    public let origin: SceneError.Origin?
    /// Where the image assets the animation names must lie; nil when they may lie anywhere.
    public let confinement: FolderConfinement?

    public init(
        path: String, start: Double = 0, speed: Double = 1, loops: Bool = false, origin: SceneError.Origin? = nil,
        confinement: FolderConfinement? = nil
    ) {
        precondition(speed > 0, "a Lottie animation's speed must be positive")
        (self.path, self.start, self.speed, self.loops) = (path, start, speed, loops)
        (self.origin, self.confinement) = (origin, confinement)
    }
}
