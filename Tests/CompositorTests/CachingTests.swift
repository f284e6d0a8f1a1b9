import CAnimatorABI
import CCairo
import Compositor
import Scene
import Testing

/// Work the compositor spares between frames (static layers copied, opaque mixer output copied
/// in) must give exactly the bytes of drawing everything afresh.
@Suite struct CachingTests {
    let canvas = Canvas(width: 64, height: 64, background: blue)
    let contents = [
        LayerContent(fill: .color(red)), LayerContent(fill: .color(green)), LayerContent(fill: .color(white)),
    ]
    let layers = [layer(rect(0, 0, 48, 48)), layer(rect(16, 16, 32, 32)), layer(rect(40, 8, 16, 40))]

    func fresh(_ layers: [anim_layer_t], replacing replacements: [Replacement] = []) -> [UInt8] {
        let frame = FrameBuffer.blank(width: 64, height: 64)
        Compositor(canvas: canvas, contents: contents).render(layers, replacing: replacements, into: frame)
        return bytes(of: frame)
    }

    /// Premultiplied RGBA with varied alpha in the top half and `alpha` below.
    func mixed(alpha: UInt8) -> FrameBuffer {
        let image = FrameBuffer.blank(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let a = y < 32 && alpha < 255 ? UInt8((x * 4 + y) % 256) : alpha
                let p = image.pixels + y * image.stride + 4 * x
                (p[0], p[1], p[2], p[3]) = (UInt8(Int(a) * x / 64), UInt8(Int(a) * y / 64), a / 2, a)
            }
        }
        return image
    }

    @Test func framesAfterTheFirstMatchFreshRendersWhileBottomLayersStayAndMove() {
        let compositor = Compositor(canvas: canvas, contents: contents)
        let frame = FrameBuffer.blank(width: 64, height: 64)
        var states = layers
        for step in 0..<6 {
            // The top layer moves every frame; the bottom one stays, then moves at step 3.
            states[2].frame.x = Double(30 + step)
            if step == 3 { states[0].opacity = 0.5 }
            compositor.render(states, into: frame)
            #expect(bytes(of: frame) == fresh(states), "frame \(step)")
        }
    }

    @Test func anOpaqueReplacementHidesWhatLiesBelowIt() {
        let compositor = Compositor(canvas: canvas, contents: contents)
        let frame = FrameBuffer.blank(width: 64, height: 64)
        let opaque = mixed(alpha: 255)
        for _ in 0..<2 { compositor.render(layers, replacing: [Replacement(index: 1, image: opaque)], into: frame) }
        #expect(
            frame.pixel(x: 5, y: 5) == (
                opaque.pixels[5 * opaque.stride + 20], opaque.pixels[5 * opaque.stride + 21],
                opaque.pixels[5 * opaque.stride + 22], 255
            ), "the image, in Cairo's order")
        #expect(frame.pixel(x: 50, y: 20) == (255, 255, 255, 255), "under the layer above")
    }

    @Test func aTranslucentReplacementBlendsExactlyAsCairoBlendsItsOwnOrder() {
        let pair = Array(layers[..<2])
        let twoContents = Array(contents[..<2])
        let image = mixed(alpha: 128)
        let compositor = Compositor(canvas: canvas, contents: twoContents)
        let frame = FrameBuffer.blank(width: 64, height: 64)
        for _ in 0..<2 { compositor.render(pair, replacing: [Replacement(index: 1, image: image)], into: frame) }
        // What replacing meant before: the image in Cairo's order, painted OVER by Cairo.
        let expected = FrameBuffer.blank(width: 64, height: 64)
        let converted = mixed(alpha: 128)
        var below = pair
        below[1].hidden = 1
        Compositor(canvas: canvas, contents: twoContents).render(below, into: expected)
        converted.swapRedAndBlue()
        paintOver(converted, onto: expected)
        #expect(bytes(of: frame) == bytes(of: expected))
        #expect(bytes(of: image) == bytes(of: mixed(alpha: 128)), "the replacement is only read")
    }

    func paintOver(_ image: FrameBuffer, onto frame: FrameBuffer) {
        let source = cairo_image_surface_create_for_data(image.pixels, CAIRO_FORMAT_ARGB32, 64, 64, Int32(image.stride))
        let target = cairo_image_surface_create_for_data(frame.pixels, CAIRO_FORMAT_ARGB32, 64, 64, Int32(frame.stride))
        let cr = cairo_create(target)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        cairo_surface_destroy(source)
        cairo_surface_destroy(target)
    }
}
