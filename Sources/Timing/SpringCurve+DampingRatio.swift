import Foundation

extension SpringCurve {
    /// UIKit `usingSpringWithDamping:` style: damping ratio ζ (0 < ζ, 1 = critical) and duration.
    ///
    /// Rule: mass 1, initial velocity 0, and the ω₀ for which `duration` is the settling time
    /// ln(1/ε)/r (see `settleEnvelope`): ω₀ = ln(1/ε) / (duration · ζ) below critical damping,
    /// ln(1/ε) / (duration · (ζ − √(ζ² − 1))) from it on; stiffness ω₀², damping 2ζω₀.
    public init(dampingRatio: Double, duration: Double) {
        precondition(dampingRatio > 0 && duration > 0, "a spring needs damping ratio > 0 and duration > 0")
        let omega = log(1 / Self.settleEnvelope) / (duration * Self.unitDecayRate(dampingRatio: dampingRatio))
        self.init(
            mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega,
            initialVelocity: 0, duration: duration)
    }
}
