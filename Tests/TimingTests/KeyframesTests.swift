import PluginDescriptions
import PluginRegistry
import RegistryTestSupport
import Testing
import Timing

/// What these tests hand keyframe evaluations: their curves are the host's own, so a plugin
/// curve call is a failure of the test.
private struct HostCurvesOnly: PluginCurveCalls {
    func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double {
        Issue.record("plugin curve \(curve.name) called where only host curves run")
        return .nan
    }
}

private let plugins = HostCurvesOnly()

/// cubic-bezier(1/3, 0, 2/3, 0): x(s) = s and y(s) = s³, so it eases u to u³ (to the solver's 1e-7).
private let cubed = CubicBezierCurve(1.0 / 3, 0, 2.0 / 3, 0)

private func keyframes(
    _ values: [[Double]], keyTimes: [Double]? = nil, timing: [any TimingCurve]? = nil, _ mode: CalculationMode
) throws -> Keyframes {
    try Keyframes(values: values, keyTimes: keyTimes, timingFunctions: timing, mode: mode)
}

private func close(_ a: [Double], _ b: [Double], within tolerance: Double = 1e-12) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

private func distance(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
}

@Suite struct KeyframesTests {
    @Test func modesAreNamedAsInPipelineFiles() {
        #expect(CalculationMode.allCases.map(\.rawValue) == ["linear", "discrete", "paced", "cubic"])
    }

    // MARK: linear

    /// Key times 0, 0.25, 1: the first segment takes a quarter of the step, the second the rest.
    @Test func linearReachesEachValueAtItsUnevenKeyTime() throws {
        let frames = try keyframes([[0, 100], [10, 80], [30, 80]], keyTimes: [0, 0.25, 1], .linear)
        #expect(frames.value(at: 0, plugins: plugins) == [0, 100])
        #expect(frames.value(at: 0.125, plugins: plugins) == [5, 90])  // half of the first segment
        #expect(frames.value(at: 0.25, plugins: plugins) == [10, 80])
        #expect(frames.value(at: 0.625, plugins: plugins) == [20, 80])  // 0.375 of 0.75: half of the second
        #expect(frames.value(at: 1, plugins: plugins) == [30, 80])
    }

    /// Five values without key times: 0, 0.25, 0.5, 0.75, 1.
    @Test func linearSpacesMissingKeyTimesEvenly() throws {
        let frames = try keyframes([[0], [10], [20], [40], [0]], .linear)
        #expect(frames.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(frames.value(at: 0.625, plugins: plugins) == [30])  // halfway from 20 to 40
        #expect(frames.value(at: 0.875, plugins: plugins) == [20])  // halfway from 40 to 0
    }

    /// The lead runs plain from/to steps through Keyframes: every progress, inside 0...1 or
    /// overshooting, must give exactly what `from + (to − from)·p` gives.
    @Test func twoLinearValuesAreExactlyTheFromToFormula() throws {
        let (from, to) = ([0.1, -3.7, 255, 1e-3], [0.7, 12.3, 0.2, 1e6])
        let frames = try keyframes([from, to], .linear)
        for p in [-1, -0.1, 0, 1e-9, 0.3, 1.0 / 3, 0.5, 0.7, 0.999_999, 1, 1.2, 2.5] {
            let formula = zip(from, to).map { $0 + ($1 - $0) * p }
            #expect(frames.value(at: p, plugins: plugins) == formula, "at \(p)")
        }
    }

    /// From 10 to 20: a spring at 1.2 goes 2 past 20, a back curve at −0.1 goes 1 before 10.
    @Test func twoLinearValuesOvershootLikeAFromToStep() throws {
        let frames = try keyframes([[10], [20]], .linear)
        #expect(close(frames.value(at: 1.2, plugins: plugins), [22]))
        #expect(close(frames.value(at: -0.1, plugins: plugins), [9]))
    }

    /// Past the ends the end segments carry on un-eased: [0, 10, 30] at key times 0, 0.5, 1 with
    /// ease-in on both; at 1.2 the second segment is at 0.7 / 0.5 = 1.4 → 10 + 20·1.4 = 38, at
    /// −0.1 the first is at −0.2 → −2.
    @Test func linearExtrapolatesTheEndSegmentsWithoutTheirTimingFunctions() throws {
        let easeIn = try #require(NamedCurves.curve(named: "ease-in"))
        let frames = try keyframes([[0], [10], [30]], timing: [easeIn, easeIn], .linear)
        #expect(close(frames.value(at: 1.2, plugins: plugins), [38]))
        #expect(close(frames.value(at: -0.1, plugins: plugins), [-2]))
    }

