import Foundation

extension SpringCurve {
    /// UIKit `usingSpringWithDamping:` style: damping ratio ζ (0 < ζ, 1 = critical) and duration.
    ///
    /// Rule: mass 1, initial velocity 0, and the ω₀ for which `duration` is the settling time (see
    /// `settlingTime`): ω₀ = ln(1/ε) / (duration · ζ) below critical damping; from it on, the
    /// settling time of the same spring with ω₀ = 1 over `duration` (its motion depends on ω₀·t
    /// only); stiffness ω₀², damping 2ζω₀.
    public init(dampingRatio: Double, duration: Double) {
        precondition(dampingRatio > 0 && duration > 0, "a spring needs damping ratio > 0 and duration > 0")
        let unit = SpringCurve(mass: 1, stiffness: 1, damping: 2 * dampingRatio, initialVelocity: 0, duration: 1)
        let omega = unit.settlingTime / duration
        self.init(
            mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega,
            initialVelocity: 0, duration: duration)
    }
}
