import CommandTestSupport
import Foundation
import Testing

/// The hole-only variant of article 004 (the code it links: HoleAnimator.m, 1 s): a circular
/// hole grows in the list from the screen's centre, even-odd, linearly to the screen's diagonal,
/// so the detail screen below shows whole from half-way on.
@Suite final class ExampleHoleRevealTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    static let centre = (x: 187.5, y: 333.5)

    @Test func theHoleIsADiscGrowingLinearlyToTheDiagonal() throws {
        let probe = DiscProbe(
            centre: Self.centre, inside: try examples.still("hole-reveal", at: 1),
            outside: try examples.still("hole-reveal", at: 0))
        for t in [0.15, 0.3] {
            let expected = t * hypot(375, 667)
            let frame = try examples.still("hole-reveal", at: t)
            // Every 15°: no pixel on the wrong side; the edge itself seen on enough rays (the two
            // screens are alike in places, where a ray cannot locate it).
            var located = 0
            for degrees in stride(from: -180.0, to: 180, by: 15) {
                let (misplaced, inside, outside) = probe.check(frame, degrees: degrees, radius: expected)
                #expect(
                    misplaced.isEmpty, "t=\(t) ray \(degrees)°: wrong side of r = \(expected) at \(misplaced.prefix(5))"
                )
                if inside > 0 && outside > 0 { located += 1 }
            }
            #expect(located >= 6, "t=\(t): the edge located on \(located) rays")
        }
    }

    @Test func theListIsWholeAtTheStartAndGoneFromHalfWay() throws {
        try examples.variant(
            of: "hole-reveal", "no-list", replacing: #""image": "assets/list.png" }"#,
            with: #""image": "assets/list.png", "hidden": true }"#)
        let detail = try examples.still("no-list", at: 0)
        let start = try examples.still("hole-reveal", at: 0)
        #expect(start.differences(from: detail, tolerance: 1).count > 1000, "the list covers the detail at the start")
        // The farthest corner is half the diagonal from the centre: clear at 0.5 s.
        #expect(try examples.still("hole-reveal", at: 0.49).differences(from: detail, tolerance: 1).count > 0)
        for t in [0.51, 1.0] {
            let (count, largest) = try examples.still("hole-reveal", at: t).differences(from: detail, tolerance: 1)
            #expect(count == 0, "t=\(t): \(count) pixels still show the list, differing by up to \(largest)")
        }
    }
}