    /// Segment 0 eased by u³, segment 1 linear: at 0.25 (u = 0.5) 10·0.125 = 1.25; at 0.75 the
    /// second segment is not eased: 15; the key value at 0.5 is exact.
    @Test func eachTimingFunctionEasesItsOwnSegment() throws {
        let frames = try keyframes([[0], [10], [20]], timing: [cubed, LinearCurve()], .linear)
        #expect(close(frames.value(at: 0.25, plugins: plugins), [1.25], within: 1e-5))
        #expect(frames.value(at: 0.5, plugins: plugins) == [10])
        #expect(frames.value(at: 0.75, plugins: plugins) == [15])
        // ease-out on the second segment: past its middle it is further than linear would be.
        let easeOut = try #require(NamedCurves.curve(named: "ease-out"))
        let eased = try keyframes([[0], [10], [20]], timing: [LinearCurve(), easeOut], .linear)
        #expect(eased.value(at: 0.75, plugins: plugins)[0] == 10 + 10 * easeOut.value(at: 0.5))
        #expect(eased.value(at: 0.75, plugins: plugins)[0] > 15)
    }

    /// A plugin curve easing a segment runs its code through the calls the render hands over.
    @Test func aSegmentsPluginCurveRunsThroughTheCallsHanded() throws {
        let entry = try InRepoPlugins.curve("elastic-out")
        let recording = PluginCurveCallTests.RecordingCalls()
        let frames = try keyframes([[0], [10], [20]], timing: [LinearCurve(), entry.bound(to: [1, 0.4])], .linear)
        let value = frames.value(at: 0.75, plugins: recording)
        #expect(recording.calls.map(\.name) == ["elastic-out"] && recording.calls.map(\.progress) == [0.5])
        #expect(value == [10 + 10 * entry.curve.call(progress: 0.5, arguments: [1, 0.4])])
    }

    /// Key times 0, 0.5, 0.5, 1: the value jumps from 10 to 50 at 0.5 and the later value wins
    /// there. Key times 0, 1, 1: the last value appears at 1 and holds past it.
    @Test func equalKeyTimesMakeAJump() throws {
        let frames = try keyframes([[0], [10], [50], [60]], keyTimes: [0, 0.5, 0.5, 1], .linear)
        #expect(frames.value(at: 0.25, plugins: plugins) == [5])
        #expect(frames.value(at: 0.5, plugins: plugins) == [50])
        #expect(frames.value(at: 0.75, plugins: plugins) == [55])
        let atEnd = try keyframes([[0], [10], [20]], keyTimes: [0, 1, 1], .linear)
        #expect(atEnd.value(at: 0.5, plugins: plugins) == [5])
        #expect(atEnd.value(at: 1, plugins: plugins) == [20])
        #expect(atEnd.value(at: 1.2, plugins: plugins) == [20])
    }

    /// A failed plugin curve gives NaN progress; the values say so instead of hiding it.
    @Test func nanProgressGivesNaNComponents() throws {
        for mode in CalculationMode.allCases {
            let frames = try keyframes([[0, 1], [10, 11]], mode)
            let value = frames.value(at: .nan, plugins: plugins)
            #expect(value.count == 2 && value.allSatisfy(\.isNaN), "\(mode)")
        }
    }

    // MARK: discrete

    /// Core Animation's rule: one more key time than values; each value holds from its key time
    /// until the next, the last until the end, and outside 0...1 the ends hold.
    @Test func discreteHoldsEachValueUntilTheNextKeyTime() throws {
        let frames = try keyframes([[10], [20], [30], [40]], keyTimes: [0, 0.1, 0.5, 0.75, 1], .discrete)
        let expected: [(Double, Double)] = [
            (-0.2, 10), (0, 10), (0.099, 10), (0.1, 20), (0.499, 20), (0.6, 30), (0.75, 40), (1, 40), (1.3, 40),
        ]
        for (p, value) in expected {
            #expect(frames.value(at: p, plugins: plugins) == [value], "at \(p)")
        }
    }

