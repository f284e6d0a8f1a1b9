import CAnimatorABI
import Compositor
import Foundation
import Scene
import Testing

/// Layers turned about their horizontal or vertical axis and seen in perspective, as Core
/// Animation's `transform.rotation.x/.y` with m34 draw them.
@Suite struct TurnedLayerTests {
    /// A 200×100 canvas, white, with one card [50, 20, 100, 60] whose left half is red and right
    /// half green (a red card holding a green sublayer), turned by `turn`.
    func render(_ turn: HostLayerState) -> FrameBuffer {
        let card = layer(rect(50, 20, 100, 60))
        let half = layer(rect(50, 0, 50, 60))
        let frame = FrameBuffer.blank(width: 200, height: 100)
        Compositor(
            canvas: Canvas(width: 200, height: 100, background: white),
            contents: [LayerContent(fill: .color(red)), LayerContent(fill: .color(green))],
            tree: LayerTree(parents: [nil, 0], ends: [2, 2], masksToBounds: [false, false])
        ).render([card, half], host: [turn, HostLayerState()], replacing: [], into: frame)
        return frame
    }

    func turned(y: Double = 0, x: Double = 0, perspective: Double = 0, doubleSided: Bool = true) -> HostLayerState {
        var turn = HostLayerState()
        (turn.rotationY, turn.rotationX, turn.perspective, turn.isDoubleSided) = (y, x, perspective, doubleSided)
        return turn
    }

    /// Columns of the middle row that are not the white background.
    func coveredColumns(_ frame: FrameBuffer, row: Int = 50) -> [Int] {
        (0..<frame.width).filter { frame.pixel(x: $0, y: row) != (255, 255, 255, 255) }
    }

    @Test func withoutPerspectiveATurnAboutTheVerticalAxisNarrowsTheLayerByItsCosine() {
        let frame = render(turned(y: 60))
        let columns = coveredColumns(frame)
        // 100 × cos 60° = 50 wide, centred on the anchor at x = 100: x 75 to 125.
        #expect(columns.first.map { (74...76).contains($0) } == true, "\(columns.first ?? -1)")
        #expect(columns.last.map { (123...125).contains($0) } == true, "\(columns.last ?? -1)")
        #expect(frame.pixel(x: 85, y: 50) == (255, 0, 0, 255), "the left half, red")
        #expect(frame.pixel(x: 115, y: 50) == (0, 255, 0, 255), "the right half, green")
        #expect(
            frame.pixel(x: 100, y: 19) == (255, 255, 255, 255) && frame.pixel(x: 100, y: 21) != (255, 255, 255, 255))
    }

    @Test func edgeOnTheLayerShowsTheBackgroundThrough() {
        let frame = render(turned(y: 90, perspective: 500))
        #expect(coveredColumns(frame).count <= 1, "a column at most: \(coveredColumns(frame))")
    }

    @Test func inPerspectiveTheNearEdgeIsTallerThanTheFarOne() {
        // Positive turns take the right edge away from the eye: it shrinks, the left one grows.
        let frame = render(turned(y: 45, perspective: 300))
        let columns = coveredColumns(frame)
        let (left, right) = (columns.first! + 2, columns.last! - 2)
        func height(at x: Int) -> Int { (0..<100).filter { frame.pixel(x: x, y: $0) != (255, 255, 255, 255) }.count }
        #expect(height(at: left) > 60 && height(at: right) < 60, "left \(height(at: left)), right \(height(at: right))")
        #expect(100 - left > right - 100, "the near half is wider")
    }

    @Test func turnedAwayADoubleSidedLayerShowsItsBackMirroredAndAOneSidedOneNothing() {
        let back = render(turned(y: 180))
        #expect(back.pixel(x: 60, y: 50) == (0, 255, 0, 255), "green now on the left")
        #expect(back.pixel(x: 140, y: 50) == (255, 0, 0, 255), "red on the right")
        let hidden = render(turned(y: 180, doubleSided: false))
        #expect(coveredColumns(hidden).isEmpty)
        let facing = render(turned(y: 30, doubleSided: false))
        #expect(!coveredColumns(facing).isEmpty, "one-sided shows while it faces the eye")
    }

    @Test func aTurnAboutTheHorizontalAxisTipsTheTopAway() {
        let frame = render(turned(x: 40, perspective: 300))
        func width(at y: Int) -> Int { coveredColumns(frame, row: y).count }
        let rows = (0..<100).filter { width(at: $0) > 0 }
        #expect(width(at: rows.first! + 1) < width(at: rows.last! - 1), "narrower at the top, which is farther")
    }

    /// A 150×150 white canvas with a red card scaled 2 about its centre to cover [-25, -25, 200, 200],
    /// holding a white sublayer with a black shadow, the card turned by `turn` and scaled by `scale`.
    func renderShadowedSublayer(_ turn: HostLayerState, scale: anim_point_t) -> FrameBuffer {
        var card = layer(rect(25, 25, 100, 100))
        card.scale = scale
        var inner = layer(rect(60, 30, 30, 30))
        let black = anim_color_t(r: 0, g: 0, b: 0, a: 1)
        inner.shadow = anim_shadow_t(color: black, opacity: 1, radius: 6, offset: anim_point_t(x: 0, y: 0))
        let frame = FrameBuffer.blank(width: 150, height: 150)
        Compositor(
            canvas: Canvas(width: 150, height: 150, background: white),
            contents: [LayerContent(fill: .color(red)), LayerContent(fill: .color(white))],
            tree: LayerTree(parents: [nil, 0], ends: [2, 2], masksToBounds: [false, false])
        ).render([card, inner], host: [turn, HostLayerState()], replacing: [], into: frame)
        return frame
    }

    /// The flat picture of a turned layer is larger than the canvas here: a sublayer's shadow is
    /// drawn for the whole picture, as the same layer mirrored without a turn draws it.
    @Test func aSublayersShadowIsWholeWhereTheTurnedPictureOutgrowsTheCanvas() {
        let turned = renderShadowedSublayer(turned(y: 180), scale: anim_point_t(x: 2, y: 2))
        let mirrored = renderShadowedSublayer(HostLayerState(), scale: anim_point_t(x: -2, y: 2))
        // Just above the sublayer (mirrored to x -5 to 55, y 35 to 95), in its shadow.
        for x in [2, 10, 20] {
            let (shadowed, flat) = (turned.pixel(x: x, y: 32), mirrored.pixel(x: x, y: 32))
            #expect(shadowed.r < 250 && isClose(shadowed, flat, tolerance: 3), "x \(x): \(shadowed) against \(flat)")
        }
    }

    @Test func aTurnedFrameIsTheSameBytesEveryTime() {
        let turn = turned(y: 33, x: -12, perspective: 400)
        #expect(bytes(of: render(turn)) == bytes(of: render(turn)))
    }
}
