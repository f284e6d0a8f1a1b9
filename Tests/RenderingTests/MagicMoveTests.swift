import CommandTestSupport
import Foundation
import Testing

/// The magic move of pipeline.json on pixels, up to the reveal, with article 004's code's numbers
/// (1 s in all): a white mask fades in over the list (ease-in-out, 0–0.17 s) while the poster
/// lifts (shadow opacity 0 → 0.6 over 0–0.08 s, offset 5% of its size), moves to a frame 4% larger
/// than its slot on each side (0.08–0.53 s) and settles into the slot as its shadow goes
/// (0.53–0.74 s). Stills at chosen times, each checked with a stated tolerance in 0–255 levels.
@Suite final class MagicMoveTests {
    let move: MagicMove
    init() throws { move = try MagicMove() }
    deinit { move.cleanUp() }

    /// Where along row `y` (or column `x`) a still differs from the white mask by more than 24
    /// levels: the first and one past the last such pixel.
    private func extent(_ image: RGBAImage, row y: Int) -> (Int, Int)? {
        let xs = (0..<image.width).filter { image[$0, y].distance(to: MagicMove.maskColor) > 24 }
        return xs.first.map { ($0, xs.last! + 1) }
    }

    private func extent(_ image: RGBAImage, column x: Int) -> (Int, Int)? {
        let ys = (0..<image.height).filter { image[x, $0].distance(to: MagicMove.maskColor) > 24 }
        return ys.first.map { ($0, ys.last! + 1) }
    }

    @Test func theWhiteMaskFadesInOverTheList() throws {
        let list = try move.asset("list")
        // Dark text bars of the list, far from the poster: the title, rows 1 and 4.
        let points = [(442, 90), (423, 169), (386, 166), (319, 1039), (554, 1047)]
        for (x, y) in points { try #require(list[x, y].r <= 40, "a dark list pixel at \(x),\(y)") }
        let start = try move.still(at: 0)
        let half = try move.still(at: 0.085)
        let full = try move.still(at: 0.2)
        for (x, y) in points {
            #expect(start[x, y].distance(to: list[x, y]) <= 2, "t=0 at \(x),\(y): \(start[x, y]) vs list \(list[x, y])")
            // ease-in-out at half its duration has covered half the way from list to mask.
            let covered = Double(half[x, y].r - list[x, y].r) / Double(MagicMove.maskColor.r - list[x, y].r)
            #expect(abs(covered - 0.5) <= 0.03, "t=0.085 at \(x),\(y): \(half[x, y]) is \(covered) of the way")
            #expect(full[x, y].distance(to: MagicMove.maskColor) == 0, "t=0.2 at \(x),\(y): \(full[x, y])")
        }
    }

    /// The article's shadow (black, opacity 0.6, offset 5% of the poster's size, radius 3 pt)
    /// on the white mask: well visible below and right of the poster, gone past its blur.
    @Test func thePosterLiftsWithAVisibleShadow() throws {
        let still = try move.still(at: 0.3)
        let top = try #require(extent(still, column: 120)?.0, "the poster's top edge")
        let left = try #require(extent(still, row: top + 2)?.0, "the poster's left edge")
        let bottom = try #require(extent(still, column: left + 20)?.1, "the shadow's bottom edge")
        // Darkening just below the poster's bottom edge, at its peak, as a fraction of white.
        let column = (0..<40).map { 255 - still[left + 60, bottom - 30 + $0].r }
        let peak = Double(column.max()!) / 255
        #expect(peak >= 0.25 * 0.6, "peak darkening \(peak) of the shadow's 0.6: \(column)")
        #expect(
            still[left + 60, bottom + 4].r >= 250, "gone 4 px past the shadow's edge: \(still[left + 60, bottom + 4])")
        let before = try move.still(at: 0)
        let list = try move.asset("list")
        let (poster, x) = (MagicMove.posterFrame, MagicMove.posterFrame[0] + MagicMove.posterFrame[2] / 2)
        for d in 1...30 {
            let y = poster[1] + poster[3] + d
            #expect(before[x, y].distance(to: list[x, y]) <= 2, "t=0, \(d) px below the poster: no shadow yet")
        }
    }

    @Test func theShadowIsGoneWhenThePosterLandsInItsSlot() throws {
        let after = try move.still(at: 0.745)
        let slot = MagicMove.slot
        let (slotX, slotY, slotRight, slotBottom) = (
            slot[0] + slot[2] / 2, slot[1] + slot[3] / 2, slot[0] + slot[2], slot[1] + slot[3]
        )
        for d in 1...40 {
            #expect(after[slotX, slotBottom + d] == MagicMove.maskColor, "t=0.745, \(d) px below")
            #expect(after[slotRight + d, slotY] == MagicMove.maskColor, "t=0.745, \(d) px right")
        }
    }

    /// The poster moves to the slot grown by 4% of its size on each side, then settles into it.
    @Test func thePosterOvershootsTheSlotByFourPercentThenSettles() throws {
        let list = try move.asset("list")
        let start = try move.still(at: 0).bounds(differingFrom: { list[$0, $1] }, by: 24)
        #expect(start == MagicMove.posterFrame, "t=0: \(String(describing: start))")
        // At 0.53 s the frame is [37.2, 134.4, 291.6, 421.2]; without the shadow, its bounds show.
        try move.variant("unlit.json", replacing: #""to": 0.6"#, with: #""to": 0"#)
        let big = try #require(
            try move.still(at: 0.53, of: "unlit.json").bounds(differingFrom: { _, _ in MagicMove.maskColor }, by: 24))
        let expected = [37, 134, 329 - 37, 556 - 134]
        #expect(zip(big, expected).allSatisfy { abs($0 - $1) <= 1 }, "t=0.53: \(big), expected \(expected)")
        let settled = try move.still(at: 0.74).bounds(differingFrom: { _, _ in MagicMove.maskColor }, by: 24)
        #expect(settled == MagicMove.slot, "t=0.74: \(String(describing: settled))")
    }
}
