/// CSS / Core Animation `cubic-bezier(x1, y1, x2, y2)`: a Bézier from (0, 0) to (1, 1) whose x is
/// time and y is eased progress.
public struct CubicBezierCurve: HostCurve, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// `x1` and `x2` must lie in [0, 1] so that x grows with the curve parameter (the caller validates).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "cubic-bezier x1 and x2 must lie in [0, 1]")
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    public func value(at progress: Double) -> Double {
        // The endpoints are exact so that a finished step holds its exact end state.
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return Self.bezier(parameter(forX: progress), y1, y2)
    }

    /// Its name when it is a named curve ("ease-in-out"), else "cubic-bezier(0.2, 0, 0, 1)".
    public var description: String {
        NamedCurves.name(of: self) ?? "cubic-bezier(\([x1, y1, x2, y2].map(\.written).joined(separator: ", ")))"
    }

    /// The curve parameter s in [0, 1] where x(s) = x, to within 1e-7 in s.
    private func parameter(forX x: Double) -> Double {
        let tolerance = 1e-7
        var s = x
        for _ in 0..<8 {
            let slope = Self.slope(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            let step = (Self.bezier(s, x1, x2) - x) / slope
            s -= step
            if !(0...1).contains(s) { break }
            if abs(step) < tolerance { return s }
        }
        // Newton stalls where the slope vanishes (y is steep there); x(s) is monotone on [0, 1], so
        // bisection always works.
        var (low, high) = (0.0, 1.0)
        while high - low > tolerance {
            let middle = (low + high) / 2
            if Self.bezier(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// One coordinate of the Bézier with endpoints 0 and 1 and inner control values `p1`, `p2`.
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    /// The derivative of `bezier` with respect to s.
    private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }
}
