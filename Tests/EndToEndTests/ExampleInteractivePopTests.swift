import Foundation
import Testing

/// The edge-pan driven pop of article 000 (finish when the pan's velocity at release is positive):
/// the gesture track drives the reversed circle reveal, then the rest plays at completionSpeed.
/// End states are compared byte for byte with the frames of the non-interactive circle-push.
@Suite final class ExampleInteractivePopTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    /// Frames of a render lasting until the first frame at or after `end` seconds, at 60 fps.
    static func frameCount(endingAt end: Double) -> Int { Int((end * 60 - 1e-9).rounded(.up)) + 1 }

    /// Release time + remaining fraction × timeline length (0.5 s) ÷ completionSpeed.
    static func end(release: Double, percent: Double, target: Double, speed: Double) -> Double {
        release + abs(target - percent) * 0.5 / speed
    }

    @Test func aPanReleasedMovingForwardFinishesOnTheHomeScreen() throws {
        let push = try examples.run("circle-push")
        let pop = try examples.run("circle-pop-interactive-finish")
        // Released at 0.4 s, half-way, moving forward (1.4 per second); completionSpeed 0.8.
        let expected = Self.frameCount(endingAt: Self.end(release: 0.4, percent: 0.5, target: 1, speed: 0.8))
        #expect(pop.count == expected, "\(pop.count) frames, expected \(expected)")
        #expect(try Data(contentsOf: pop[0]) == Data(contentsOf: push[push.count - 1]), "starts on the compose screen")
        // At release (frame 24) the timeline stands at (1 − 0.5) × 0.5 s = 0.25 s: push frame 15.
        #expect(try Data(contentsOf: pop[24]) == Data(contentsOf: push[15]), "at release the pop is half-way")
        #expect(try Data(contentsOf: pop[pop.count - 1]) == Data(contentsOf: push[0]), "ends on the `to` state")
    }

    @Test func aPanReleasedMovingBackCancelsExactlyOntoItsFirstFrame() throws {
        let push = try examples.run("circle-push")
        let pop = try examples.run("circle-pop-interactive-cancel")
        // Released at 0.6 s at 0.3 of the way, moving back (−0.4 per second); completionSpeed 0.5.
        let expected = Self.frameCount(endingAt: Self.end(release: 0.6, percent: 0.3, target: 0, speed: 0.5))
        #expect(pop.count == expected, "\(pop.count) frames, expected \(expected)")
        let first = try Data(contentsOf: pop[0])
        #expect(first == (try Data(contentsOf: push[push.count - 1])), "starts on the compose screen")
        #expect(try Data(contentsOf: pop[pop.count - 1]) == first, "the last frame is the first")
        // Mid-gesture the compose screen has shrunk: the home screen shows far from the button.
        let home = try examples.asset("home")
        let compose = try examples.asset("compose")
        let corner = try RGBAImage.read(pop[36])[10, 110]
        #expect(
            corner.distance(to: home[10, 110]) <= 2 && home[10, 110].distance(to: compose[10, 110]) > 60,
            "frame 36 at (10, 110): \(corner), home \(home[10, 110])")
    }
}
