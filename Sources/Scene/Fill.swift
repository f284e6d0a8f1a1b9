import CAnimatorABI

/// A colour at a position along a gradient, 0 at its start point and 1 at its end point.
public struct GradientStop: Sendable, Equatable {
    public var location: Double
    public var color: anim_color_t

    public init(location: Double, color: anim_color_t) {
        self.location = location
        self.color = color
    }

    public static func == (a: GradientStop, b: GradientStop) -> Bool {
        a.location == b.location && a.color.r == b.color.r && a.color.g == b.color.g && a.color.b == b.color.b
            && a.color.a == b.color.a
    }
}

/// A gradient, as CAGradientLayer and Lottie draw them: `start` and `end` are in unit coordinates
/// of the layer, (0, 0) top left and (1, 1) bottom right. A linear one runs from `start` to `end`;
/// a radial one is centred on `start`, its last colour on the circle through `end`. Beyond its
/// ends the gradient keeps the end colours.
public struct Gradient: Sendable, Equatable {
    public enum Kind: String, CaseIterable, Sendable {
        case linear, radial
    }

    public var kind: Kind
    public var start: anim_point_t
    public var end: anim_point_t
    public var stops: [GradientStop]

    public init(kind: Kind = .linear, start: anim_point_t, end: anim_point_t, stops: [GradientStop]) {
        (self.kind, self.start, self.end, self.stops) = (kind, start, end, stops)
    }

    public static func == (a: Gradient, b: Gradient) -> Bool {
        a.kind == b.kind && a.start.x == b.start.x && a.start.y == b.start.y && a.end.x == b.end.x
            && a.end.y == b.end.y && a.stops == b.stops
    }
}

/// A layer's background, painted under its image.
public enum Fill: Sendable {
    case color(anim_color_t)
    case gradient(Gradient)
}

extension Fill {
    /// A linear gradient from `start` to `end`, in unit coordinates of the layer.
    public static func linearGradient(start: anim_point_t, end: anim_point_t, stops: [GradientStop]) -> Fill {
        .gradient(Gradient(start: start, end: end, stops: stops))
    }
}
