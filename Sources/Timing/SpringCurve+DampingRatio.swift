import Foundation

extension SpringCurve {
    /// How close to 1 the spring must stay from `duration` on.
    static let settleTolerance = 0.001

    /// UIKit `usingSpringWithDamping:` style: damping ratio ζ (0 < ζ, 1 = critical) and duration.
    ///
    /// Rule: mass 1, initial velocity 0, and the stiffness for which `duration` is exactly the
    /// settling time: the last moment the spring is 0.001 away from 1, staying within 0.001 after it.
    public init(dampingRatio: Double, duration: Double) {
        precondition(dampingRatio > 0 && duration > 0, "a spring needs damping ratio > 0 and duration > 0")
        // Motion depends on ω₀·t only, so settle a spring with ω₀ = 1 and rescale its time to `duration`.
        let omega = Self.unitSettlingTime(dampingRatio: dampingRatio) / duration
        self.init(
            mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega,
            initialVelocity: 0, duration: duration)
    }

    /// The settling time of a resting spring with ω₀ = 1 and damping ratio ζ.
    static func unitSettlingTime(dampingRatio zeta: Double) -> Double {
        let unit = SpringCurve(mass: 1, stiffness: 1, damping: 2 * zeta, initialVelocity: 0, duration: 1)
        let outside = { (t: Double) in abs(unit.position(atTime: t) - 1) > settleTolerance }
        guard zeta < 1 else {
            // Without oscillation the distance to 1 only shrinks: double until settled, then bisect.
            var high = 1.0
            while outside(high) { high *= 2 }
            return bisect(from: 0, to: high, while: outside)
        }
        // The deviation peaks at ω_d·t = nπ with height e^(−ζt); find the last peak above the
        // tolerance and bisect on its descent, before the sign flips.
        let halfPeriod = Double.pi / (1 - zeta * zeta).squareRoot()
        let lastPeak = (log(1 / settleTolerance) / (zeta * halfPeriod)).rounded(.down) * halfPeriod
        let peakSign = unit.position(atTime: lastPeak) - 1 < 0
        return bisect(from: lastPeak, to: lastPeak + halfPeriod) { t in
            (unit.position(atTime: t) - 1 < 0) == peakSign && outside(t)
        }
    }

    /// The point in [low, high] where `condition` turns from true to false, rounded up.
    private static func bisect(from low: Double, to high: Double, while condition: (Double) -> Bool) -> Double {
        var (low, high) = (low, high)
        while high - low > 1e-12 * high {
            let middle = (low + high) / 2
            if condition(middle) { low = middle } else { high = middle }
        }
        return high
    }
}
