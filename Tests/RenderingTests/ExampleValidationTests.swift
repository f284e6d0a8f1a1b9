import CommandTestSupport
import Foundation
import Testing

/// Every pipeline in examples/ is valid as shipped (the phone screens at 375×667 and 60 fps, the
/// onboarding clip at 1920×1080 and 30 fps), and the list of examples covers each transition of
/// the reference articles.
@Suite final class ExampleValidationTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    @Test func everyTransitionHasAnExample() {
        let expected = [
            "circle-push", "circle-pop", "circle-pop-interactive-finish", "circle-pop-interactive-cancel",
            "modal-circle-present", "modal-circle-dismiss", "bounce-present", "half-way-spring",
            "cross-dissolve", "custom-presentation", "hole-reveal", "magic-move", "noise-dissolve", "soft-wipe",
            "app-preview", "onboarding",
        ]
        #expect(
            Set(expected).isSubset(of: ExampleFolder.names),
            "missing: \(Set(expected).subtracting(ExampleFolder.names).sorted())")
    }

    @Test(arguments: ExampleFolder.names) func validates(_ name: String) throws {
        let environment = name.hasPrefix("frei0r") ? CLI.frei0r : [:]
        let result = try CLI.run(["validate", "examples/\(name).json"], in: examples.folder, environment: environment)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let size = name == "onboarding" ? "1920×1080, 150 frames at 30 fps" : "375×667"
        #expect(result.stdout.contains(size), "\(name): \(result.stdout)")
        #expect(name == "onboarding" || result.stdout.contains("at 60 fps"), "\(name): \(result.stdout)")
    }

    /// The poster magic move at half the size of pipeline.json: the poster lands on its slot on
    /// the white mask, and magic-move-dark keeps the earlier look (a dark mask, 1.5 s).
    @Test func theMagicMovePosterLandsOnItsSlot() throws {
        let white = Pixel(255, 255, 255)
        let poster = try examples.still("magic-move", at: 0.74).bounds(differingFrom: { _, _ in white }, by: 24)
        let slot = [24, 75, 135, 195]
        let close = poster.map { zip($0, slot).allSatisfy { abs($0 - $1) <= 1 } } ?? false
        #expect(close, "t=0.74: \(String(describing: poster)) vs slot \(slot)")
        let mask = Pixel(0x10, 0x10, 0x14)
        let dark = try examples.still("magic-move-dark", at: 0.72).bounds(differingFrom: { _, _ in mask }, by: 24)
        let darkClose = dark.map { zip($0, slot).allSatisfy { abs($0 - $1) <= 1 } } ?? false
        #expect(darkClose, "magic-move-dark t=0.72: \(String(describing: dark)) vs slot \(slot)")
    }
}
