import CommandTestSupport
import Foundation
import Testing

/// The onboarding example: 1920×1080, built from layer trees and `animate` steps, a
/// cross-dissolve and a circle reveal, with no warning.
@Suite final class ExampleOnboardingTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    static let background = Pixel(14, 20, 32)

    @Test func itValidatesWithoutAWarning() throws {
        let result = try CLI.run(["validate", "examples/onboarding.json", "--strict"], in: examples.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1920×1080, 150 frames at 30 fps"), "\(result.stdout)")
    }

    @Test func theFirstCardSpringsIntoTheMiddle() throws {
        let start = try examples.still("onboarding", at: 0)
        #expect(start[960, 300] == Self.background, "below the canvas at first: \(start[960, 300])")
        let settled = try examples.still("onboarding", at: 1)
        let band = settled[960, 300]
        #expect(band.r > 200 && band.b < 160, "the warm band of the first card: \(band)")
        #expect(settled[960, 200] == Self.background, "nothing above the card: \(settled[960, 200])")
        #expect(settled[700, 830] == Pixel(244, 241, 234), "the card's own fill inside its rounded frame")
    }

    @Test func itDissolvesIntoTheSecondCard() throws {
        let frame = try examples.still("onboarding", at: 2)
        let band = frame[960, 300]
        #expect(band.b > 200 && band.r < 120, "the cool band of the second card: \(band)")
    }

    @Test func theThirdCardsButtonIsPressed() throws {
        let still = try examples.still("onboarding", at: 3.3)
        let pressed = try examples.still("onboarding", at: 3.46)
        // The button spans x 780...1140 at rest and shrinks around its centre when pressed.
        #expect(still[790, 680].g > 150 && still[790, 680].r < 80, "the button's edge at rest: \(still[790, 680])")
        #expect(pressed[790, 680] == Pixel(244, 241, 234), "the card shows where the pressed button was")
    }

    @Test func theLastScreenCoversTheCanvas() throws {
        let end = try examples.still("onboarding", at: 4.95)
        for (x, y) in [(20, 20), (1900, 20), (20, 1060), (1900, 1060)] {
            #expect(end[x, y].g > 120 && end[x, y].r < 60, "green at (\(x), \(y)): \(end[x, y])")
        }
    }
}
