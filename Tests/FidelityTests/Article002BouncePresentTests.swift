import Foundation
import Testing

/// Article 002 (`002_6800c7baf027ee24`, BouncePresentAnimationController): 0.5 s; the presented
/// screen starts one screen-height below (`CGRectOffset(screenBounds, 0, height)`) and springs to
/// its final frame with `usingSpringWithDamping: 0.7`, while the presenting screen's alpha goes
/// to 0.5 alongside and is set back to 1 in the completion block.
@Suite struct Article002BouncePresentTests {
    @Test func theScreenSpringsUpFromOneScreenBelowWhileTheOldOneDimsToHalf() throws {
        let bounce = try ArticleExample("bounce-present")
        #expect(bounce.span(ofStep: 0) == (0, 0.5), "transitionDuration returns 0.5")
        #expect(bounce.scene.timing(ofStep: 0).curve.description == "spring, damping ratio 0.7")
        #expect(close(try bounce.state(of: "compose", at: 0).translation.y, 667), "one screen-height below")
        #expect(close(try bounce.state(of: "compose", at: 0.5).translation.y, 0), "at its final frame at 0.5 s")
        // Damping 0.7 overshoots by e^(−πζ/√(1−ζ²)) = 4.6% of the travel: about 31 px above.
        let highest = try stride(from: 0.0, through: 0.5, by: 1.0 / 600).map {
            try bounce.state(of: "compose", at: $0).translation.y
        }.min()!
        #expect(close(highest, -667 * exp(-Double.pi * 0.7 / (1 - 0.49).squareRoot()), 0.5), "overshoot \(highest)")
        // The old screen goes to 0.5 with the same spring, and back to 1 at completion.
        #expect(try bounce.state(of: "home", at: 0).opacity == 1)
        #expect(close(try bounce.state(of: "home", at: 0.5 - 1e-9).opacity, 0.5, 0.01))
        #expect(try bounce.state(of: "home", at: 0.5).opacity == 1, "restored in the completion block")
    }
}
