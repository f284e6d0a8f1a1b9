import Foundation
import Testing
import Timing

@Suite struct SpringCurveTests {
    @Test(arguments: [
        (1.0, 100.0, 4.0, 3.0),  // under-damped, ζ = 0.2
        (2.0, 50.0, 20.0, 0.0),  // critically damped, ζ = 1
        (2.0, 50.0, 20.0, -4.0),  // critically damped, thrown backwards
        (1.0, 100.0, 50.0, -1.0),  // over-damped, ζ = 2.5
        (1.0, 100.0, 19.999998, 2.0),  // just under critical
        (1.0, 100.0, 20.000002, 2.0),  // just over critical
        (0.5, 300.0, 0.0, 0.0),  // undamped
    ])
    func closedFormMatchesIntegration(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let spring = SpringCurve(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity, duration: 2)
        for (time, x) in integrate(spring, until: 2, every: 0.05) {
            #expect(abs(spring.position(atTime: time) - x) < 1e-6, "t = \(time)")
        }
    }

    @Test func dampingRatioIsDampingOverCriticalDamping() {
        let spring = SpringCurve(mass: 2, stiffness: 50, damping: 6, initialVelocity: 0, duration: 1)
        #expect(spring.dampingRatio == 6.0 / (2 * 10))
    }

    @Test func valueFollowsTimeAndHoldsTheEnd() {
        let spring = SpringCurve(mass: 1, stiffness: 40, damping: 3, initialVelocity: 0, duration: 0.8)
        #expect(spring.value(at: 0) == 0)
        #expect(spring.value(at: 0.25) == spring.position(atTime: 0.2))
        #expect(spring.position(atTime: 0.8) != 1)
        #expect(spring.value(at: 1) == 1)
    }

    /// cosh(ωₕt) overflows long before the spring settles; the textbook two-root form does not.
    @Test func heavyOverdampingStaysFiniteLongAfter() {
        let spring = SpringCurve(mass: 1, stiffness: 100, damping: 400, initialVelocity: 0.5, duration: 1)
        let (slow, fast) = (-200 + 399.0.squareRoot() * 10, -200 - 399.0.squareRoot() * 10)
        let slowWeight = (0.5 + fast) / (slow - fast)
        for time in [1.0, 20, 100, 1e6] {
            let textbook = 1 + slowWeight * exp(slow * time) + (-1 - slowWeight) * exp(fast * time)
            #expect(abs(spring.position(atTime: time) - textbook) < 1e-12, "t = \(time)")
        }
        #expect(spring.position(atTime: 1e6) == 1)
    }

    @Test(arguments: [0.05, 0.2, 0.5, 0.9, 0.999, 1.0, 1.001, 2.0, 8.0])
    func dampingRatioSpringSettlesAtItsDuration(ratio: Double) {
        let duration = 0.6
        let spring = SpringCurve(dampingRatio: ratio, duration: duration)
        #expect(abs(spring.dampingRatio - ratio) < 1e-12)
        #expect(spring.mass == 1 && spring.initialVelocity == 0)
        #expect(abs(spring.settlingTime - duration) < 1e-12, "settling time \(spring.settlingTime)")
        #expect(spring.value(at: 1) == 1)
    }

    @Test func lowDampingRatioOvershoots() {
        let spring = SpringCurve(dampingRatio: 0.3, duration: 1)
        let peak = (1...100).map { spring.value(at: Double($0) / 100) }.max()!
        #expect(peak > 1.3)
    }
}
