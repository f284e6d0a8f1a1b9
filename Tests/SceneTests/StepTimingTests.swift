import Testing
import Timing

@testable import Scene

/// A step's own clock, Core Animation style: the delay, the duration, speed, repeat and
/// autoreverse, holding its end state after the end and doing nothing before the start.
@Suite struct StepTimingTests {
    func timing(
        start: Double = 0, duration: Double = 1, speed: Double = 1, repeatCount: Double = 1,
        autoreverses: Bool = false
    ) -> StepTiming {
        StepTiming(
            start: start, duration: duration, curve: LinearCurve(), speed: speed,
            repeatCount: repeatCount, autoreverses: autoreverses)
    }

    @Test func nothingBeforeTheStartAndTheEndStateAfterTheEnd() {
        let step = timing(start: 0.5, duration: 1)
        #expect(step.linearProgress(at: 0.49) == nil)
        #expect(step.linearProgress(at: 0.5) == 0)
        #expect(step.linearProgress(at: 1) == 0.5)
        #expect(step.linearProgress(at: 1.5) == 1)
        #expect(step.linearProgress(at: 9) == 1)
        #expect(step.end == 1.5)
    }

    @Test func speedShortensTheStep() {
        let step = timing(start: 1, duration: 1, speed: 2)
        #expect(step.end == 1.5)
        #expect(step.linearProgress(at: 1.25) == 0.5)
    }

    @Test func repeatRestartsAndEndsOnTheLastRepetitionsEnd() {
        let step = timing(duration: 1, repeatCount: 3)
        #expect(step.end == 3)
        #expect(abs(step.linearProgress(at: 1.25)! - 0.25) < 1e-12)
        #expect(abs(step.linearProgress(at: 2.5)! - 0.5) < 1e-12)
        #expect(step.linearProgress(at: 3) == 1)
        #expect(step.linearProgress(at: 4) == 1)
    }

    @Test func autoreverseGoesThereAndBack() {
        let step = timing(duration: 1, repeatCount: 1, autoreverses: true)
        #expect(step.end == 2)
        #expect(step.linearProgress(at: 0.5) == 0.5)
        #expect(step.linearProgress(at: 1) == 1)
        #expect(step.linearProgress(at: 1.5) == 0.5)
        #expect(step.linearProgress(at: 2) == 0)
        #expect(step.linearProgress(at: 5) == 0)
    }

    @Test func fractionalRepeatStopsPartWay() {
        let step = timing(duration: 1, repeatCount: 1.5)
        #expect(step.end == 1.5)
        #expect(step.linearProgress(at: 1.5) == 0.5)
        #expect(step.linearProgress(at: 3) == 0.5)
    }

    @Test func theCurveEasesTheLinearProgress() {
        let easeIn = NamedCurves.curve(named: "ease-in")!
        let step = StepTiming(start: 1, duration: 2, curve: easeIn, speed: 1, repeatCount: 1, autoreverses: false)
        #expect(step.progress(at: 0.5, plugins: HostCurvesOnly()) == nil)
        for t in [1.0, 1.3, 2, 2.9, 3, 4] {
            #expect(step.progress(at: t, plugins: HostCurvesOnly()) == easeIn.value(at: step.linearProgress(at: t)!))
        }
        #expect(step.progress(at: 2, plugins: HostCurvesOnly())! < 0.5, "ease-in lags behind linear halfway")
    }

    @Test func zeroDurationJumpsAtItsStart() {
        let step = timing(start: 0.25, duration: 0)
        #expect(step.linearProgress(at: 0.2) == nil)
        #expect(step.linearProgress(at: 0.25) == 1)
    }
}
