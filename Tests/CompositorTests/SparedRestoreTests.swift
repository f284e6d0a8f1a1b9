import CAnimatorABI
import Foundation
import Scene
import TestSupport
import Testing

@testable import Compositor

/// A frame restored from a static image skips the box an opaque image layer above it paints
/// opaque whatever lies there (`Compositor.sparedBox`): the inside of its mask, two pixels in.
/// Whatever the mask, the scale and the place, every frame must have exactly the bytes of a frame
/// drawn afresh by a new compositor.
@Suite struct SparedRestoreTests {
    static let size = DamageTests.size

    /// An opaque image layer (straight, at full opacity, square-cornered) somewhere on or off the
    /// canvas, under a rectangle, circle or ellipse of random size, or no mask.
    func opaque(_ base: anim_layer_t, _ random: inout SeededGenerator) -> anim_layer_t {
        var layer = base
        let size = Double(Self.size)
        layer.frame = rect(
            .random(in: -30...size, using: &random), .random(in: -30...size, using: &random),
            .random(in: 1...90, using: &random), .random(in: 1...90, using: &random))
        layer.scale = anim_point_t(x: .random(in: 0.5...2, using: &random), y: .random(in: 0.5...2, using: &random))
        let kinds = [ANIM_MASK_SHAPE_RECT, ANIM_MASK_SHAPE_CIRCLE, ANIM_MASK_SHAPE_ELLIPSE]
        let kind = Int.random(in: 0...kinds.count, using: &random)
        layer.mask.shape_count = kind == kinds.count ? 0 : 1
        if kind < kinds.count {
            layer.mask.shapes.0 = anim_mask_shape_t(
                kind: kinds[kind], reserved: 0,
                rect: rect(
                    .random(in: -10...40, using: &random), .random(in: -10...40, using: &random),
                    .random(in: 1...80, using: &random), .random(in: 1...80, using: &random)),
                corner_radius: 0)
        }
        return layer
    }

    /// The layers' contents: two fills, then an opaque image (red, a white quarter) alone and
    /// over a fill.
    func contents() throws -> ([LayerContent], SceneImages) {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("opaque.png").path
        writePNG(width: 40, height: 30, to: path, rects: [(rect(0, 0, 40, 30), red), (rect(20, 15, 20, 15), white)])
        let (image, images) = try decodedImage(path)
        let fills = [LayerContent(fill: .color(blue)), LayerContent(fill: .color(green))]
        return (
            fills + [LayerContent(image: image, gravity: .aspectFill), LayerContent(fill: .color(red), image: image)],
            images
        )
    }

    @Test func everyFrameEqualsAFreshRender() throws {
        let damage = DamageTests()
        let (contents, images) = try contents()
        let canvas = DamageTests.canvas
        let compositor = Compositor(canvas: canvas, contents: contents, images: images)
        let frames = (0..<2).map { _ in FrameBuffer.blank(width: Self.size, height: Self.size) }
        var random = SeededGenerator(seed: 11)
        // Layer 2 shows the opaque image alone; layer 3 moves over it now and then.
        var states = DamageTests.states
        states[1].opacity = 0.6
        var spared = 0
        for step in 0..<400 {
            states[2] = opaque(states[2], &random)
            if Int.random(in: 0..<3, using: &random) == 0 { states[3] = damage.moving(states[3], &random) }
            let frame = frames[step % frames.count]
            compositor.render(states, into: frame)
            if !compositor.sparedBox(states, from: 2, skipping: [], width: Self.size, height: Self.size).isEmpty {
                spared += 1
            }
            let fresh = FrameBuffer.blank(width: Self.size, height: Self.size)
            Compositor(canvas: canvas, contents: contents, images: images).render(states, into: fresh)
            let same = bytes(of: frame) == bytes(of: fresh)
            #expect(same, "frame \(step): \(states[2].frame) scale \(states[2].scale) mask \(states[2].mask.shapes.0)")
            if !same { break }
        }
        // The box is spared on many frames, so the frames above prove it right.
        #expect(spared > 100, "a box was spared on \(spared) of 400 frames")
    }
}
