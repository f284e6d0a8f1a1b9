import CommandTestSupport
import Foundation
import Testing

/// The edge-pan driven pop of article 000: the pan starts at the left edge, and the previous
/// (home) screen shows through a circle growing from the touch point by the canvas's diagonal as
/// the gesture's percent complete; at release it finishes when the pan's velocity is positive and
/// cancels otherwise, and the rest plays at completionSpeed. A finished pop ends on the home
/// screen, a cancelled one on the compose screen, with the home layer taken away.
@Suite final class ExampleInteractivePopTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    static let touch: [Double] = [5, 328, 10, 10]

    /// Frames of a render lasting until the first frame at or after `end` seconds, at 60 fps.
    static func frameCount(endingAt end: Double) -> Int { Int((end * 60 - 1e-9).rounded(.up)) + 1 }

    /// Release time + remaining fraction × timeline length (0.5 s) ÷ completionSpeed.
    static func end(release: Double, percent: Double, target: Double, speed: Double) -> Double {
        release + abs(target - percent) * 0.5 / speed
    }

    /// The pixels where `frame` differs from the screen `asset`, and the farthest of them from the touch point.
    private func differences(_ frame: RGBAImage, from asset: String) throws -> (count: Int, farthest: Double) {
        let screen = try examples.asset(asset)
        var (count, farthest) = (0, 0.0)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y] != screen[x, y] {
                count += 1
                farthest = max(farthest, hypot(Double(x) + 0.5 - 10, Double(y) + 0.5 - 333))
            }
        }
        return (count, farthest)
    }

    @Test func aPanReleasedMovingForwardFinishesOnTheHomeScreen() throws {
        let pop = try examples.run("circle-pop-interactive-finish")
        // Released at 0.4 s, half-way, moving forward (1.4 per second); completionSpeed 0.8.
        let expected = Self.frameCount(endingAt: Self.end(release: 0.4, percent: 0.5, target: 1, speed: 0.8))
        #expect(pop.count == expected, "\(pop.count) frames, expected \(expected)")
        // The first frame is the compose screen but for the 10×10 circle at the touch point.
        let first = try differences(RGBAImage.read(pop[0]), from: "compose")
        #expect(
            first.count > 0 && first.farthest <= 6,
            "frame 0: \(first.count) pixels differ, up to \(first.farthest) px away")
        // At release (frame 24) the circle is half-way: radius 5 + 765.2 / 2.
        let probe = DiscProbe(
            centre: (10, 333), inside: try examples.asset("home"), outside: try examples.asset("compose"))
        let radius = ExampleCircleRevealTests.radius(from: Self.touch, progress: 0.5, diagonal: true)
        for degrees in [-30.0, 30] {
            let (misplaced, inside, outside) = probe.check(
                try RGBAImage.read(pop[24]), degrees: degrees, radius: radius)
            #expect(misplaced.isEmpty && inside > 0 && outside > 0, "frame 24 ray \(degrees)°: r = \(radius)")
        }
        let last = try differences(RGBAImage.read(pop[pop.count - 1]), from: "home")
        #expect(last.count == 0, "the last frame is the home screen: \(last.count) pixels differ")
    }

    @Test func aPanReleasedMovingBackCancelsOntoTheComposeScreen() throws {
        let pop = try examples.run("circle-pop-interactive-cancel")
        // Released at 0.6 s at 0.3 of the way, moving back (−0.4 per second); completionSpeed 0.5.
        let expected = Self.frameCount(endingAt: Self.end(release: 0.6, percent: 0.3, target: 0, speed: 0.5))
        #expect(pop.count == expected, "\(pop.count) frames, expected \(expected)")
        // Mid-gesture (frame 36, release) the home screen shows out to 5 + 0.3 × 765.2 px.
        let middle = try differences(RGBAImage.read(pop[36]), from: "compose")
        let radius = ExampleCircleRevealTests.radius(from: Self.touch, progress: 0.3, diagonal: true)
        #expect(
            abs(middle.farthest - radius) <= 2, "frame 36: home shows out to \(middle.farthest), expected \(radius)")
        // The frame before landing still shows the 10×10 circle; the last frame has lost the home layer.
        let before = try differences(RGBAImage.read(pop[pop.count - 2]), from: "compose")
        #expect(before.count > 0 && before.farthest <= 8, "the frame before the end: \(before)")
        let last = try differences(RGBAImage.read(pop[pop.count - 1]), from: "compose")
        #expect(last.count == 0, "the last frame is the compose screen: \(last.count) pixels differ")
    }
}
