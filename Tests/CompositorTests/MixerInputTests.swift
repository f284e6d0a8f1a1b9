import CAnimatorABI
import Compositor
import Scene
import Testing

/// What a mixer step needs: layers rendered alone, and a blended image drawn in a layer's place.
@Suite struct MixerInputTests {
    let canvas = Canvas(width: 64, height: 64, background: blue)
    /// Red below, green in the middle, white on the right edge above both.
    let contents = [
        LayerContent(fill: .color(red)), LayerContent(fill: .color(green)), LayerContent(fill: .color(white)),
    ]
    let layers = [layer(rect(0, 0, 64, 64)), layer(rect(16, 16, 32, 32)), layer(rect(56, 0, 8, 64))]

    /// Opaque white over the left half, transparent elsewhere.
    func leftHalfWhite() -> FrameBuffer {
        let image = FrameBuffer.blank(width: 64, height: 64)
        for y in 0..<64 {
            (image.pixels + y * image.stride).update(repeating: 255, count: 32 * 4)
        }
        return image
    }

    @Test func aLayerAloneHasNoBackgroundAndNoOtherLayer() {
        let compositor = Compositor(canvas: canvas, contents: contents)
        let alone = FrameBuffer.blank(width: 64, height: 64)
        compositor.render(layers, into: alone)
        compositor.renderLayer(1, of: layers, into: alone)
        #expect(alone.pixel(x: 20, y: 20) == (0, 255, 0, 255))
        #expect(alone.pixel(x: 5, y: 5) == (0, 0, 0, 0), "neither the background nor the layers below")
        #expect(alone.pixel(x: 60, y: 20) == (0, 0, 0, 0), "nor the layer above")
    }

    @Test func aLayerAloneKeepsItsShadowMaskAndOpacity() {
        var lifted = layers[1]
        lifted.opacity = 0.5
        lifted.shadow = anim_shadow_t(color: red, opacity: 1, radius: 0, offset: anim_point_t(x: 0, y: 20))
        lifted.mask.shape_count = 1
        lifted.mask.shapes.0 = anim_mask_shape_t(
            kind: ANIM_MASK_SHAPE_RECT, reserved: 0,
            rect: rect(0, 0, 16, 32), corner_radius: 0)
        let alone = FrameBuffer.blank(width: 64, height: 64)
        var states = layers
        states[1] = lifted
        Compositor(canvas: canvas, contents: contents).renderLayer(1, of: states, into: alone)
        #expect(isClose(alone.pixel(x: 20, y: 20), (0, 128, 0, 128), tolerance: 1))
        #expect(alone.pixel(x: 40, y: 20) == (0, 0, 0, 0), "masked away")
        #expect(isClose(alone.pixel(x: 40, y: 60), (128, 0, 0, 128), tolerance: 1), "the shadow, faded too")
    }

    @Test func aReplacementIsDrawnInPlaceOfItsLayerAndUnderTheLayersAbove() {
        var faded = layers
        faded[1].opacity = 0.5
        let frame = FrameBuffer.blank(width: 64, height: 64)
        Compositor(canvas: canvas, contents: contents).render(
            faded, replacing: [Replacement(index: 1, image: leftHalfWhite())], into: frame)
        #expect(frame.pixel(x: 5, y: 5) == (255, 255, 255, 255), "the image everywhere it covers, unfaded")
        #expect(frame.pixel(x: 40, y: 20) == (255, 0, 0, 255), "the replaced layer itself is not drawn")
        #expect(frame.pixel(x: 60, y: 20) == (255, 255, 255, 255), "the layer above still covers it")
        #expect(frame.pixel(x: 40, y: 60) == (255, 0, 0, 255))
    }

    @Test func aLayerReplacedByItselfAloneLooksTheSame() {
        let compositor = Compositor(canvas: canvas, contents: contents)
        let alone = FrameBuffer.blank(width: 64, height: 64)
        let replaced = FrameBuffer.blank(width: 64, height: 64)
        let direct = FrameBuffer.blank(width: 64, height: 64)
        compositor.renderLayer(1, of: layers, into: alone)
        alone.swapRedAndBlue()
        compositor.render(layers, replacing: [Replacement(index: 1, image: alone)], into: replaced)
        compositor.render(layers, into: direct)
        #expect(bytes(of: replaced) == bytes(of: direct))
    }

    @Test func swappingRedAndBlueGivesTheMixersByteOrder() {
        let frame = FrameBuffer.blank(width: 64, height: 64)
        Compositor(canvas: canvas, contents: contents).render(layers, into: frame)
        let cairoOrder = bytes(of: frame)
        frame.swapRedAndBlue()
        #expect(Array(UnsafeBufferPointer(start: frame.pixels, count: 4)) == [255, 0, 0, 255], "red as R, G, B, A")
        frame.swapRedAndBlue()
        #expect(bytes(of: frame) == cairoOrder)
    }
}
