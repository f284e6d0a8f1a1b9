import Testing
import Timing

@testable import Scene

/// Interactive transitions as UIPercentDrivenInteractiveTransition plays them: the gesture
/// sets the percent complete, the release decides finish or cancel, the rest plays at
/// completionSpeed.
@Suite struct InteractionTests {
    func interaction(_ track: [(Double, Double)], rule: Interaction.Rule, speed: Double = 1) -> Interaction {
        Interaction(
            track: track.map { ($0.0, $0.1, nil) }, rule: rule, completionSpeed: speed, completionCurve: LinearCurve())
    }

    @Test func followsTheGestureUntilRelease() {
        let drag = interaction([(0, 0), (0.4, 0.2), (0.8, 0.6)], rule: .progressAtLeast(0.5))
        #expect(abs(drag.position(atWallTime: 0.2, timelineEnd: 1, plugins: HostCurvesOnly()) - 0.1) < 1e-12)
        #expect(abs(drag.position(atWallTime: 0.6, timelineEnd: 1, plugins: HostCurvesOnly()) - 0.4) < 1e-12)
        #expect(drag.releaseTime == 0.8)
    }

    @Test func finishesPastTheThresholdAtCompletionSpeed() {
        let drag = interaction([(0, 0), (0.8, 0.6)], rule: .progressAtLeast(0.5), speed: 2)
        #expect(drag.finishes)
        // The remaining 40 % of a 1 s transition at double speed: 0.2 s.
        #expect(abs(drag.completionDuration(timelineEnd: 1) - 0.2) < 1e-12)
        #expect(abs(drag.position(atWallTime: 0.9, timelineEnd: 1, plugins: HostCurvesOnly()) - 0.8) < 1e-12)
        #expect(drag.position(atWallTime: 1.0, timelineEnd: 1, plugins: HostCurvesOnly()) == 1)
        #expect(drag.position(atWallTime: 5, timelineEnd: 1, plugins: HostCurvesOnly()) == 1)
    }

    @Test func cancelsBelowTheThresholdEndingExactlyAtTheStart() {
        let drag = interaction([(0, 0), (0.5, 0.3)], rule: .progressAtLeast(0.5))
        #expect(!drag.finishes)
        #expect(abs(drag.completionDuration(timelineEnd: 2) - 0.6) < 1e-12)
        #expect(drag.position(atWallTime: 1.1, timelineEnd: 2, plugins: HostCurvesOnly()) == 0)
    }

    @Test func velocityDecidesWhenTheRuleSaysSo() {
        let back = interaction([(0, 0), (0.5, 0.7), (0.6, 0.65)], rule: .velocityAbove(0))
        #expect(back.releaseVelocity < 0)
        #expect(!back.finishes, "moving back at release cancels, however far it got")
        let forward = interaction([(0, 0), (0.5, 0.2), (0.6, 0.25)], rule: .velocityAbove(0))
        #expect(forward.finishes)
        let given = Interaction(
            track: [(0, 0, nil), (0.5, 0.4, -2)], rule: .velocityAbove(0), completionSpeed: 1,
            completionCurve: LinearCurve())
        #expect(given.releaseVelocity == -2)
    }

    @Test func aBackwardsClockPlaysTheTimelineFromItsEnd() {
        let drag = interaction([(0, 0), (0.5, 0.5)], rule: .progressAtLeast(0.5))
        let pop = SceneClock(direction: .pop, interaction: drag, timelineEnd: 2)
        #expect(pop.timelineTime(atWallTime: 0, frameCount: 60, fps: 60, plugins: HostCurvesOnly()) == 2)
        #expect(pop.timelineTime(atWallTime: 0.5, frameCount: 60, fps: 60, plugins: HostCurvesOnly()) == 1)
        #expect(pop.timelineTime(atWallTime: 10, frameCount: 60, fps: 60, plugins: HostCurvesOnly()) == 0)
    }
}