    /// Four values without key times: each holds a quarter, at 0, 0.25, 0.5 and 0.75.
    @Test func discreteGivesEachValueAnEqualShare() throws {
        let frames = try keyframes([[10], [20], [30], [40]], .discrete)
        #expect(frames.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(frames.value(at: 0.3, plugins: plugins) == [20])
        #expect(frames.value(at: 0.99, plugins: plugins) == [40])
    }

    // MARK: paced

    /// (0,0) → (3,4) → (3,14): lengths 5 and 10 of 15, so key times 0, 1/3, 1. At 0.2 the path
    /// is 3 along: (1.8, 2.4); at 2/3 it is 10 along: (3, 9).
    @Test func pacedSpendsTimeInProportionToDistance() throws {
        let frames = try keyframes([[0, 0], [3, 4], [3, 14]], .paced)
        #expect(close(frames.keyTimes, [0, 1.0 / 3, 1]))
        #expect(close(frames.value(at: 0.2, plugins: plugins), [1.8, 2.4]))
        #expect(close(frames.value(at: 2.0 / 3, plugins: plugins), [3, 9]))
    }

    /// At progress k/15 the path is k along: neighbouring samples are 1 apart everywhere, and an
    /// overshoot carries on at that speed: 1.1 is 1.5 past (3, 14).
    @Test func pacedMovesAtConstantSpeed() throws {
        let frames = try keyframes([[0, 0], [3, 4], [3, 14]], .paced)
        let points = (0...15).map { frames.value(at: Double($0) / 15, plugins: plugins) }
        for k in 1...15 {
            #expect(abs(distance(points[k - 1], points[k]) - 1) < 1e-9, "step \(k)")
        }
        #expect(close(frames.value(at: 1.1, plugins: plugins), [3, 15.5]))
    }

    /// Core Animation ignores keyTimes and timing functions for paced.
    @Test func pacedIgnoresKeyTimesAndTimingFunctions() throws {
        let plain = try keyframes([[0, 0], [3, 4], [3, 14]], .paced)
        let given = try keyframes(
            [[0, 0], [3, 4], [3, 14]], keyTimes: [0, 0.9, 1], timing: [cubed, cubed], .paced)
        #expect(given.keyTimes == plain.keyTimes)
        for p in [0.1, 0.2, 0.5, 0.9] {
            #expect(given.value(at: p, plugins: plugins) == plain.value(at: p, plugins: plugins), "at \(p)")
        }
    }

    /// No distance to divide by: the value stays, with no NaN.
    @Test func pacedEqualValuesStayPut() throws {
        let frames = try keyframes([[5, 5], [5, 5], [5, 5]], .paced)
        #expect(frames.keyTimes == [0, 0.5, 1])
        for p in [-0.1, 0, 0.3, 0.5, 1, 1.2] {
            #expect(frames.value(at: p, plugins: plugins) == [5, 5], "at \(p)")
        }
    }

    // MARK: cubic

    /// [0, 10, 0] at 0, 0.5, 1: velocities 10/0.5 = 20, (0 − 0)/1 = 0, −20. At u = 0.5 the
    /// Hermite weights are 0.5, 0.5 and ±0.5·0.25·0.5 = ±0.0625: 0.5·10 + 0.0625·20 = 6.25.
    @Test func cubicPassesSmoothlyThroughTheValues() throws {
        let frames = try keyframes([[0], [10], [0]], .cubic)
        #expect(frames.value(at: 0, plugins: plugins) == [0])
        #expect(frames.value(at: 0.25, plugins: plugins) == [6.25])
        #expect(frames.value(at: 0.5, plugins: plugins) == [10])
        #expect(frames.value(at: 0.75, plugins: plugins) == [6.25])
        #expect(frames.value(at: 1, plugins: plugins) == [0])
    }

    /// Evenly spaced, an inner segment is the textbook Catmull–Rom: for 0, 0, 10, 10 at u = 0.25,
    /// ½·((−p0 + p2)u + (2p0 − 5p1 + 4p2 − p3)u² + (−p0 + 3p1 − 3p2 + p3)u³)
    /// = ½·(2.5 + 1.875 − 0.3125) = 2.03125.
    @Test func cubicIsCatmullRomForEvenKeyTimes() throws {
        let frames = try keyframes([[0], [0], [10], [10]], .cubic)
        #expect(close(frames.value(at: (1 + 0.25) / 3, plugins: plugins), [2.03125]))
        #expect(close(frames.value(at: 0.5, plugins: plugins), [5]))
    }

