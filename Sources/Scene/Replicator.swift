import CAnimatorABI

/// A layer's sublayers drawn again and again, each copy moved, turned, scaled and tinted a step
/// further than the one before (Core Animation's CAReplicatorLayer, Lottie's repeater).
///
/// Copy `i` (0 the sublayers as they are) is drawn through translation i·t, rotation i·θ and
/// scale sⁱ, about the replicating layer's anchor (as Lottie's repeater builds its copies; for a
/// rotation alone, a scale alone or a translation alone that is Core Animation's instance
/// transform applied i times), its colours are multiplied by `color(ofInstance:)`, and it shows
/// its sublayers as they are `delay` × i seconds earlier.
public struct Replicator: Sendable, Equatable {
    public static let maximumCount = 1000

    public var count: Int
    public var translation: anim_point_t
    /// Degrees, clockwise.
    public var rotation: Double
    public var scale: anim_point_t
    /// Seconds each copy shows its sublayers later than the one before: copy i shows the states
    /// steps give them at t − i·delay.
    public var delay: Double = 0
    /// The colour the first copy's colours are multiplied by.
    public var color: anim_color_t
    /// What each copy adds to the one before's multiplying colour, red, green, blue and alpha.
    public var offsets: [Double]

    public init(
        count: Int, translation: anim_point_t = anim_point_t(x: 0, y: 0), rotation: Double = 0,
        scale: anim_point_t = anim_point_t(x: 1, y: 1), color: anim_color_t = anim_color_t(r: 1, g: 1, b: 1, a: 1),
        offsets: [Double] = [0, 0, 0, 0]
    ) {
        (self.count, self.translation, self.rotation, self.scale) = (count, translation, rotation, scale)
        (self.color, self.offsets) = (color, offsets)
    }

    /// The colour copy `instance`'s colours are multiplied by: the first copy's plus `instance`
    /// offsets, each part kept within 0…1.
    public func color(ofInstance instance: Int) -> anim_color_t {
        func part(_ value: Double, _ offset: Double) -> Double { min(max(value + Double(instance) * offset, 0), 1) }
        return anim_color_t(
            r: part(color.r, offsets[0]), g: part(color.g, offsets[1]), b: part(color.b, offsets[2]),
            a: part(color.a, offsets[3]))
    }

    public static func == (x: Replicator, y: Replicator) -> Bool {
        x.count == y.count && x.translation.x == y.translation.x && x.translation.y == y.translation.y
            && x.rotation == y.rotation && x.delay == y.delay && x.scale.x == y.scale.x && x.scale.y == y.scale.y
            && x.color.r == y.color.r && x.color.g == y.color.g && x.color.b == y.color.b && x.color.a == y.color.a
            && x.offsets == y.offsets
    }
}
