import Foundation
import Testing

/// The hole-only variant of article 004: a circular hole grows in the list from the tapped
/// poster thumbnail, even-odd, until the detail screen below shows whole.
@Suite final class ExampleHoleRevealTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    static let centre = (x: 60.0, y: 133.75)

    /// Core Animation's ease-in, cubic Bézier (0.42, 0) (1, 1), at `x`.
    static func easeIn(_ x: Double) -> Double {
        let bezier = { (t: Double, p1: Double, p2: Double) in
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<60 {
            let t = (low + high) / 2
            if bezier(t, 0.42, 1) < x { low = t } else { high = t }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    @Test func theHoleIsADiscOfTheExpectedRadius() throws {
        let probe = DiscProbe(
            centre: Self.centre, inside: try examples.still("hole-reveal", at: 0.6),
            outside: try examples.still("hole-reveal", at: 0))
        // At the end the hole reaches the farthest corner, (375, 667).
        let expected = Self.easeIn(0.5) * hypot(375 - Self.centre.x, 667 - Self.centre.y)
        let frame = try examples.still("hole-reveal", at: 0.3)
        for degrees in [-35.0, -15, 0, 15, 30, 45, 60] {
            let (misplaced, inside, outside) = probe.check(frame, degrees: degrees, radius: expected)
            #expect(misplaced.isEmpty, "ray \(degrees)°: wrong side of r = \(expected) at \(misplaced.prefix(5))")
            #expect(
                inside > 0 && outside > 0,
                "ray \(degrees)°: \(inside) pixels checked inside the edge, \(outside) outside")
        }
    }

    @Test func theListIsWholeAtTheStartAndGoneAtTheEnd() throws {
        let list = try examples.still("hole-reveal", at: 0)
        let detail = try examples.still("hole-reveal", at: 0.6)
        // The thumbnail the hole starts from is the list's own; the end shows the detail screen.
        #expect(
            list[Int(Self.centre.x), Int(Self.centre.y)].distance(to: detail[Int(Self.centre.x), Int(Self.centre.y)])
                > 60)
        try examples.variant(
            of: "hole-reveal", "no-list", replacing: #""image": "assets/list.png" }"#,
            with: #""image": "assets/list.png", "hidden": true }"#)
        let (count, largest) = detail.differences(from: try examples.still("no-list", at: 0), tolerance: 1)
        #expect(count == 0, "at the end \(count) pixels still show the list, differing by up to \(largest)")
    }
}
