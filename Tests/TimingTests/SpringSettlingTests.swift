import Foundation
import Testing
import Timing

/// A spring that oscillates (ζ < 1) has settled once the envelope e^(−ζω₀t) of its motion is below
/// ε = 8·10⁻⁴; one that does not, once its distance to the target stays below ε.
@Suite struct SpringSettlingTests {
    static let envelope = 8e-4

    /// Mass, stiffness, damping and initial velocity: under-, critically and over-damped, at rest and thrown.
    static let springs: [(Double, Double, Double, Double)] = [
        (1, 100, 5, 0),  // ζ = 0.25, Apple's first example
        (1, 100, 15, 0),  // ζ = 0.75, Apple's second example
        (1, 100, 4, 3),  // ζ = 0.2, thrown forwards
        (0.5, 80, 3, -4),  // ζ ≈ 0.24, thrown backwards
        (1, 100, 20, 0),  // critically damped
        (2, 50, 20, -4),  // critically damped, thrown backwards
        (1, 100, 30, 6),  // ζ = 1.5, thrown forwards
        (1, 100, 50, 0),  // ζ = 2.5
        (1, 100, 50, -1),  // ζ = 2.5, thrown backwards
    ]

    static func spring(_ parameters: (Double, Double, Double, Double)) -> SpringCurve {
        let (mass, stiffness, damping, velocity) = parameters
        return SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity, duration: 1)
    }

    /// The largest |x − 1| from the settling time T on, over the envelope there (ε if T is right), for
    /// y = x − 1 with y(0) = −1 and y'(0) = v₀:
    /// - below critical, y = e^(−rt)·(−cos ω_d·t + (v₀ − r)/ω_d·sin ω_d·t), at most e^(−rt)·√(1 + ((v₀ − r)/ω_d)²);
    /// - at critical, y = e^(−ω₀t)·(−1 + (v₀ − ω₀)·t), and for t = T + u, u·e^(−ω₀u) ≤ 1/(e·ω₀) gives
    ///   |y| ≤ e^(−ω₀T)·(1 + |v₀ − ω₀|·(T + 1/(e·ω₀)));
    /// - above it, y = a·e^(−r·t) + b·e^(−r_f·t) with a + b = −1 and the fast rate r_f > r, so at most
    ///   (|a| + |b|)·e^(−rt).
    static func amplitude(_ parameters: (Double, Double, Double, Double), settlingAt settle: Double) -> Double {
        let (mass, stiffness, damping, velocity) = parameters
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return (1 + pow((velocity - zeta * omega) / omegaD, 2)).squareRoot()
        }
        if zeta == 1 { return 1 + abs(velocity - omega) * (settle + 1 / (M_E * omega)) }
        let root = (zeta * zeta - 1).squareRoot()
        let (slow, fast) = (omega * (zeta - root), omega * (zeta + root))
        let a = (velocity - fast) / (fast - slow)
        return abs(a) + abs(-1 - a)
    }

    /// Apple's CASpringAnimation settlingDuration documentation page
    /// (developer.apple.com/documentation/quartzcore/caspringanimation/settlingduration): mass 1 and
    /// stiffness 100 settle in about 2.85 s with damping 5, and in about 0.95 s with damping 15.
    @Test(arguments: [(5.0, 2.85), (15.0, 0.95)])
    func settlesAsAppleDocumentsIt(damping: Double, documented: Double) {
        let spring = SpringCurve(mass: 1, stiffness: 100, damping: damping, initialVelocity: 0, duration: 1)
        #expect(abs(spring.settlingTime - documented) < 0.05, "settling time \(spring.settlingTime)")
    }

    @Test func theInitialVelocityLeavesTheSettlingTimeAlone() {
        let still = SpringCurve(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0, duration: 1)
        let thrown = SpringCurve(mass: 1, stiffness: 100, damping: 5, initialVelocity: -7, duration: 1)
        #expect(thrown.settlingTime == still.settlingTime)
    }

    @Test func anUndampedSpringNeverSettles() {
        #expect(
            SpringCurve(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0, duration: 1).settlingTime == .infinity)
    }

    @Test(arguments: springs)
    func theClosedFormFollowsTheIntegrationPastSettling(parameters: (Double, Double, Double, Double)) {
        let spring = Self.spring(parameters)
        for (time, x) in integrate(spring, until: 2 * spring.settlingTime, every: 0.01) {
            #expect(abs(spring.position(atTime: time) - x) < 1e-6, "t = \(time)")
        }
    }

    /// The envelope criterion bounds the motion itself: from the settling time on, the integrated
    /// deviation stays within ε times the spring's amplitude.
    @Test(arguments: springs)
    func theMotionStaysWithinTheEnvelopeAfterSettling(parameters: (Double, Double, Double, Double)) {
        let spring = Self.spring(parameters)
        let settle = spring.settlingTime
        let (mass, stiffness, damping, _) = parameters
        let oscillates = damping < 2 * (stiffness * mass).squareRoot()
        let bound = oscillates ? Self.envelope * Self.amplitude(parameters, settlingAt: settle) : Self.envelope
        let after = integrate(spring, until: 3 * settle, every: 1e-3).filter { $0.time >= settle }
        let largest = after.map { abs($0.x - 1) }.max() ?? .infinity
        #expect(largest <= bound + 1e-9, "|x − 1| reaches \(largest) after \(settle) s, over the bound \(bound)")
    }

    @Test(arguments: [0.05, 0.3, 0.6, 0.999, 1, 1.001, 1.5, 2], [0.25, 0.6, 2])
    func aDampingRatioSpringSettlesAtItsDuration(ratio: Double, duration: Double) {
        let spring = SpringCurve(dampingRatio: ratio, duration: duration)
        #expect(abs(spring.settlingTime - duration) < 1e-12 * duration, "settling time \(spring.settlingTime)")
        if ratio < 1 {
            // The envelope's rate from the damping itself (mass 1): c/2.
            #expect(abs(exp(-spring.damping / 2 * duration) - Self.envelope) < 1e-12, "the envelope at the duration")
        } else {
            #expect(abs(abs(spring.position(atTime: duration) - 1) - Self.envelope) < 1e-9, "ε away at the duration")
        }
    }

    /// UIKit's common "no bounce" spring reaches its target without a jump: one frame (at 60 fps)
    /// before the end of a 0.5 s step it is within 2ε of it, under a pixel on a phone screen.
    @Test func aCriticallyDampedSpringEndsWithoutAJump() {
        let spring = SpringCurve(dampingRatio: 1, duration: 0.5)
        let before = spring.value(at: 1 - 1.0 / 30)
        #expect(abs(before - 1) < 2 * Self.envelope, "\(before) one frame before the end")
        #expect(spring.value(at: 1) == 1)
    }

    /// The half-way spring of the articles, damping ratio 0.6 in 2 s: ω₀ = ln(1250)/1.2 ≈ 5.942, so stiffness
    /// ω₀² ≈ 35.31 and damping 1.2·ω₀ ≈ 7.131; its positions from the closed form
    /// 1 − e^(−0.6ω₀t)·(cos 0.8ω₀t + 0.75·sin 0.8ω₀t).
    @Test func theHalfWaySpringsNumbers() {
        let spring = SpringCurve(dampingRatio: 0.6, duration: 2)
        #expect(abs(spring.stiffness - 35.31230425550125) < 1e-9)
        #expect(abs(spring.damping - 7.1308988302963465) < 1e-9)
        let positions = [
            (0.1, 0.13722261395135726), (0.25, 0.5616391508193627), (0.5, 1.034046295821795),
            (0.75, 1.0841409579173271), (1.0, 1.0200202087392183), (1.5, 0.9941775170540156),
            (2.0, 1.0008470351472578),
        ]
        for (time, x) in positions {
            #expect(abs(spring.position(atTime: time) - x) < 1e-9, "t = \(time): \(spring.position(atTime: time))")
        }
    }
}
