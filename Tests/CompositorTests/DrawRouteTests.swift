import CAnimatorABI
import Compositor
import Scene
import Testing

/// Every route a layer is drawn by (straight onto its parent, or through a picture projected by
/// its turn) goes through the same stages: a turned layer fades, casts its shadow and is masked
/// as the same layer drawn flat is.
@Suite struct DrawRouteTests {
    /// A 200×100 white canvas with one red card [40, 10, 80, 50] at half opacity, a hard black
    /// shadow 36 points below it and a circle of radius 15 punched out of its middle, `turn`
    /// turning it (the card and its hole are symmetric, so a half turn shows it as it lies flat).
    func render(_ turn: HostLayerState) -> FrameBuffer {
        var card = layer(rect(40, 10, 80, 50))
        card.opacity = 0.5
        card.shadow = anim_shadow_t(
            color: anim_color_t(r: 0, g: 0, b: 0, a: 1), opacity: 1, radius: 0, offset: anim_point_t(x: 0, y: 36))
        card.mask.shape_count = 1
        card.mask.inverted = 1
        card.mask.shapes.0 = anim_mask_shape_t(
            kind: ANIM_MASK_SHAPE_CIRCLE, reserved: 0, rect: rect(25, 10, 30, 30), corner_radius: 0)
        let frame = FrameBuffer.blank(width: 200, height: 100)
        Compositor(
            canvas: Canvas(width: 200, height: 100, background: white),
            contents: [LayerContent(fill: .color(red))]
        ).render([card], host: [turn], replacing: [], into: frame)
        return frame
    }

    var halfTurn: HostLayerState {
        var turn = HostLayerState()
        (turn.rotationY, turn.isDoubleSided) = (180, true)
        return turn
    }

    @Test(arguments: [false, true])
    func opacityShadowAndMaskApplyOnEveryRoute(turned: Bool) {
        let frame = render(turned ? halfTurn : HostLayerState())
        #expect(isClose(frame.pixel(x: 50, y: 20), (255, 128, 128, 255)), "the card at half opacity")
        #expect(frame.pixel(x: 80, y: 35) == (255, 255, 255, 255), "the mask's hole")
        #expect(isClose(frame.pixel(x: 50, y: 80), (128, 128, 128, 255)), "the shadow, faded with the card")
        #expect(isClose(frame.pixel(x: 110, y: 55), (255, 128, 128, 255)), "the card over its shadow, faded as one")
        #expect(frame.pixel(x: 50, y: 98) == (255, 255, 255, 255), "below the shadow")
    }

    @Test func aHalfTurnedCardIsTheFlatCard() {
        let (flat, turned) = (render(HostLayerState()), render(halfTurn))
        for (x, y) in [(45, 15), (50, 20), (80, 35), (66, 35), (50, 80), (44, 90), (118, 58), (110, 55)] {
            #expect(isClose(flat.pixel(x: x, y: y), turned.pixel(x: x, y: y)), "at (\(x), \(y))")
        }
    }
}
