import Foundation

extension SpringCurve {
    /// The spring has settled once the envelope e^(−r·t) of its decaying motion is below this.
    ///
    /// Apple's CASpringAnimation `settlingDuration` documentation gives, for mass 1 and stiffness
    /// 100, about 2.85 s at damping 5 and 0.95 s at damping 15: both are ln(1/ε)/r with this ε
    /// (r = 2.5 and 7.5 per second). The criterion is on the envelope, not on the motion's last
    /// crossing of ε.
    static let settleEnvelope = 8e-4

    /// The seconds after which the envelope of the spring's motion stays below `settleEnvelope`
    /// (CASpringAnimation's settlingDuration): ln(1/ε)/r, with r the decay rate of the slowest
    /// mode. The initial velocity changes how far the spring swings, not how fast that decays, so
    /// it leaves this alone. Infinite for an undamped spring.
    public var settlingTime: Double {
        log(1 / Self.settleEnvelope) / (naturalFrequency * Self.unitDecayRate(dampingRatio: dampingRatio))
    }

    /// The slowest mode's decay rate of a spring with ω₀ = 1: ζ while it oscillates, ζ − √(ζ² − 1)
    /// from critical damping on (1 at ζ = 1, so the two meet), written as 1/(ζ + √(ζ² − 1)) so a
    /// heavily damped spring keeps its precision.
    static func unitDecayRate(dampingRatio zeta: Double) -> Double {
        zeta < 1 ? zeta : 1 / (zeta + (zeta * zeta - 1).squareRoot())
    }
}
