import CommandTestSupport
import Foundation
import Testing

/// The custom presentation of article 003: a card smaller than the screen, with rounded corners
/// and a shadow, slides up while a black dimming layer goes from 0 to 0.5 alongside.
@Suite final class ExamplePresentationTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    /// The card layer's frame and corner radius in custom-presentation.json.
    static let card = (x: 24, y: 220, width: 327, height: 400, radius: 20)

    @Test func itStartsOnTheUndimmedScreen() throws {
        let start = try examples.still("custom-presentation", at: 0)
        #expect(start.differences(from: try examples.asset("home"), tolerance: 1).count == 0)
    }

    @Test func theBackgroundEndsDimmedToHalf() throws {
        let end = try examples.still("custom-presentation", at: 0.5)
        let home = try examples.asset("home")
        // Well above the card and its shadow: home under black at 0.5.
        let (count, largest) = end.differences(from: home.faded(to: 0.5), tolerance: 2, in: { _, y in y < 190 })
        #expect(count == 0, "\(count) pixels above the card differ from the half-dimmed screen, by up to \(largest)")
    }

    @Test func theCardHasRoundedCornersAndItsOwnUndimmedContent() throws {
        let end = try examples.still("custom-presentation", at: 0.5)
        let home = try examples.asset("home")
        let content = try examples.asset("card")
        let c = Self.card
        // Inside, away from the corners: the card's own pixels, not dimmed.
        let inner = end.differences(from: content, tolerance: 2, offsetBy: (c.x, c.y), inset: c.radius)
        #expect(inner.count == 0, "\(inner.count) card pixels differ, by up to \(inner.largest)")
        // One pixel in from each corner of the frame lies outside the rounded corner: dimmed background
        // (a little darker still where the shadow reaches), far from the card's own corner pixel.
        let corners = [(0, 0), (c.width - 1, 0), (0, c.height - 1), (c.width - 1, c.height - 1)]
        for (dx, dy) in corners {
            let (x, y) = (c.x + dx, c.y + dy)
            let pixel = end[x, y]
            #expect(pixel.distance(to: home[x, y].faded(to: 0.5)) <= 40, "(\(x), \(y)): \(pixel)")
            #expect(
                pixel.distance(to: content[dx, dy]) >= 80,
                "(\(x), \(y)): \(pixel) looks like the card \(content[dx, dy])")
        }
    }

    @Test func theCardCastsAShadowBelowIt() throws {
        let end = try examples.still("custom-presentation", at: 0.5)
        let dimmed = try examples.asset("home").faded(to: 0.5)
        let x = Self.card.x + Self.card.width / 2
        let bottom = Self.card.y + Self.card.height
        let darkening = (2...40).map { dimmed[x, bottom + $0].r - end[x, bottom + $0].r }
        #expect(darkening[0] >= 10, "darker right below the card: \(darkening)")
        #expect(zip(darkening, darkening.dropFirst()).allSatisfy { $0 + 1 >= $1 }, "fading with distance: \(darkening)")
        #expect(darkening.last! <= 2, "gone 40 px below: \(darkening)")
    }
}

extension RGBAImage {
    /// This image at `alpha` over black.
    func faded(to alpha: Double) -> RGBAImage {
        var bytes = self.bytes
        for i in bytes.indices where i % 4 != 3 { bytes[i] = UInt8((Double(bytes[i]) * alpha).rounded()) }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }

    /// Compares `other`, placed at `offset` in this image, inside its bounds inset by `inset`.
    func differences(from other: RGBAImage, tolerance: Int, offsetBy offset: (x: Int, y: Int), inset: Int) -> (
        count: Int, largest: Int
    ) {
        var (count, largest) = (0, 0)
        for y in inset..<(other.height - inset) {
            for x in inset..<(other.width - inset) {
                let d = self[offset.x + x, offset.y + y].distance(to: other[x, y])
                if d > tolerance { count += 1 }
                largest = max(largest, d)
            }
        }
        return (count, largest)
    }
}
