import CAnimatorABI

/// A colour at a position along a gradient, 0 at its start point and 1 at its end point.
public struct GradientStop: Sendable {
    public var location: Double
    public var color: anim_color_t

    public init(location: Double, color: anim_color_t) {
        self.location = location
        self.color = color
    }
}

/// A layer's background, painted under its image.
public enum Fill: Sendable {
    case color(anim_color_t)
    /// Start and end are in unit coordinates of the layer: (0, 0) top left, (1, 1) bottom right.
    /// Beyond its ends the gradient keeps the end colours.
    case linearGradient(start: anim_point_t, end: anim_point_t, stops: [GradientStop])
}
