import Testing
import Timing

/// Eased progress at x, found independently: Bernstein form, bisection to full precision.
private func referenceBezier(_ p: (Double, Double, Double, Double), at x: Double) -> Double {
    func bernstein(_ s: Double, _ a: Double, _ b: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if bernstein(middle, p.0, p.2) < x { low = middle } else { high = middle }
    }
    return bernstein((low + high) / 2, p.1, p.3)
}

private let samples: [Double] = [0.01, 0.1, 0.2, 0.25, 0.33, 0.5, 0.6, 0.75, 0.9, 0.99]

@Suite struct CubicBezierCurveTests {
    @Test(arguments: [
        ("ease-in", (0.42, 0.0, 1.0, 1.0)),
        ("ease-out", (0.0, 0.0, 0.58, 1.0)),
        ("ease-in-out", (0.42, 0.0, 0.58, 1.0)),
        ("default", (0.25, 0.1, 0.25, 1.0)),
    ])
    func namedCurveMatchesReference(name: String, points: (Double, Double, Double, Double)) throws {
        let curve = try #require(NamedCurves.curve(named: name))
        for u in samples {
            #expect(abs(curve.value(at: u) - referenceBezier(points, at: u)) < 1e-6, "\(name) at \(u)")
        }
    }

    @Test func endpointsAreExact() throws {
        for name in NamedCurves.names {
            let curve = try #require(NamedCurves.curve(named: name))
            #expect(curve.value(at: 0) == 0, "\(name)")
            #expect(curve.value(at: 1) == 1, "\(name)")
        }
    }

    @Test func namesListTheNamedCurves() {
        #expect(NamedCurves.names == ["linear", "ease-in", "ease-out", "ease-in-out", "default"])
        #expect(NamedCurves.curve(named: "ease-in") as? CubicBezierCurve == CubicBezierCurve(0.42, 0, 1, 1))
        #expect(NamedCurves.curve(named: "linear")?.value(at: 0.3) == 0.3)
        #expect(NamedCurves.curve(named: "easeIn") == nil)
    }

    /// x'(1/2) = 0 here, so Newton's step is undefined there and bisection must answer.
    @Test func flatSlopeFallsBackToBisection() {
        let points = (1.0, 0.0, 0.0, 1.0)
        let curve = CubicBezierCurve(points.0, points.1, points.2, points.3)
        for u in samples + [0.5, 0.4999, 0.5001] {
            #expect(abs(curve.value(at: u) - referenceBezier(points, at: u)) < 1e-6, "at \(u)")
        }
    }

    @Test func overshootingCurveLeavesTheUnitRange() {
        let points = (0.3, -0.6, 0.6, 1.6)
        let curve = CubicBezierCurve(points.0, points.1, points.2, points.3)
        for u in samples {
            #expect(abs(curve.value(at: u) - referenceBezier(points, at: u)) < 1e-6, "at \(u)")
        }
        #expect(curve.value(at: 0.1) < 0)
        #expect(curve.value(at: 0.9) > 1)
    }
}
