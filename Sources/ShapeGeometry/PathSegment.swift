/// One cubic Bézier from the previous point of its subpath (the subpath's start, or the end of the
/// segment before it) through `control1` and `control2` to `end`.
public struct PathSegment: Sendable, Equatable {
    public var control1: SIMD2<Double>, control2: SIMD2<Double>, end: SIMD2<Double>

    public init(control1: SIMD2<Double>, control2: SIMD2<Double>, end: SIMD2<Double>) {
        (self.control1, self.control2, self.end) = (control1, control2, end)
    }

    /// A straight line as a cubic: its controls at a third and two thirds of the way, so the curve's
    /// parameter runs at constant speed and a line interpolates with a curve number for number.
    public static func line(from: SIMD2<Double>, to: SIMD2<Double>) -> PathSegment {
        PathSegment(control1: from + (to - from) / 3, control2: from + (to - from) * (2.0 / 3), end: to)
    }
}

/// A cubic with its start point, for evaluating and cutting it.
struct Cubic {
    var p0: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, p3: SIMD2<Double>

    init(from start: SIMD2<Double>, _ segment: PathSegment) {
        (p0, p1, p2, p3) = (start, segment.control1, segment.control2, segment.end)
    }

    init(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
    }

    var segment: PathSegment { PathSegment(control1: p1, control2: p2, end: p3) }

    func point(at t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
    }

    func derivative(at t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return 3 * u * u * (p1 - p0) + 6 * u * t * (p2 - p1) + 3 * t * t * (p3 - p2)
    }

    /// The part from parameter `t0` to `t1` (0 ≤ t0 < t1 ≤ 1), by de Casteljau: exactly the same curve.
    func part(from t0: Double, to t1: Double) -> Cubic {
        let left = t1 >= 1 ? self : split(at: t1).0
        return t0 <= 0 ? left : left.split(at: t0 / t1).1
    }

    /// De Casteljau's subdivision at `t`: the curve before and after it.
    func split(at t: Double) -> (Cubic, Cubic) {
        let a = p0 + (p1 - p0) * t
        let b = p1 + (p2 - p1) * t
        let c = p2 + (p3 - p2) * t
        let d = a + (b - a) * t
        let e = b + (c - b) * t
        let f = d + (e - d) * t
        return (Cubic(p0, a, d, f), Cubic(f, e, c, p3))
    }
}
