import Foundation
import Testing
import Timing

/// The three ways a pipeline gives a spring all follow the damped oscillator
/// m·x'' + c·x' + k·(x − 1) = 0, x(0) = 0, x'(0) = v₀, checked against its textbook closed form.
@Suite struct SpringParameterisationTests {
    /// x(t) from ζ and ω₀ (and v₀), written out per damping regime.
    static func closedForm(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, at t: Double)
        -> Double
    {
        let omega = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t) * (cos(wd * t) + (zeta * omega - v0) / wd * sin(wd * t))
        }
        if zeta == 1 { return 1 - exp(-omega * t) * (1 + (omega - v0) * t) }
        let r1 = -omega * (zeta - (zeta * zeta - 1).squareRoot())
        let r2 = -omega * (zeta + (zeta * zeta - 1).squareRoot())
        // y = x − 1 = A e^(r1 t) + B e^(r2 t), y(0) = −1, y'(0) = v0
        let a = (v0 + r2) / (r1 - r2)
        let b = -1 - a
        return 1 + a * exp(r1 * t) + b * exp(r2 * t)
    }

    static let times = stride(from: 0.0, through: 2.0, by: 0.05)

    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 20.0, 0.0), (2.0, 300.0, 60.0, -1.5), (0.5, 80.0, 3.0, 4.0),
    ])
    func massStiffnessDampingAndVelocity(spring: (Double, Double, Double, Double)) {
        let (m, k, c, v0) = spring
        let curve = SpringCurve(mass: m, stiffness: k, damping: c, initialVelocity: v0, duration: 2)
        #expect(abs(curve.dampingRatio - c / (2 * (k * m).squareRoot())) < 1e-15)
        for t in Self.times {
            #expect(
                abs(curve.position(atTime: t) - Self.closedForm(mass: m, stiffness: k, damping: c, velocity: v0, at: t))
                    < 1e-6)
        }
    }

    @Test(arguments: [0.3, 0.7, 1.0, 1.6])
    func dampingRatioAndDuration(ratio: Double) {
        let curve = SpringCurve(dampingRatio: ratio, duration: 0.5)
        #expect(abs(curve.dampingRatio - ratio) < 1e-12)
        for t in Self.times {
            let expected = Self.closedForm(
                mass: curve.mass, stiffness: curve.stiffness, damping: curve.damping, velocity: 0, at: t)
            #expect(abs(curve.position(atTime: t) - expected) < 1e-6)
        }
        #expect(abs(curve.settlingTime - 0.5) < 1e-12, "settles at its duration")
    }

    @Test(arguments: [(0.5, 0.0), (0.5, 0.3), (0.8, -0.4), (0.35, 0.7)])
    func perceptualDurationAndBounce(spring: (Double, Double)) {
        let (duration, bounce) = spring
        let curve = SpringCurve(duration: duration, bounce: bounce, span: 2)
        // SwiftUI's rule: stiffness (2π/duration)², damping ratio 1 − bounce (or 1/(1 + bounce) below 0).
        #expect(abs(curve.stiffness - pow(2 * .pi / duration, 2)) < 1e-9)
        #expect(abs(curve.dampingRatio - (bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))) < 1e-12)
        for t in Self.times {
            let expected = Self.closedForm(
                mass: 1, stiffness: curve.stiffness, damping: curve.damping, velocity: 0, at: t)
            #expect(abs(curve.position(atTime: t) - expected) < 1e-6)
        }
    }

    @Test func caSpringAnimationDefaultsSettleWhereTheyShould() {
        // m = 1, k = 100, c = 10: ζ = 0.5, ω₀ = 10; the envelope e^(−5t) falls to 8·10⁻⁴ at ln(1250)/5 ≈ 1.426 s,
        // and from then on the motion, at most √(4/3) times its envelope, stays within 9.3·10⁻⁴ of 1.
        let curve = SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0, duration: 1)
        let settle = curve.settlingTime
        #expect(abs(settle - 1.42618) < 1e-5, "settling time \(settle)")
        for t in stride(from: settle, through: settle + 3, by: 0.01) {
            #expect(abs(curve.position(atTime: t) - 1) <= 8e-4 * (4.0 / 3).squareRoot() + 1e-12)
        }
    }
}
