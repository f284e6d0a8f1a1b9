import CommandTestSupport
import Foundation
import Testing

/// The spring presentations: bounce-present (article 002: slides up one screen-height with
/// damping 0.7 in 0.5 s while the old screen fades to 0.5 alongside, restored at the end) and
/// half-way-spring (article 003: from half height at alpha 0, damping 0.6, 2 s).
@Suite final class ExampleSpringTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    /// The compose screen is blue (red ≤ 60 everywhere at x = 8); home there is light grey or white.
    private static func isCompose(_ pixel: Pixel) -> Bool { pixel.r <= 60 && pixel.b >= 120 }

    /// Rows at the bottom of column 8 that do not show the compose screen: the gap a spring's
    /// overshoot opens below a full-screen layer pushed past its place.
    private func gapBelow(_ name: String, at t: Double) throws -> Int {
        let frame = try examples.still(name, at: t)
        return (0..<ExampleFolder.height).reversed().prefix { !Self.isCompose(frame[8, $0]) }.count
    }

    @Test func theBounceOvershootsItsPlace() throws {
        // A damping ratio of 0.7 overshoots by e^(−0.7π / √(1 − 0.49)) ≈ 4.6 % of 667 px ≈ 31 px.
        let gaps = try stride(from: 0.15, through: 0.35, by: 0.025).map { try gapBelow("bounce-present", at: $0) }
        #expect((25...36).contains(gaps.max() ?? 0), "gaps below the new screen: \(gaps)")
        let end = try examples.still("bounce-present", at: 0.5)
        let compose = try examples.asset("compose")
        #expect(end.differences(from: compose, tolerance: 1).count == 0, "settled on the compose screen at 0.5 s")
    }

    @Test func theOldScreenFadesAlongsideTheSlide() throws {
        let frame = try examples.still("bounce-present", at: 0.1)
        let home = try examples.asset("home")
        let top = try #require(
            (0..<ExampleFolder.height).first { Self.isCompose(frame[8, $0]) }, "the new screen is on its way")
        // The fade takes the slide's progress p = 1 − top ÷ 667: alpha 1 − 0.5 p over the black canvas.
        let alpha = 1 - 0.5 * (1 - Double(top) / Double(ExampleFolder.height))
        for (x, y) in [(8, 50), (187, 120), (300, 20)] where y < top - 2 {
            #expect(
                frame[x, y].distance(to: home[x, y].faded(to: alpha)) <= 3,
                "(\(x), \(y)): \(frame[x, y]), alpha \(alpha)")
        }
    }

    @Test func theOldScreenIsHalfDimmedThenRestored() throws {
        // With the new screen hidden, the old one shows throughout.
        try examples.variant(
            of: "bounce-present", "bounce-bare", replacing: #""image": "assets/compose.png" }"#,
            with: #""image": "assets/compose.png", "hidden": true }"#)
        let home = try examples.asset("home")
        let white = (x: 187, y: 60)
        for t in [0.25, 0.45] {
            let alpha = Double(try examples.still("bounce-bare", at: t)[white.x, white.y].r) / 255
            #expect(abs(alpha - 0.5) <= 0.05, "t=\(t): alpha \(alpha)")
        }
        let end = try examples.still("bounce-bare", at: 0.5)
        #expect(end.differences(from: home, tolerance: 1).count == 0, "restored to alpha 1 at the end")
    }

    @Test func theHalfWaySpringStartsAtHalfHeightTransparent() throws {
        let home = try examples.asset("home")
        let compose = try examples.asset("compose")
        #expect(
            try examples.still("half-way-spring", at: 0).differences(from: home, tolerance: 1).count == 0,
            "alpha 0 at t=0")
        // Opaque from the start, the new screen's top edge sits at half the height, 333.5.
        try examples.variant(
            of: "half-way-spring", "half-way-opaque", replacing: #""opacity": 0"#, with: #""opacity": 1"#)
        let opaque = try examples.still("half-way-opaque", at: 0)
        let top = (0..<ExampleFolder.height).first { Self.isCompose(opaque[8, $0]) }
        #expect(top == 334, "top edge at \(String(describing: top))")
        #expect(opaque.differences(from: home, tolerance: 1, in: { _, y in y < 333 }).count == 0, "home above it")
        // Damping 0.6 overshoots by e^(−0.6π / 0.8) ≈ 9.5 % of the 333.5 px run ≈ 32 px, then settles at 2 s.
        let gaps = try [0.6, 0.7, 0.8].map { try gapBelow("half-way-spring", at: $0) }
        #expect((24...38).contains(gaps.max() ?? 0), "gaps below the new screen: \(gaps)")
        #expect(
            try examples.still("half-way-spring", at: 2).differences(from: compose, tolerance: 1).count == 0, "settled")
    }
}
