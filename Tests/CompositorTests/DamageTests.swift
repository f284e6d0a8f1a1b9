import CAnimatorABI
import Foundation
import Scene
import TestSupport
import Testing

@testable import Compositor

/// A frame drawn over the static layers restores only the box the previous frame drew over
/// (StaticLayers). Whatever moves, turns, scales, fades, casts a shadow or is masked, every frame
/// must have exactly the bytes of a frame drawn afresh by a new compositor.
@Suite struct DamageTests {
    static let size = 96
    static let canvas = Canvas(
        width: size, height: size, background: anim_color_t(r: 0.1, g: 0.1, b: 0.12, a: 1))
    /// Four layers: the bottom two become the static image, the top two move.
    static var states: [anim_layer_t] {
        [
            layer(rect(0, 0, 96, 96)), layer(rect(10, 20, 60, 40)), layer(rect(30, 30, 20, 20)),
            layer(rect(50, 10, 30, 30)),
        ]
    }

    /// A small generator with a fixed seed: the same states on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func contents() throws -> ([LayerContent], SceneImages) {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("checks.png").path
        writePNG(
            width: 40, height: 30, to: path,
            rects: [
                (rect(0, 0, 20, 15), red), (rect(20, 15, 20, 15), white),
                (rect(20, 0, 20, 15), green),
            ])
        let (image, images) = try decodedImage(path)
        return (
            [
                LayerContent(fill: .color(blue)), LayerContent(fill: .color(green)),
                LayerContent(image: image, gravity: .aspectFill),
                LayerContent(fill: .color(red), image: image, gravity: .fill),
            ],
            images
        )
    }

    /// The bottom two layers stay put (they become the static image); the top two change at
    /// random, sometimes not at all, sometimes leaving the canvas, with shadows, turns and masks.
    func moving(_ base: anim_layer_t, _ random: inout SeededGenerator) -> anim_layer_t {
        var layer = base
        let size = Double(Self.size)
        layer.frame = rect(
            .random(in: -30...size, using: &random), .random(in: -30...size, using: &random),
            .random(in: 1...50, using: &random), .random(in: 1...50, using: &random))
        layer.rotation = Bool.random(using: &random) ? 0 : .random(in: -180...180, using: &random)
        layer.scale = anim_point_t(x: .random(in: 0.2...2.5, using: &random), y: .random(in: 0.2...2.5, using: &random))
        layer.opacity = Bool.random(using: &random) ? 1 : .random(in: 0.05...1, using: &random)
        layer.corner_radius = .random(in: 0...12, using: &random)
        layer.shadow.opacity = Bool.random(using: &random) ? 0 : .random(in: 0.2...1, using: &random)
        layer.shadow.radius = .random(in: 0...14, using: &random)
        layer.shadow.offset = anim_point_t(
            x: .random(in: -12...12, using: &random), y: .random(in: -12...12, using: &random))
        layer.shadow.color = anim_color_t(r: 0, g: 0, b: 0, a: 1)
        if Int.random(in: 0..<4, using: &random) == 0 {
            layer.mask.shape_count = 1
            layer.mask.inverted = Bool.random(using: &random) ? 1 : 0
            layer.mask.shapes.0 = anim_mask_shape_t(
                kind: ANIM_MASK_SHAPE_CIRCLE, reserved: 0, rect: rect(5, 5, 20, 20), corner_radius: 0)
        }
        return layer
    }

    @Test func everyFrameEqualsAFreshRender() throws {
        let (contents, images) = try contents()
        let canvas = Self.canvas
        let compositor = Compositor(canvas: canvas, contents: contents, images: images)
        let frame = FrameBuffer.blank(width: Self.size, height: Self.size)
        var random = SeededGenerator(seed: 42)
        var states = Self.states
        states[1].opacity = 0.6
        for step in 0..<300 {
            for index in 2..<4 where Int.random(in: 0..<3, using: &random) > 0 {
                states[index] = moving(states[index], &random)
            }
            // Now and then a static layer changes too, so the static image is drawn again.
            if step % 50 == 49 { states[1].frame.x += 3 }
            compositor.render(states, into: frame)
            let fresh = FrameBuffer.blank(width: Self.size, height: Self.size)
            Compositor(canvas: canvas, contents: contents, images: images).render(states, into: fresh)
            let same = bytes(of: frame) == bytes(of: fresh)
            #expect(same, "frame \(step): \(states[2...].map { "\($0.frame) rot \($0.rotation) scale \($0.scale)" })")
            if !same { break }
        }
    }

    /// Two compositors sharing static images, as the renderer's threads do, over frames whose
    /// bottom layers change in stretches and return to earlier states: images are drawn from
    /// copies of images holding part of their layers, a compositor's first frame starts from an
    /// image the other drew, and frame buffers pass between the compositors. Every frame must
    /// equal a fresh render.
    @Test func sharedStaticImagesGiveTheBytesOfAFreshRender() throws {
        let (contents, images) = try contents()
        let canvas = Self.canvas
        let shared = StaticImageCache()
        let compositors = (0..<2).map { _ in
            Compositor(canvas: canvas, contents: contents, images: images, sharing: shared)
        }
        let frames = (0..<3).map { _ in FrameBuffer.blank(width: Self.size, height: Self.size) }
        var random = SeededGenerator(seed: 7)
        var states = Self.states
        states[1].opacity = 0.6
        states[2].shadow = anim_shadow_t(
            color: anim_color_t(r: 0, g: 0, b: 0, a: 1), opacity: 0.7, radius: 6,
            offset: anim_point_t(x: 3, y: 4))
        let layerTwo = [states[2], moving(states[2], &random), moving(states[2], &random)]
        for step in 0..<240 {
            // Layer 1 shifts every 40 frames; layer 2 holds one of three states for 7 frames at a
            // time; layer 3 moves on most frames.
            if step % 40 == 39 { states[1].frame.x += 2 }
            states[2] = layerTwo[(step / 7) % 3]
            if Int.random(in: 0..<4, using: &random) > 0 { states[3] = moving(states[3], &random) }
            // The second compositor starts late; then frames go to either one.
            let compositor = step < 20 ? compositors[0] : compositors[Int.random(in: 0..<2, using: &random)]
            let frame = frames[step % frames.count]
            compositor.render(states, into: frame)
            let fresh = FrameBuffer.blank(width: Self.size, height: Self.size)
            Compositor(canvas: canvas, contents: contents, images: images).render(states, into: fresh)
            let same = bytes(of: frame) == bytes(of: fresh)
            #expect(same, "frame \(step)")
            if !same { break }
        }
    }

    /// While another compositor draws the static image a frame needs, the frame draws those
    /// layers itself; once the image is there, it is shared.
    @Test func aFrameWhoseStaticImageIsBeingDrawnElsewhereDrawsItsLayers() throws {
        let (contents, images) = try contents()
        let canvas = Self.canvas
        let shared = StaticImageCache()
        let compositor = Compositor(canvas: canvas, contents: contents, images: images, sharing: shared)
        let frame = FrameBuffer.blank(width: Self.size, height: Self.size)
        var states = Self.states
        compositor.render(states, into: frame)
        #expect(shared.claim(Array(states[..<3])), "nothing is being drawn yet")
        for step in 1...3 {
            states[3].frame.x = Double(50 - 5 * step)
            compositor.render(states, into: frame)
            let fresh = FrameBuffer.blank(width: Self.size, height: Self.size)
            Compositor(canvas: canvas, contents: contents, images: images).render(states, into: fresh)
            #expect(bytes(of: frame) == bytes(of: fresh), "frame \(step)")
        }
        #expect(!shared.claim(Array(states[..<3])), "still being drawn elsewhere")
        shared.keep(
            StaticImage(layers: Array(states[..<3]), pixels: FrameBuffer.blank(width: Self.size, height: Self.size)))
        #expect(shared.image(holdingMostOf: states[...])?.layers.count == 3)
    }

    @Test func pixelsWrittenOutsideTheCompositorAreRedrawnWhenSaid() {
        let canvas = Canvas(width: 64, height: 64, background: blue)
        let contents = [LayerContent(fill: .color(red)), LayerContent(fill: .color(white))]
        let compositor = Compositor(canvas: canvas, contents: contents)
        let frame = FrameBuffer.blank(width: 64, height: 64)
        var states = [layer(rect(0, 0, 32, 32)), layer(rect(40, 40, 8, 8))]
        compositor.render(states, into: frame)
        states[1].frame.x = 44
        compositor.render(states, into: frame)
        frame.pixels.update(repeating: 7, count: 16)
        frame.pixelsChanged()
        states[1].frame.x = 45
        compositor.render(states, into: frame)
        #expect(frame.pixel(x: 0, y: 0) == (255, 0, 0, 255), "the scribble is gone")
    }
}
