import CAnimatorABI

/// The picture every frame is drawn on: its size in pixels and the colour under all layers.
public struct Canvas: Sendable {
    public var width: Int
    public var height: Int
    /// Straight alpha; a transparent background leaves uncovered pixels at (0, 0, 0, 0).
    public var background: anim_color_t

    public init(width: Int, height: Int, background: anim_color_t) {
        self.width = width
        self.height = height
        self.background = background
    }
}
