import Foundation
import Scene
import Testing

/// Article 000 (`000_bb60fbfd2aebd0c3`, "动画 - 页面跳转 - 自定义模态跳转动画"): the circle
/// transitions of `CircleTransitionAnimator` (push/pop) and `ModelTransitionAnimator` (modal,
/// 0.6 s). A 10×10 button is centred on the tapped point; the mask's final oval is that frame
/// inset by −√(w² + h²) (radius: the screen's diagonal + 5) whatever the tap; a `CABasicAnimation`
/// on "path" (linear) runs for the duration. A pop or dismiss puts a snapshot of the old screen
/// over the new one, shrinks the mask from the final oval to the button's, and removes the
/// snapshot at duration − 0.1 s. The edge-pan pop (the touch within 20 pt of the left edge)
/// grows the circle from the touch over the previous screen, driven by translation.x / width,
/// and finishes when the pan's velocity at release is positive.
@Suite struct Article000CircleTransitionTests {
    /// The radius the article's mask has at progress p from a button of half-size `half`.
    func radius(half: Double, progress p: Double) -> Double { half + screenDiagonal * p }

    @Test func modalPresentGrowsFromTheTapToTheDiagonalPlusFiveIn0_6Seconds() throws {
        let present = try ArticleExample("modal-circle-present")
        #expect(present.span(ofStep: 0) == (0, 0.6), "ModelTransitionAnimator.transitionDuration is 0.6")
        #expect(present.scene.timing(ofStep: 0).curve.description == "linear", "a CABasicAnimation's default")
        for t in stride(from: 0.0, through: 0.6, by: 0.05) {
            let circle = try present.circle(of: "compose", at: t)
            #expect(close(circle.radius, radius(half: 5, progress: t / 0.6)), "t=\(t): r = \(circle.radius)")
            #expect(close(circle.centre.x, 187) && close(circle.centre.y, 388), "centred on the tap")
        }
        // The farthest corner from the tap, (375, 0), is 431.2 px away: covered at 0.334 s of 0.6.
        let covered = (hypot(375 - 187, 388) - 5) / screenDiagonal * 0.6
        #expect(close(covered, 0.334, 0.001), "covers the screen at \(covered) s")
    }

    @Test func modalDismissShrinksOnASnapshotRemovedAtDurationMinusATenth() throws {
        let dismiss = try ArticleExample("modal-circle-dismiss")
        for t in stride(from: 0.0, through: 0.6, by: 0.05) {
            let circle = try dismiss.circle(of: "compose-snapshot", at: t)
            #expect(close(circle.radius, radius(half: 5, progress: 1 - t / 0.6)), "t=\(t): r = \(circle.radius)")
        }
        for (t, opacity) in [(0.0, 1.0), (0.49, 1), (0.5, 0), (0.6, 0)] {
            let shown = try dismiss.state(of: "compose-snapshot", at: t).opacity
            #expect(shown == opacity, "the snapshot at \(t) s: opacity \(shown)")
        }
    }

    @Test func navigationPopShrinksOnASnapshotRemovedAtDurationMinusATenth() throws {
        let pop = try ArticleExample("circle-pop")
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            let circle = try pop.circle(of: "compose-snapshot", at: t)
            #expect(close(circle.radius, radius(half: 28, progress: 1 - t / 0.5)), "t=\(t): r = \(circle.radius)")
            #expect(close(circle.centre.x, 327) && close(circle.centre.y, 619), "centred on the + button")
        }
        #expect(try pop.state(of: "compose-snapshot", at: 0.39).opacity == 1)
        #expect(try pop.state(of: "compose-snapshot", at: 0.4).opacity == 0, "removed at 0.5 − 0.1 s")
    }

    @Test(arguments: ["circle-pop-interactive-finish", "circle-pop-interactive-cancel"])
    func edgePanPopGrowsFromTheTouchByThePansPercentComplete(example: String) throws {
        let pop = try ArticleExample(example)
        let interaction = try #require(pop.scene.clock.interaction)
        #expect(interaction.finishes == (interaction.releaseVelocity > 0), "finish if the velocity is positive")
        // The touch is the centre of the 10×10 button, within 20 pt of the left edge.
        let start = try pop.circle(of: "home", at: 0)
        #expect(start.centre.x < 20 && close(start.radius, 5), "from the touch: \(start)")
        for frame in 0..<pop.scene.frameCount {
            let t = try pop.evaluator.time(ofFrame: frame)
            let percent = t / 0.5
            let circle = try pop.circle(of: "home", at: t)
            #expect(close(circle.radius, radius(half: 5, progress: percent)), "frame \(frame): r = \(circle.radius)")
        }
        let last = pop.scene.frameCount - 1
        if interaction.finishes {
            #expect(
                pop.scene.removedLayers(atWallTime: Double(last) / pop.scene.fps).isEmpty,
                "a finished pop keeps the home screen")
        } else {
            #expect(
                pop.scene.removedLayers(atWallTime: Double(last) / pop.scene.fps) == [try pop.layer("home")],
                "cancelled: the to view goes")
            #expect(
                pop.scene.removedLayers(atWallTime: Double(last - 1) / pop.scene.fps).isEmpty,
                "but not before the transition lands")
        }
    }
}
