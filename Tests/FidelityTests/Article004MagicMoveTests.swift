import Foundation
import Testing

/// Article 004 (`004_e91989c727964e90`, "自定义转场动画的实现（参考：格瓦拉）") and the code it
/// links (shyang/CustomTransition, MagicAnimator.m): five animations as fractions of the total —
/// 1. a white full-screen mask fades in (0.17, UIView's ease-in-out); 2. the poster's shadow rises
/// to opacity 0.6, offset 5% of its size (0.08, linear); 3. the poster moves to its slot grown by
/// 4% of the slot's size on each side (0.45, ease-in-out); 4. it settles into the slot while the
/// shadow goes (0.21); 5. a hole grows linearly in the mask from the slot's centre to the
/// screen's diagonal (0.26) — over 1 s, the span the code's comment measures on Gewara's
/// recording.
@Suite struct Article004MagicMoveTests {
    let slot = [48.0, 150, 270, 390]

    @Test func theFiveStepsRunInTheirOrderAndSpans() throws {
        let move = try ArticleExample("pipeline")
        let steps = move.scene.steps.indices.map { (move.scene.steps[$0].kindAndName, move.span(ofStep: $0)) }
        let expected: [(String, (Double, Double))] = [
            ("animator \"fade\"", (0, 0.17)),  // 1. the mask fades in
            ("animation \"shadow.opacity\"", (0, 0.08)),  // 2. lift
            ("animation \"frame\"", (0.08, 0.45)),  // 3. move and grow
            ("animation \"shadow.offset\"", (0.53, 0)),
            ("animation \"shadow.opacity\"", (0.53, 0.21)),  // 4. drop
            ("animation \"frame\"", (0.53, 0.21)),
            ("animator \"fade\"", (0.74, 0)),  // the list goes under the mask
            ("animator \"ripple-reveal\"", (0.74, 0.26)),  // 5. the hole
        ]
        #expect(steps.count == expected.count)
        for (step, want) in zip(steps, expected) {
            #expect(step.0 == want.0 && close(step.1.start, want.1.0) && close(step.1.duration, want.1.1), "\(step)")
        }
        #expect(close(move.scene.clock.timelineEnd, 1), "1 s in all: \(move.scene.clock.timelineEnd)")
    }

    @Test func theMaskIsWhiteAndOpaqueAfterItsFade() throws {
        let move = try ArticleExample("pipeline")
        #expect(try move.state(of: "mask", at: 0).opacity == 0)
        #expect(close(try move.state(of: "mask", at: 0.085).opacity, 0.5, 1e-3), "ease-in-out: half at half time")
        #expect(try move.state(of: "mask", at: 0.17).opacity == 1)
        let text = try String(contentsOfFile: move.scene.file, encoding: .utf8)
        #expect(text.contains(##"{ "name": "mask", "fill": "#ffffff""##), "a white mask")
    }

    @Test func theShadowRisesTo0_6WithAnOffsetOfFivePercentOfThePoster() throws {
        let move = try ArticleExample("pipeline")
        let lifted = try move.state(of: "poster", at: 0.08).shadow
        #expect(close(lifted.opacity, 0.6) && close(lifted.offset.x, 168 * 0.05) && close(lifted.offset.y, 243 * 0.05))
        #expect(close(try move.state(of: "poster", at: 0.04).shadow.opacity, 0.3), "linear")
        // For the drop the code sets the offset from the grown poster's size.
        let dropping = try move.state(of: "poster", at: 0.53).shadow
        #expect(close(dropping.offset.x, 270 * 1.08 * 0.05) && close(dropping.offset.y, 390 * 1.08 * 0.05))
        #expect(close(try move.state(of: "poster", at: 0.635).shadow.opacity, 0.3), "linear")
        #expect(close(try move.state(of: "poster", at: 0.74).shadow.opacity, 0, 1e-9))
    }

    @Test func thePosterOvershootsTheSlotByFourPercentAndSettles() throws {
        let move = try ArticleExample("pipeline")
        let start = try move.state(of: "poster", at: 0.08).frame
        #expect([start.x, start.y, start.width, start.height] == [36, 436, 168, 243], "\(start)")
        let big = try move.state(of: "poster", at: 0.53).frame
        let grown = [slot[0] - slot[2] * 0.04, slot[1] - slot[3] * 0.04, slot[2] * 1.08, slot[3] * 1.08]
        #expect(zip([big.x, big.y, big.width, big.height], grown).allSatisfy { close($0, $1) }, "\(big)")
        let settled = try move.state(of: "poster", at: 0.74).frame
        #expect(zip([settled.x, settled.y, settled.width, settled.height], slot).allSatisfy { close($0, $1) })
    }

    @Test func theHoleGrowsLinearlyFromTheSlotsCentreToTheDiagonal() throws {
        let move = try ArticleExample("pipeline")
        let diagonal = hypot(750.0, 1334)
        for t in stride(from: 0.74, through: 1.0, by: 0.02) {
            let hole = try move.circle(of: "mask", at: t)
            #expect(close(hole.radius, diagonal * (t - 0.74) / 0.26, 1e-6), "t=\(t): r = \(hole.radius)")
            #expect(close(hole.centre.x, 183) && close(hole.centre.y, 345), "centred on the slot")
        }
        // The screen is clear once the hole passes the farthest corner: 74.5% into its span.
        let clear = hypot(750 - 183.0, 1334 - 345) / diagonal
        #expect(close(clear, 0.745, 0.001), "\(clear)")
    }

    /// The hole-only variant (HoleAnimator.m): 1 s, from the screen's centre to its diagonal, linear.
    @Test func theHoleOnlyVariantGrowsFromTheCentreToTheDiagonalIn1Second() throws {
        let hole = try ArticleExample("hole-reveal")
        #expect(hole.span(ofStep: 0) == (0, 1), "transitionDuration returns 1")
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            let circle = try hole.circle(of: "list", at: t)
            #expect(
                close(circle.radius, screenDiagonal * t) && close(circle.centre.x, 187.5)
                    && close(circle.centre.y, 333.5))
        }
    }
}
