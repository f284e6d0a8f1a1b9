import CAnimatorABI
import Compositor
import Foundation
import Scene
import Testing

@Suite struct DeterminismTests {
    /// Every feature at once: an image, a gradient, a shadow, a hole, rotation and opacity.
    func scene() throws -> ([anim_layer_t], [LayerContent], SceneImages) {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("check.png").path
        writePNG(width: 8, height: 8, to: path, rects: [(rect(0, 0, 4, 4), green), (rect(4, 4, 4, 4), blue)])
        var poster = layer(rect(12, 10, 30, 40))
        poster.rotation = 17
        poster.corner_radius = 6
        poster.opacity = 0.8
        poster.shadow = anim_shadow_t(color: red, opacity: 0.6, radius: 7, offset: anim_point_t(x: 3, y: 5))
        poster.mask.shape_count = 2
        poster.mask.fill_rule = ANIM_FILL_EVEN_ODD
        poster.mask.shapes.0 = anim_mask_shape_t(
            kind: ANIM_MASK_SHAPE_RECT, reserved: 0,
            rect: rect(0, 0, 30, 40), corner_radius: 0)
        poster.mask.shapes.1 = anim_mask_shape_t(
            kind: ANIM_MASK_SHAPE_CIRCLE, reserved: 0,
            rect: rect(5, 10, 20, 20), corner_radius: 0)
        let backdrop = Fill.linearGradient(
            start: anim_point_t(x: 0, y: 0), end: anim_point_t(x: 1, y: 1),
            stops: [
                GradientStop(location: 0, color: white), GradientStop(location: 1, color: blue),
            ])
        let (image, images) = try decodedImage(path)
        let contents = [LayerContent(fill: backdrop), LayerContent(image: image)]
        return ([layer(rect(0, 0, 64, 64)), poster], contents, images)
    }

    @Test func sameInputsGiveIdenticalBytes() throws {
        let (layers, contents, images) = try scene()
        let canvas = Canvas(width: 64, height: 64, background: clear)
        let reused = Compositor(canvas: canvas, contents: contents, images: images)
        let first = FrameBuffer.blank(width: 64, height: 64)
        let second = FrameBuffer.blank(width: 64, height: 64)
        let fresh = FrameBuffer.blank(width: 64, height: 64)
        reused.render(layers, into: first)
        reused.render(layers, into: second)
        Compositor(canvas: canvas, contents: contents, images: images).render(layers, into: fresh)
        #expect(bytes(of: first) == bytes(of: second), "a cached shadow gives the same pixels")
        #expect(bytes(of: first) == bytes(of: fresh))
        #expect(first.pixel(x: 63, y: 63).a == 255)
    }

    @Test func changingAShadowInvalidatesTheCache() throws {
        let (layers, contents, images) = try scene()
        let compositor = Compositor(
            canvas: Canvas(width: 64, height: 64, background: clear), contents: contents, images: images)
        var moved = layers
        moved[1].translation = anim_point_t(x: 6, y: 0)
        let before = FrameBuffer.blank(width: 64, height: 64)
        let after = FrameBuffer.blank(width: 64, height: 64)
        compositor.render(layers, into: before)
        compositor.render(moved, into: after)
        let expected = FrameBuffer.blank(width: 64, height: 64)
        Compositor(canvas: Canvas(width: 64, height: 64, background: clear), contents: contents, images: images)
            .render(moved, into: expected)
        #expect(bytes(of: after) == bytes(of: expected))
        #expect(bytes(of: after) != bytes(of: before))
    }

    /// A shadow whose shape moved by whole pixels since the last frame keeps its mask's pixels,
    /// placed anew: every frame must be what a fresh compositor draws there, whether the shape is
    /// turned or not, at a place between pixels, and after a frame that cut it at the edge.
    @Test(arguments: [0.0, 17.0])
    func aShadowMovedByWholePixelsIsDrawnAsAFreshOne(rotation: Double) throws {
        let (base, contents, images) = try scene()
        let canvas = Canvas(width: 64, height: 64, background: clear)
        let reused = Compositor(canvas: canvas, contents: contents, images: images)
        let places: [(Double, Double)] = [(0.3, 0.7), (3.3, 1.7), (-2.7, 4.7), (-30.7, 4.7), (1.3, -2.3), (1.3, -2.3)]
        for (x, y) in places {
            var layers = base
            layers[1].rotation = rotation
            layers[1].translation = anim_point_t(x: x, y: y)
            let frame = FrameBuffer.blank(width: 64, height: 64)
            let fresh = FrameBuffer.blank(width: 64, height: 64)
            reused.render(layers, into: frame)
            Compositor(canvas: canvas, contents: contents, images: images).render(layers, into: fresh)
            let same = bytes(of: frame) == bytes(of: fresh)
            #expect(same, "the shadow at (\(x), \(y)), turned \(rotation)°, as a fresh compositor draws it")
        }
    }

    /// Compositors on two threads share static images, as the renderer's threads do, and reach
    /// each change of the bottom layers at about the same time: one draws the new image while
    /// the other draws those layers into its frame. Every frame must equal a fresh render.
    @Test func threadsSharingStaticImagesGiveTheBytesOfFreshRenders() throws {
        let (base, contents, images) = try scene()
        let canvas = Canvas(width: 64, height: 64, background: clear)
        nonisolated(unsafe) let frames = (0..<60).map { index in
            var layers = base
            layers[0].frame.x = Double(index / 10)
            layers[1].translation = anim_point_t(x: Double(index % 7), y: Double(index % 5))
            return layers
        }
        let expected = frames.map { layers in
            let fresh = FrameBuffer.blank(width: 64, height: 64)
            Compositor(canvas: canvas, contents: contents, images: images).render(layers, into: fresh)
            return bytes(of: fresh)
        }
        let shared = StaticImageCache()
        let mismatches = NSLock()
        nonisolated(unsafe) var wrong: [String] = []
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            let compositor = Compositor(canvas: canvas, contents: contents, images: images, sharing: shared)
            let frame = FrameBuffer.blank(width: 64, height: 64)
            for (index, layers) in frames.enumerated() {
                compositor.render(layers, into: frame)
                if bytes(of: frame) != expected[index] {
                    mismatches.withLock { wrong.append("thread \(thread) frame \(index)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
