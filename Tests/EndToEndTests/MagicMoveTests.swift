import Foundation
import Testing

/// The magic move of pipeline.json on pixels, up to the reveal: the mask fades in over the list,
/// the poster lifts (a blurred shadow), moves and scales to its slot, and drops its shadow.
/// Stills at chosen times, each checked with a stated tolerance in 0–255 levels.
@Suite final class MagicMoveTests {
    let move: MagicMove
    init() throws { move = try MagicMove() }
    deinit { move.cleanUp() }

    /// The poster's visual frame: everything that differs from the mask colour by more than 24
    /// levels (a shadow on the mask darkens it by at most 16, so it is not counted).
    private func posterOnMask(at t: Double) throws -> [Int]? {
        try move.still(at: t).bounds(differingFrom: { _, _ in MagicMove.maskColor }, by: 24)
    }

    @Test func theMaskFadesInOverTheList() throws {
        let list = try move.asset("list")
        // Light list pixels far from the poster: navigation bar, rows 2 and 3, bottom right.
        let points = [(650, 80), (600, 800), (300, 1250), (700, 1300)]
        for (x, y) in points { try #require(list[x, y].r >= 200, "a light list pixel at \(x),\(y)") }
        let start = try move.still(at: 0)
        let half = try move.still(at: 0.125)
        let full = try move.still(at: 0.3)
        for (x, y) in points {
            #expect(start[x, y].distance(to: list[x, y]) <= 2, "t=0 at \(x),\(y): \(start[x, y]) vs list \(list[x, y])")
            // ease-in at half its duration has covered about 0.31 of the way from list to mask.
            let covered = Double(list[x, y].r - half[x, y].r) / Double(list[x, y].r - MagicMove.maskColor.r)
            #expect((0.2...0.45).contains(covered), "t=0.125 at \(x),\(y): \(half[x, y]) is \(covered) of the way")
            #expect(full[x, y].distance(to: MagicMove.maskColor) <= 2, "t=0.3 at \(x),\(y): \(full[x, y])")
        }
    }

    @Test func thePosterLiftsWithABlurredShadow() throws {
        let poster = try #require(try posterOnMask(at: 0.3))
        let (x, bottom) = (poster[0] + poster[2] / 2, poster[1] + poster[3])
        // On the real, dark mask the shadow is still measurable just below the poster.
        let onMask = try move.still(at: 0.3)[x, bottom + 6]
        #expect(onMask.r <= MagicMove.maskColor.r - 4 && onMask.b <= MagicMove.maskColor.b - 4, "\(onMask)")
        // A white mask shows the falloff: offset 14 + radius 28 below the bottom edge.
        try move.variant("light.json", replacing: ##""fill": "#101014""##, with: ##""fill": "#ffffff""##)
        let light = try move.still(at: 0.3, of: "light.json")
        let column = (2...64).map { light[x, bottom + $0].r }
        #expect(column[2] < 200, "dark next to the poster: \(column)")
        #expect(zip(column, column.dropFirst()).allSatisfy { $0 <= $1 + 1 }, "lighter with distance: \(column)")
        #expect(Set(column).count >= 20, "a gradual falloff, not a hard edge: \(column)")
        #expect(column[54] >= 250, "gone 56 px below: \(column)")
    }

    @Test func thereIsNoShadowBeforeTheLiftNorAfterTheDrop() throws {
        let list = try move.asset("list")
        let detail = try move.asset("detail")
        let before = try move.still(at: 0)
        let after = try move.still(at: 0.85)
        let (poster, slot) = (MagicMove.posterFrame, MagicMove.slot)
        let (posterX, posterBottom) = (poster[0] + poster[2] / 2, poster[1] + poster[3])
        let (slotX, slotY, slotRight, slotBottom) = (
            slot[0] + slot[2] / 2, slot[1] + slot[3] / 2, slot[0] + slot[2], slot[1] + slot[3]
        )
        for d in 1...60 {
            #expect(
                before[posterX, posterBottom + d].distance(to: list[posterX, posterBottom + d]) <= 2,
                "t=0, \(d) px below")
            #expect(
                after[slotX, slotBottom + d].distance(to: detail[slotX, slotBottom + d]) <= 2, "t=0.85, \(d) px below")
            #expect(
                after[slotRight + d, slotY].distance(to: detail[slotRight + d, slotY]) <= 2, "t=0.85, \(d) px right")
        }
    }

    @Test func thePosterMovesAndScalesToItsSlot() throws {
        let list = try move.asset("list")
        let start = try move.still(at: 0).bounds(differingFrom: { list[$0, $1] }, by: 24)
        #expect(start == MagicMove.posterFrame, "t=0: \(String(describing: start))")
        for t in [0.7, 0.75] {
            let end = try posterOnMask(at: t)
            #expect(end == MagicMove.slot, "t=\(t): \(String(describing: end))")
        }
        var widths: [Int] = []
        for t in [0.3, 0.4, 0.5, 0.6] {
            let frame = try #require(try posterOnMask(at: t))
            #expect((36...48).contains(frame[0]) && (150...436).contains(frame[1]), "t=\(t): \(frame)")
            #expect((168...270).contains(frame[2]) && (243...390).contains(frame[3]), "t=\(t): \(frame)")
            widths.append(frame[2])
        }
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 }, "growing: \(widths)")
    }
}
