import CAnimatorABI

/// The picture every frame is drawn on: its size in pixels and the colour under all layers.
public struct Canvas: Sendable {
    public var width: Int
    public var height: Int
    /// Straight alpha; a transparent background leaves uncovered pixels at (0, 0, 0, 0).
    public var background: anim_color_t
    /// How each frame's motion is blurred; nil: not at all.
    public var motionBlur: MotionBlur?

    public init(width: Int, height: Int, background: anim_color_t, motionBlur: MotionBlur? = nil) {
        self.width = width
        self.height = height
        self.background = background
        self.motionBlur = motionBlur
    }
}
