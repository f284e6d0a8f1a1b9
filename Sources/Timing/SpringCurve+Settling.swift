import Foundation

extension SpringCurve {
    /// The spring has settled once the envelope of its decaying motion is below this: e^(−ζω₀t)
    /// for a spring that oscillates, its own distance to 1 for one that does not.
    ///
    /// Apple's CASpringAnimation `settlingDuration` documentation gives, for mass 1 and stiffness
    /// 100, about 2.85 s at damping 5 and 0.95 s at damping 15: both are ln(1/ε)/r with this ε
    /// (r = 2.5 and 7.5 per second). The criterion is on the envelope, not on the motion's last
    /// crossing of ε.
    static let settleEnvelope = 8e-4

    /// The seconds after which the spring's motion stays within its envelope's reach of 1
    /// (CASpringAnimation's settlingDuration). A spring that oscillates (ζ < 1) has settled once
    /// its envelope e^(−ζω₀t) is below `settleEnvelope`: ln(1/ε)/(ζω₀); the initial velocity
    /// changes how far it swings, not how fast that decays, so it leaves this alone. A spring that
    /// does not oscillate is its own envelope: it has settled once its distance to 1 stays below ε
    /// (with e^(−ω₀t) alone, a critically damped spring would still be 0.65% short and jump to its
    /// target on the last frame). Infinite for an undamped spring.
    public var settlingTime: Double {
        let zeta = dampingRatio
        guard zeta >= 1 else { return log(1 / Self.settleEnvelope) / (naturalFrequency * zeta) }
        let outside = { (t: Double) in abs(self.position(atTime: t) - 1) > Self.settleEnvelope }
        // From the slow mode's envelope time, double until nothing after it is outside, then scan
        // back for the last moment outside and refine it by bisection.
        var bound = log(1 / Self.settleEnvelope) / (naturalFrequency * Self.slowRate(dampingRatio: zeta))
        while (0..<64).contains(where: { outside(bound * (1 + Double($0) / 64)) }) { bound *= 2 }
        let step = bound / 4096
        var t = bound
        while t > 0 && !outside(t) { t -= step }
        guard t > 0 else { return 0 }
        var (low, high) = (t, t + step)
        while high - low > 1e-13 * high {
            let middle = (low + high) / 2
            if outside(middle) { low = middle } else { high = middle }
        }
        return high
    }

    /// The slow mode's decay rate of a spring with ω₀ = 1 and ζ ≥ 1: ζ − √(ζ² − 1), written as
    /// 1/(ζ + √(ζ² − 1)) so a heavily damped spring keeps its precision.
    static func slowRate(dampingRatio zeta: Double) -> Double {
        1 / (zeta + (zeta * zeta - 1).squareRoot())
    }
}
