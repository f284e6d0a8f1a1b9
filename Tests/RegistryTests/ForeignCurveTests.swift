import Foundation
import PluginDescriptions
import PluginRegistry
import Testing

// Plain C functions, as a plugin would register them.
private let elasticOut: @convention(c) (Double, Double, Double) -> Double = { t, amplitude, period in
    1 + amplitude * pow(2, -10 * t) * sin((t - period / 4) * 2 * .pi / period)
}
private let backIn: @convention(c) (Float) -> Float = { t in t * t * (2.70158 * t - 1.70158) }
private let steps: @convention(c) (Double, Int32) -> Double = { t, count in
    (t * Double(count)).rounded(.down) / Double(count)
}
private let narrowed: @convention(c) (Double) -> Float = { t in Float(t) / 3 }
private let wideInteger: @convention(c) (Float, Int64) -> Double = { t, n in Double(t) + Double(n % 1000) }
/// Every argument weighted by its position, so a swapped or mistyped argument changes the result.
private let eightArguments:
    @convention(c) (Double, Float, Int32, Int64, Double, Float, Int32, Int64, Double) -> Double = {
        t, a, b, c, d, e, f, g, h in
        t + 2 * Double(a) + 3 * Double(b) + 4 * Double(c) + 5 * d + 6 * Double(e) + 7 * Double(f) + 8 * Double(g) + 9
            * h
    }

private func foreign(_ signature: String, _ function: UnsafeRawPointer) throws -> ForeignCurve {
    try ForeignCurve(signature: ForeignCurveSignature(parsing: signature), function: function)
}

@Suite struct ForeignCurveTests {
    @Test func callsWithExtraDoubles() throws {
        let curve = try foreign("d(d;dd)", unsafeBitCast(elasticOut, to: UnsafeRawPointer.self))
        for t in [0.0, 0.1, 0.37, 0.8, 1] {
            #expect(curve.call(progress: t, arguments: [1.2, 0.3]) == elasticOut(t, 1.2, 0.3))
        }
    }

    @Test func callsWithFloats() throws {
        let curve = try foreign("f(f)", unsafeBitCast(backIn, to: UnsafeRawPointer.self))
        for t in [0.0, 0.25, 0.5, 0.9] {
            #expect(curve.call(progress: t, arguments: []) == Double(backIn(Float(t))))
        }
        #expect(curve.call(progress: 0.25, arguments: []) < 0)
    }

    @Test func callsWithIntegers() throws {
        let stepped = try foreign("d(d;i)", unsafeBitCast(steps, to: UnsafeRawPointer.self))
        #expect(stepped.call(progress: 0.74, arguments: [4]) == 0.5)
        #expect(stepped.call(progress: 0.74, arguments: [4]) == steps(0.74, 4))
        let wide = try foreign("d(f;l)", unsafeBitCast(wideInteger, to: UnsafeRawPointer.self))
        #expect(wide.call(progress: 0.5, arguments: [0x1p53]) == wideInteger(0.5, 1 << 53))
    }

    @Test func convertsAFloatResult() throws {
        let curve = try foreign("f(d)", unsafeBitCast(narrowed, to: UnsafeRawPointer.self))
        #expect(curve.call(progress: 0.7, arguments: []) == Double(narrowed(0.7)))
    }

    @Test func passesEightMixedArgumentsInOrder() throws {
        let curve = try foreign("d(d;fildfild)", unsafeBitCast(eightArguments, to: UnsafeRawPointer.self))
        let arguments: [Double] = [0.5, -3, 0x1p40, 0.25, 1.5, 7, -0x1p35, 0.125]
        let expected = eightArguments(0.3, 0.5, -3, 1 << 40, 0.25, 1.5, 7, -(1 << 35), 0.125)
        #expect(curve.call(progress: 0.3, arguments: arguments) == expected)
    }

    /// One prepared interface serves many threads at once.
    @Test func callsConcurrently() async throws {
        let curve = try foreign("d(d;dd)", unsafeBitCast(elasticOut, to: UnsafeRawPointer.self))
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<2000).filter { index in
                        let t = Double(index + task) / 2008
                        return curve.call(progress: t, arguments: [1.1, 0.3]) != elasticOut(t, 1.1, 0.3)
                    }.count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
