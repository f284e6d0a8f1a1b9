import Foundation
import Testing

/// The end of the magic move on pixels: a hole centred on the poster grows with back-out(1.2)
/// and reveals the detail screen, which is all that is left on the last frame.
@Suite final class MagicMoveRevealTests {
    let move: MagicMove
    init() throws { move = try MagicMove() }
    deinit { move.cleanUp() }

    /// A pixel within 3 levels of the mask colour.
    private func isMask(_ pixel: Pixel) -> Bool { pixel.distance(to: MagicMove.maskColor) <= 3 }

    /// Walks from the ripple's centre towards `direction`, one pixel at a time; returns the
    /// pixels met, with the distance of each pixel's centre from the ripple's centre.
    private func ray(in image: RGBAImage, towards direction: (x: Double, y: Double)) -> [(
        x: Int, y: Int, distance: Double
    )] {
        let (cx, cy) = MagicMove.rippleCentre
        let length = hypot(direction.x, direction.y)
        return (0..<2000).lazy.map { step -> (x: Int, y: Int, distance: Double) in
            let x = Int((cx + direction.x / length * Double(step)).rounded(.down))
            let y = Int((cy + direction.y / length * Double(step)).rounded(.down))
            return (x, y, hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy))
        }.prefix { $0.x >= 0 && $0.x < image.width && $0.y >= 0 && $0.y < image.height }.map { $0 }
    }

    /// Along each ray: the detail screen inside the expected radius (the poster aside), the mask
    /// outside it, and the first mask pixel within 3 px of the radius.
    @Test(arguments: [0.85, 0.9, 1.0]) func theRippleRevealsTheDetailScreen(at t: Double) throws {
        let still = try move.still(at: t)
        let detail = try move.asset("detail")
        let radius = MagicMove.rippleRadius(at: t)
        #expect(isMask(still[749, 1333]), "the far corner is still masked at t=\(t): \(still[749, 1333])")
        // Towards the farthest corner, straight down, and along the horizontal line through the centre.
        var directions: [(x: Double, y: Double)] = [(567, 989), (0, 1)]
        if t == 0.85 { directions.append((1, 0)) }
        for direction in directions {
            let pixels = ray(in: still, towards: direction)
            let inside = pixels.filter {
                $0.distance < radius - 3 && !MagicMove.isInside(MagicMove.slot, $0.x, $0.y, margin: 1)
            }
            let wrong = inside.filter { still[$0.x, $0.y].distance(to: detail[$0.x, $0.y]) > 2 }
            #expect(
                wrong.isEmpty,
                "t=\(t) towards \(direction): \(wrong.count) of \(inside.count) pixels inside r=\(radius) are not the detail screen"
            )
            let outside = pixels.filter { $0.distance > radius + 3 }
            #expect(
                outside.allSatisfy { isMask(still[$0.x, $0.y]) },
                "t=\(t) towards \(direction): masked beyond r=\(radius)")
            guard radius < pixels.last!.distance - 3 else { continue }
            let boundary = try #require(
                pixels.first { isMask(still[$0.x, $0.y]) }, "t=\(t) towards \(direction): no mask")
            #expect(
                abs(boundary.distance - radius) <= 3,
                "t=\(t) towards \(direction): edge at \(boundary.distance), expected \(radius)")
        }
    }

    @Test func theLastFrameIsTheDetailScreenWithThePosterInItsSlot() throws {
        let last = try move.still(at: MagicMove.lastFrameTime)
        let detail = try move.asset("detail")
        // The same picture composed directly: the poster drawn in the slot, its corner radius
        // scaled as move-and-scale scales the layer (8 × 270/168).
        try move.write(
            """
            { "version": 1, "canvas": { "width": 750, "height": 1334, "fps": 60, "background": "#101014" },
              "layers": [ { "name": "detail", "image": "examples/assets/detail.png" },
                { "name": "poster", "image": "examples/assets/poster.png", "frame": [48, 150, 270, 390], "cornerRadius": 12.86 } ],
              "timeline": [] }
            """, to: "expected.json")
        let expected = try move.still(at: 0, of: "expected.json")
        var masked = 0
        for y in 0..<last.height { for x in 0..<last.width where isMask(last[x, y]) { masked += 1 } }
        #expect(masked == 0, "no pixel of the mask is left")
        let outside = last.differences(from: detail, tolerance: 1) { !MagicMove.isInside(MagicMove.slot, $0, $1) }
        #expect(
            outside.count == 0,
            "outside the slot: \(outside.count) pixels differ from the detail screen, by up to \(outside.largest)")
        // The poster reached its slot through a scale transform, not drawn at the slot's size:
        // resampling moves a few sharp edges inside it (measured: 0.5% of pixels, by up to 43).
        let inSlot = last.differences(from: expected, tolerance: 8) { MagicMove.isInside(MagicMove.slot, $0, $1) }
        #expect(inSlot.count <= 270 * 390 / 100, "in the slot: \(inSlot.count) pixels differ by more than 8")
        #expect(inSlot.largest <= 64, "in the slot: a pixel differs by \(inSlot.largest)")
    }
}