    /// [0, 10, 30] at 0, 0.25, 1: velocities 10/0.25 = 40, 30/1 = 30 and 20/0.75. At u = 0.5 the
    /// Hermite weights are 0.5, 0.5 and ±0.125·duration. First segment (0.25):
    /// 5 + 0.03125·(40 − 30) = 5.3125; second (0.75): 20 + 0.09375·(30 − 80/3) = 20.3125.
    /// Catmull–Rom by segment count instead would give 4.375 and 19.375.
    @Test func cubicIsTimedByUnevenKeyTimes() throws {
        let frames = try keyframes([[0], [10], [30]], keyTimes: [0, 0.25, 1], .cubic)
        #expect(frames.value(at: 0.125, plugins: plugins) == [5.3125])
        #expect(close(frames.value(at: 0.625, plugins: plugins), [20.3125]))
    }

    /// [0, 10, 30] at 0, 0.25, 1: the curve passes 10 at velocity (30 − 0)/1 = 30 from both sides,
    /// though the segments take 0.25 and 0.75.
    @Test func cubicVelocityIsContinuousAcrossUnevenKeys() throws {
        let frames = try keyframes([[0], [10], [30]], keyTimes: [0, 0.25, 1], .cubic)
        let h = 1e-6
        let at = { (p: Double) in frames.value(at: p, plugins: plugins)[0] }
        #expect(abs((at(0.25) - at(0.25 - h)) / h - 30) < 1e-3)
        #expect(abs((at(0.25 + h) - at(0.25)) / h - 30) < 1e-3)
    }

    /// Two values: the end tangents are the chord, so the curve is the straight line.
    @Test func twoCubicValuesAreAStraightLine() throws {
        let frames = try keyframes([[0, 50], [10, 0]], .cubic)
        for p in [0.1, 0.3, 0.5, 0.8] {
            #expect(close(frames.value(at: p, plugins: plugins), [10 * p, 50 - 50 * p]), "at \(p)")
        }
    }

    /// A jump (key times 0, 0.5, 0.5, 1) does not bend its neighbours: each side has chord
    /// tangents, 20 per unit, so the middle of the first segment is 5.
    @Test func cubicJumpLeavesEachSideStraight() throws {
        let frames = try keyframes([[0], [10], [50], [60]], keyTimes: [0, 0.5, 0.5, 1], .cubic)
        #expect(frames.value(at: 0.25, plugins: plugins) == [5])
        #expect(frames.value(at: 0.5, plugins: plugins) == [50])
        #expect(frames.value(at: 0.75, plugins: plugins) == [55])
    }

    /// Past the ends of [0, 10, 0] the tangent lines at velocities 20 and −20: −2 at −0.1 and 1.1.
    @Test func cubicCarriesOnAlongTheEndTangents() throws {
        let frames = try keyframes([[0], [10], [0]], .cubic)
        #expect(close(frames.value(at: -0.1, plugins: plugins), [-2]))
        #expect(close(frames.value(at: 1.1, plugins: plugins), [-2]))
    }

    /// u³ on the first segment of [0, 10, 0]: at 0.25 u = 0.5 becomes 0.125, where the weights
    /// are 0.04296875 (end) and 0.125·0.875²·0.5 = 0.0478515625 (start velocity 20):
    /// 0.4296875 + 0.95703125 = 1.38671875.
    @Test func cubicEasesEachSegmentByItsTimingFunction() throws {
        let frames = try keyframes([[0], [10], [0]], timing: [cubed, LinearCurve()], .cubic)
        #expect(close(frames.value(at: 0.25, plugins: plugins), [1.38671875], within: 1e-5))
        #expect(frames.value(at: 0.75, plugins: plugins) == [6.25])
    }

    // MARK: errors

