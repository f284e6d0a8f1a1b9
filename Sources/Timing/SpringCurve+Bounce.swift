import Foundation

extension SpringCurve {
    /// SwiftUI's `spring(duration:bounce:)`: a perceptual duration (the period of the
    /// undamped spring) and a bounce in (−1, 1) — 0 is critically damped, above 0 overshoots,
    /// below 0 creeps. Mass 1, at rest; `span` is the seconds local progress 0...1 covers.
    ///
    /// Stiffness (2π/duration)²; damping 4π(1 − bounce)/duration for bounce ≥ 0 and
    /// 4π/(duration·(1 + bounce)) below 0, so the damping ratio is 1 − bounce, or 1/(1 + bounce).
    public init(duration: Double, bounce: Double, span: Double) {
        precondition(duration > 0 && bounce > -1 && bounce < 1, "a spring needs duration > 0 and bounce in (-1, 1)")
        let damping = bounce >= 0 ? 4 * .pi * (1 - bounce) / duration : 4 * .pi / (duration * (1 + bounce))
        self.init(mass: 1, stiffness: pow(2 * .pi / duration, 2), damping: damping, initialVelocity: 0, duration: span)
    }

    /// The seconds after which the spring stays within 0.001 of 1 (CASpringAnimation's
    /// settlingDuration), whatever its initial velocity.
    public var settlingTime: Double {
        // An upper bound from the envelope of the deviation, then a backwards scan for the
        // last moment outside the tolerance, refined by bisection.
        let outside = { (t: Double) in abs(position(atTime: t) - 1) > Self.settleTolerance }
        var bound = 1.0 / naturalFrequency
        while (0..<64).contains(where: { outside(bound * (1 + Double($0) / 64)) }) { bound *= 2 }
        let step = bound / 4096
        var t = bound
        while t > 0 && !outside(t) { t -= step }
        guard t > 0 else { return 0 }
        var (low, high) = (t, t + step)
        while high - low > 1e-9 * high {
            let middle = (low + high) / 2
            if outside(middle) { low = middle } else { high = middle }
        }
        return high
    }
}
