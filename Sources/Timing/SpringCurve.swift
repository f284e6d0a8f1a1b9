import Foundation

/// A damped spring pulled towards 1, as CASpringAnimation models it:
/// m·x'' + c·x' + k·(x − 1) = 0 with x(0) = 0 and x'(0) = initialVelocity.
public struct SpringCurve: HostCurve {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// In units of "1 per second": the whole distance 0 → 1 per second.
    public let initialVelocity: Double
    /// The seconds that local progress 0...1 spans.
    public let duration: Double

    /// CASpringAnimation physics: m·x'' + c·x' + k·(x−1) = 0, x(0)=0, x'(0)=initialVelocity (units of "1 per second"); `duration` = seconds that progress 0...1 spans.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, duration: Double) {
        precondition(
            mass > 0 && stiffness > 0 && damping >= 0 && duration > 0,
            "a spring needs mass > 0, stiffness > 0, damping >= 0 and duration > 0")
        (self.mass, self.stiffness, self.damping) = (mass, stiffness, damping)
        (self.initialVelocity, self.duration) = (initialVelocity, duration)
    }

    /// ζ = c / (2·√(k·m)): below 1 the spring overshoots and oscillates, 1 is critical, above 1 it creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// "spring, damping ratio 0.7", whichever way the pipeline file gave it.
    public var description: String { "spring, damping ratio \(dampingRatio.written)" }

    /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    public func value(at progress: Double) -> Double {
        progress >= 1 ? 1 : position(atTime: progress * duration)
    }

    /// The exact solution x(t). With y = x − 1, y(0) = −1 and y'(0) = v₀:
    /// y = e^(−ζω₀t)·(−C(t) + (v₀ − ζω₀)·S(t)), where C and S are cos/sin, 1/t or cosh/sinh.
    public func position(atTime seconds: Double) -> Double {
        let zeta = dampingRatio
        let omega = naturalFrequency
        let t = seconds
        let slope = initialVelocity - zeta * omega
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return 1 + exp(-zeta * omega * t) * (-cos(omegaD * t) + slope * sin(omegaD * t) / omegaD)
        }
        if zeta == 1 {
            return 1 + exp(-omega * t) * (-1 + slope * t)
        }
        return 1 + overdampedDeviation(atTime: t, zeta: zeta, omega: omega, slope: slope)
    }

    /// e^(−ζω₀t)·(−cosh(ωₕt) + slope·sinh(ωₕt)/ωₕ), written with the slow root and expm1 so it
    /// neither overflows for large t nor loses precision near critical damping.
    private func overdampedDeviation(atTime t: Double, zeta: Double, omega: Double, slope: Double) -> Double {
        let root = (zeta * zeta - 1).squareRoot()
        let omegaH = omega * root
        let slowRate = omega / (zeta + root)  // ζω₀ − ωₕ without cancellation
        let fastMinusSlow = expm1(-2 * omegaH * t)  // e^(−2ωₕt) − 1
        let coshPart = (2 + fastMinusSlow) / 2
        let sinhPart = -fastMinusSlow / (2 * omegaH)
        return exp(-slowRate * t) * (-coshPart + slope * sinhPart)
    }
}
