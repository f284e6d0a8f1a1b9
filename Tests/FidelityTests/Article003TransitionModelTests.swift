import Foundation
import PluginRegistry
import Scene
import Testing

/// Article 003 (`003_c652eeddfb54a670`, the view-controller transition model): HalfWaySpring
/// (2 s; the to-view starts at the from-view's maxY / 2 with alpha 0 and springs up with
/// `usingSpringWithDamping: 0.6` while its alpha goes to 1); the custom presentation's dimming
/// view animated from alpha 0 to 0.5 alongside; and the percent-driven interactive transition
/// that finishes when released at 0.5 or more.
@Suite struct Article003TransitionModelTests {
    @Test func halfWaySpringRisesFromHalfHeightFadingInOver2Seconds() throws {
        let spring = try ArticleExample("half-way-spring")
        #expect(spring.span(ofStep: 0) == (0, 2), "transitionDuration returns 2")
        #expect(spring.scene.timing(ofStep: 0).curve.description == "spring, damping ratio 0.6")
        let start = try spring.state(of: "compose", at: 0)
        #expect(close(start.translation.y, 667 / 2) && start.opacity == 0, "at maxY / 2, alpha 0")
        let end = try spring.state(of: "compose", at: 2)
        #expect(close(end.translation.y, 0) && close(end.opacity, 1), "in place and opaque at 2 s")
        // The same spring drives both: where the screen has risen half-way, alpha is 0.5.
        for t in stride(from: 0.05, through: 1.95, by: 0.1) {
            let state = try spring.state(of: "compose", at: t)
            let progress = 1 - state.translation.y / (667 / 2)
            #expect(close(state.opacity, min(max(progress, 0), 1), 1e-9), "t=\(t)")
        }
    }

    @Test func theDimmingViewGoesFrom0To0_5AlongsideThePresentation() throws {
        let presentation = try ArticleExample("custom-presentation")
        let span = presentation.span(ofStep: 0)
        #expect(try presentation.state(of: "dimming", at: 0).opacity == 0)
        #expect(close(try presentation.state(of: "dimming", at: span.duration).opacity, 0.5))
        #expect(presentation.span(ofStep: 1) == span, "alongside: the same span")
    }

    @Test(arguments: [(0.49, false), (0.5, true), (0.8, true)])
    func aPercentDrivenTransitionFinishesWhenReleasedAtHalfOrMore(percent: Double, finishes: Bool) throws {
        let text = """
            {"version": 1, "canvas": {"width": 8, "height": 8, "fps": 60},
             "interaction": {"track": [[0, 0], [0.3, \(percent)]], "finishIf": {"progressAtLeast": 0.5}},
             "layers": [{"name": "card"}],
             "timeline": [{"animate": "opacity", "target": "card", "from": 0, "to": 1, "duration": 0.5}]}
            """
        let scene = try SceneDecoder.decode(
            Array(text.utf8), file: "/tmp/percent-driven.json", registry: Registry(opensPlugins: false))
        #expect(try #require(scene.clock.interaction).finishes == finishes, "released at \(percent)")
    }
}
