import Foundation
import Testing

/// Article 001 (`001_06178d2fdde8a68c`, "iOS酷炫切换动画实战分析", the Ping app's transition):
/// `CircleTransitionAnimator` returns 0.5 s; the new screen's `CAShapeLayer` mask animates on
/// "path" (linear) from the oval of the button's frame to one large enough to cover the screen.
/// The example's "+" button sits at the bottom right, so "large enough" is its farthest corner.
@Suite struct Article001PingCircleTests {
    @Test func pushGrowsFromTheButtonsOvalToTheFarthestCornerIn0_5Seconds() throws {
        let push = try ArticleExample("circle-push")
        #expect(push.span(ofStep: 0) == (0, 0.5), "transitionDuration returns 0.5")
        #expect(push.scene.timing(ofStep: 0).curve.description == "linear")
        let (start, end) = (28.0, hypot(327.0, 619.0))  // the 56×56 button's oval; the corner (0, 0)
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            let circle = try push.circle(of: "compose", at: t)
            #expect(close(circle.radius, start + (end - start) * t / 0.5), "t=\(t): r = \(circle.radius)")
            #expect(close(circle.centre.x, 327) && close(circle.centre.y, 619), "centred on the button")
        }
    }
}
