import CAnimatorABI
import Compositor
import Scene
import Testing

@Suite struct MaskTests {
    func masked(
        _ shapes: [anim_mask_shape_t], rule: UInt32 = ANIM_FILL_NONZERO, inverted: Bool = false,
        frame: anim_rect_t = rect(0, 0, 64, 64)
    ) -> FrameBuffer {
        var target = layer(frame)
        target.mask.shape_count = UInt32(shapes.count)
        target.mask.fill_rule = rule
        target.mask.inverted = inverted ? 1 : 0
        withUnsafeMutableBytes(of: &target.mask.shapes) { raw in
            let stored = raw.bindMemory(to: anim_mask_shape_t.self)
            for (i, shape) in shapes.enumerated() { stored[i] = shape }
        }
        return render([target], [LayerContent(fill: .color(red))])
    }

    func shape(_ kind: UInt32, _ r: anim_rect_t) -> anim_mask_shape_t {
        anim_mask_shape_t(kind: kind, reserved: 0, rect: r, corner_radius: 0)
    }

    var boundsAndCircle: [anim_mask_shape_t] {
        [shape(ANIM_MASK_SHAPE_RECT, rect(0, 0, 64, 64)), shape(ANIM_MASK_SHAPE_CIRCLE, rect(16, 16, 32, 32))]
    }

    @Test func circleKeepsOnlyTheDisc() {
        let frame = masked([shape(ANIM_MASK_SHAPE_CIRCLE, rect(16, 16, 32, 32))])
        #expect(frame.pixel(x: 32, y: 32) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 19, y: 19).a == 0, "the corner of the circle's box is outside it")
        #expect(frame.pixel(x: 5, y: 5).a == 0)
    }

    @Test func evenOddBoundsAndCircleMakeAHole() {
        let frame = masked(boundsAndCircle, rule: ANIM_FILL_EVEN_ODD)
        #expect(frame.pixel(x: 32, y: 32).a == 0)
        #expect(frame.pixel(x: 5, y: 5) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 19, y: 19) == (255, 0, 0, 255))
    }

    @Test func nonZeroTakesTheUnion() {
        let frame = masked(boundsAndCircle)
        #expect(frame.pixel(x: 32, y: 32) == (255, 0, 0, 255))
    }

    @Test func invertedKeepsTheOutside() {
        let frame = masked([shape(ANIM_MASK_SHAPE_ELLIPSE, rect(8, 24, 48, 16))], inverted: true)
        #expect(frame.pixel(x: 32, y: 32).a == 0)
        #expect(frame.pixel(x: 32, y: 20) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 9, y: 25) == (255, 0, 0, 255))
    }

    @Test func shapesAreInTheLayersOwnCoordinates() {
        var rounded = shape(ANIM_MASK_SHAPE_ROUNDED_RECT, rect(0, 0, 16, 64))
        rounded.corner_radius = 8
        let frame = masked([rounded], frame: rect(32, 0, 32, 64))
        #expect(frame.pixel(x: 40, y: 32) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 52, y: 32).a == 0)
        #expect(frame.pixel(x: 32, y: 0).a == 0, "the rounded corner")
    }
}
