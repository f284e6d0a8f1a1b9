import Foundation
import Timing

/// Positions of m·x'' + c·x' + k·(x − 1) = 0 by fourth-order Runge–Kutta with a 10⁻⁴ s step, from
/// x(0) = 0 and x'(0) = the spring's initial velocity, sampled every `every` seconds.
func integrate(_ spring: SpringCurve, until end: Double, every: Double) -> [(time: Double, x: Double)] {
    let step = 1e-4
    func acceleration(_ x: Double, _ v: Double) -> Double {
        (-spring.damping * v - spring.stiffness * (x - 1)) / spring.mass
    }
    var (x, v) = (0.0, spring.initialVelocity)
    var samples: [(Double, Double)] = []
    let stepsPerSample = Int((every / step).rounded())
    for index in 0...Int((end / step).rounded()) {
        if index % stepsPerSample == 0 { samples.append((Double(index) * step, x)) }
        let (k1x, k1v) = (v, acceleration(x, v))
        let (k2x, k2v) = (v + step / 2 * k1v, acceleration(x + step / 2 * k1x, v + step / 2 * k1v))
        let (k3x, k3v) = (v + step / 2 * k2v, acceleration(x + step / 2 * k2x, v + step / 2 * k2v))
        let (k4x, k4v) = (v + step * k3v, acceleration(x + step * k3x, v + step * k3v))
        x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return samples
}
