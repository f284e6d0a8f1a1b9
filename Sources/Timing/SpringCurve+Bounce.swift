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
}