    @Test func valuesMustBeAtLeastTwoOfOneShape() {
        let cases: [([[Double]], KeyframesError)] = [
            ([], KeyframesError("has 0 values; give at least 2", key: "values")),
            ([[1]], KeyframesError("has 1 value; give at least 2", key: "values")),
            (
                [[], []],
                KeyframesError("has no components; give a number or a list of numbers", key: "values", index: 0)
            ),
            (
                [[1, 2], [3, 4], [5]],
                KeyframesError(
                    "has 1 component where values[0] has 2; give every value the same count", key: "values", index: 2)
            ),
            ([[0], [.infinity]], KeyframesError("component 0 is not a finite number", key: "values", index: 1)),
            ([[0, .nan], [1, 1]], KeyframesError("component 1 is not a finite number", key: "values", index: 0)),
        ]
        for (values, error) in cases {
            for mode in CalculationMode.allCases {
                #expect(throws: error) { try keyframes(values, mode) }
            }
        }
    }

    @Test func keyTimesMustFitTheMode() {
        let values: [[Double]] = [[0], [10], [20]]
        #expect(throws: KeyframesError("has 2 for 3 values; linear takes one per value (3)", key: "keyTimes")) {
            try keyframes(values, keyTimes: [0, 1], .linear)
        }
        #expect(throws: KeyframesError("has 4 for 3 values; cubic takes one per value (3)", key: "keyTimes")) {
            try keyframes(values, keyTimes: [0, 0.2, 0.5, 1], .cubic)
        }
        let discrete = KeyframesError(
            "has 3 for 3 values; discrete takes one more than there are values (4): "
                + "each value holds until the next key time",
            key: "keyTimes")
        #expect(throws: discrete) { try keyframes(values, keyTimes: [0, 0.5, 1], .discrete) }
    }

    @Test func keyTimesMustRunFromZeroToOneWithoutDecreasing() {
        let values: [[Double]] = [[0], [10], [20], [30]]
        let cases: [([Double], KeyframesError)] = [
            (
                [0, 0.5, 0.3, 1],
                KeyframesError(
                    "is 0.3, less than the key time before it (0.5); key times must not decrease", key: "keyTimes",
                    index: 2)
            ),
            ([0, 1.5, 1, 1], KeyframesError("is 1.5, outside 0...1", key: "keyTimes", index: 1)),
            ([-0.1, 0, 0.5, 1], KeyframesError("is -0.1, outside 0...1", key: "keyTimes", index: 0)),
            ([0, .nan, 0.5, 1], KeyframesError("is not a finite number", key: "keyTimes", index: 1)),
            ([0, 0.5, 1, .infinity], KeyframesError("is not a finite number", key: "keyTimes", index: 3)),
            ([0.1, 0.2, 0.5, 1], KeyframesError("is 0.1; the first key time must be 0", key: "keyTimes", index: 0)),
            ([0, 0.2, 0.5, 0.9], KeyframesError("is 0.9; the last key time must be 1", key: "keyTimes", index: 3)),
        ]
        for (keyTimes, error) in cases {
            for mode in [CalculationMode.linear, .cubic] {
                #expect(throws: error) { try keyframes(values, keyTimes: keyTimes, mode) }
            }
            #expect(throws: error) { try keyframes(Array(values.dropLast()), keyTimes: keyTimes, .discrete) }
        }
    }

    @Test func timingFunctionsMustBeOnePerSegment() {
        let values: [[Double]] = [[0], [10], [20]]
        let error = KeyframesError(
            "has 1 for 2 segments; give one per segment (one fewer than values)", key: "timingFunctions")
        #expect(throws: error) { try keyframes(values, timing: [LinearCurve()], .linear) }
        #expect(throws: error) { try keyframes(values, timing: [LinearCurve()], .cubic) }
        let discrete = KeyframesError(
            "discrete holds each value without interpolating, so it takes no timing functions; remove them",
            key: "timingFunctions")
        #expect(throws: discrete) { try keyframes(values, timing: [LinearCurve(), LinearCurve()], .discrete) }
    }

    @Test func pacedValuesMustHaveAFiniteLength() {
        let error = KeyframesError("lie too far apart to pace: the path's length overflows", key: "values")
        #expect(throws: error) { try keyframes([[-1e308], [1e308]], .paced) }
    }

    @Test func errorsSayWhereTheyAre() {
        let error = KeyframesError("is 1.5, outside 0...1", key: "keyTimes", index: 1)
        #expect(error.description == "keyTimes[1]: is 1.5, outside 0...1")
        #expect(KeyframesError("has 1 value; give at least 2", key: "values").location == "values")
    }
}
