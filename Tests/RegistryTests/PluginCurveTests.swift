import Foundation
import PluginDescriptions
import PluginRegistry
import RegistryTestSupport
import Testing

/// The in-repo easing-curves plugin, loaded as the host loads it, called through libffi: the
/// values are the C functions' own (checked against the formulas they implement).
@Suite struct PluginCurveTests {
    static func curve(_ name: String) throws -> CurveEntry { try InRepoPlugins.curve(name) }

    @Test func elasticOutWithAmplitudeAndPeriod() throws {
        let curve = try Self.curve("elastic-out")
        #expect(curve.signature.description == "d(d;dd)")
        #expect(curve.argumentNames == ["amplitude", "period"])
        // a = 1, p = 0.3: 2^(-10t) · sin((t − p/4) · 2π / p) + 1
        for t in [0.1, 0.25, 0.5, 0.8] {
            let expected = pow(2, -10 * t) * sin((t - 0.075) * 2 * .pi / 0.3) + 1
            #expect(abs(curve.curve.call(progress: t, arguments: [1, 0.3]) - expected) < 1e-12)
        }
    }

    @Test func backOutWithOvershoot() throws {
        let curve = try Self.curve("back-out")
        for (t, s) in [(0.3, 1.70158), (0.6, 1.2), (0.9, 3.0)] {
            let u = t - 1
            #expect(abs(curve.curve.call(progress: t, arguments: [s]) - (1 + (s + 1) * u * u * u + s * u * u)) < 1e-12)
        }
        #expect(curve.argumentDefaults == [1.70158])
    }

    @Test func stepsTakesAnIntegerCount() throws {
        let curve = try Self.curve("steps")
        #expect(curve.signature.argumentTypes == [.int32])
        #expect(curve.curve.call(progress: 0.6, arguments: [4]) == 0.5)
        #expect(curve.curve.call(progress: 0.6, arguments: [5]) == 0.6)
        #expect(curve.curve.call(progress: 1, arguments: [3]) == 1)
    }

    @Test func bounceOutIsCalledInFloat() throws {
        let curve = try Self.curve("bounce-out")
        #expect(curve.signature.description == "f(f)")
        // First arc: 7.5625 t² for t < 1/2.75, computed in float by the plugin.
        let t: Float = 0.25
        #expect(curve.curve.call(progress: Double(t), arguments: []) == Double(7.5625 * t * t))
    }
}
