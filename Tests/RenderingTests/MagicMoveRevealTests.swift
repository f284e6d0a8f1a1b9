import CommandTestSupport
import Foundation
import Testing

/// The end of the magic move on pixels: a hole centred on the poster's slot grows linearly to the
/// canvas's diagonal (article 004's code) and reveals the detail screen, which is all that is
/// left on the last frame.
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
    /// outside it (the edge itself is measured by `theHoleGrowsLinearlyToTheDiagonal`).
    @Test(arguments: [0.8, 0.85, 0.9]) func theRippleRevealsTheDetailScreen(at t: Double) throws {
        let still = try move.still(at: t)
        let detail = try move.asset("detail")
        let radius = MagicMove.rippleRadius(at: t)
        #expect(isMask(still[749, 1333]), "the far corner is still masked at t=\(t): \(still[749, 1333])")
        // Towards the farthest corner, straight down, and along the horizontal line through the centre.
        var directions: [(x: Double, y: Double)] = [(567, 989), (0, 1)]
        if t == 0.8 { directions.append((1, 0)) }
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
        }
    }

    /// The hole's edge along five rays, at every frame of its span where it lies on the canvas
    /// along them, is within 2 px of the linear radius: a circle growing at a constant speed.
    /// The detail screen is replaced by black, so that its white parts cannot pass for the mask.
    @Test func theHoleGrowsLinearlyToTheDiagonal() throws {
        try move.variant(
            "black.json", replacing: #""image": "examples/assets/detail.png""#, with: ##""fill": "#000000""##)
        let rays: [(x: Double, y: Double)] = [(567, 989), (0, 1), (-1, 6), (1, 1), (1, 3)]
        var measured = 0
        for frame in stride(from: 46, through: 57, by: 1) {
            let t = Double(frame) / 60
            let still = try move.still(at: t, of: "black.json")
            let radius = MagicMove.rippleRadius(at: t)
            for direction in rays {
                let pixels = ray(in: still, towards: direction)
                guard radius < pixels.last!.distance - 3 else { continue }
                // The poster covers the slot: the edge shows only once it has left the slot.
                let outsideTheSlot = pixels.filter { !MagicMove.isInside(MagicMove.slot, $0.x, $0.y, margin: 2) }
                guard let slotEdge = outsideTheSlot.first?.distance, radius > slotEdge + 3 else { continue }
                let boundary = try #require(
                    outsideTheSlot.first { still[$0.x, $0.y].r >= 128 }, "frame \(frame): no mask")
                #expect(
                    abs(boundary.distance - radius) <= 2,
                    "frame \(frame) towards \(direction): edge at \(boundary.distance), linear radius \(radius)")
                measured += 1
            }
        }
        #expect(measured >= 25, "\(measured) edges measured")
    }

    @Test func theLastFrameIsTheDetailScreenWithThePosterInItsSlot() throws {
        let last = try move.still(at: MagicMove.lastFrameTime)
        let detail = try move.asset("detail")
        // The same picture composed directly: the poster drawn in the slot; its frame was animated,
        // so its corner radius is still 8 (UIKit's frame animation does not scale it).
        try move.write(
            """
            { "version": 1, "canvas": { "width": 750, "height": 1334, "fps": 60, "background": "#101014" },
              "layers": [ { "name": "detail", "image": "examples/assets/detail.png" },
                { "name": "poster", "image": "examples/assets/poster.png", "frame": [48, 150, 270, 390], "cornerRadius": 8 } ],
              "timeline": [] }
            """, to: "expected.json")
        let expected = try move.still(at: 0, of: "expected.json")
        let (count, largest) = last.differences(from: expected, tolerance: 0)
        #expect(
            count == 0, "\(count) pixels differ from the detail screen with the poster in its slot, by up to \(largest)"
        )
        let outside = last.differences(from: detail, tolerance: 0) { !MagicMove.isInside(MagicMove.slot, $0, $1) }
        #expect(outside.count == 0, "outside the slot: \(outside.count) pixels differ from the detail screen")
    }
}
