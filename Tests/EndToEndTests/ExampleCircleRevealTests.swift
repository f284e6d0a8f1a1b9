import Foundation
import Testing

/// The circle reveals of articles 000 and 001: the new screen shows through a disc growing from the
/// tapped frame (radius max(w, h) / 2 of that frame) to the farthest canvas corner, with the
/// step's curve (linear here, as a CABasicAnimation without a timing function); pop and dismiss
/// are the exact reverse. Disc edges are checked within 2 px.
@Suite final class ExampleCircleRevealTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    /// The radius at progress p of a reveal from `rect` on the 375×667 canvas.
    static func radius(from rect: [Double], progress p: Double) -> Double {
        let (cx, cy) = (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
        let start = max(rect[2], rect[3]) / 2
        let end = hypot(max(cx, 375 - cx), max(cy, 667 - cy))
        return start + (end - start) * p
    }

    private func checkDisc(
        _ name: String, at t: Double, from rect: [Double], duration: Double,
        rays: [Double]
    ) throws {
        let probe = DiscProbe(
            centre: (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2),
            inside: try examples.asset("compose"), outside: try examples.asset("home"))
        let frame = try examples.still(name, at: t)
        let expected = Self.radius(from: rect, progress: t / duration)
        for degrees in rays {
            let (misplaced, inside, outside) = probe.check(frame, degrees: degrees, radius: expected)
            #expect(
                misplaced.isEmpty,
                "\(name) t=\(t) ray \(degrees)°: wrong side of r = \(expected) at \(misplaced.prefix(5))")
            #expect(
                inside > 0 && outside > 0,
                "\(name) t=\(t) ray \(degrees)°: \(inside) pixels checked inside the edge, \(outside) outside")
        }
    }

    @Test func circlePushGrowsFromThePlusButton() throws {
        let button: [Double] = [299, 591, 56, 56]
        // Rays that stay on the canvas past the edge: up and up-left of the button.
        for (t, rays) in [(0.1, [-90.0, -120, -150]), (0.25, [-90, -120, -150]), (0.4, [-90, -120])] {
            try checkDisc("circle-push", at: t, from: button, duration: 0.5, rays: rays)
        }
    }

    @Test func modalCirclePresentGrowsFromTheTappedPoint() throws {
        try checkDisc(
            "modal-circle-present", at: 0.3, from: [182, 383, 10, 10], duration: 0.6, rays: [-135, -90, -45, 90])
    }

    @Test func circlePopIsCirclePushBackwards() throws {
        let push = try examples.run("circle-push")
        let pop = try examples.run("circle-pop")
        try #require(push.count == 31 && pop.count == push.count, "frames: push \(push.count), pop \(pop.count)")
        for (i, frame) in pop.enumerated() {
            let same = try Data(contentsOf: frame) == Data(contentsOf: push[push.count - 1 - i])
            #expect(same, "pop frame \(i) differs from push frame \(push.count - 1 - i)")
        }
    }

    @Test func modalCircleDismissShrinksBackOntoTheTap() throws {
        for t in [0.1, 0.3, 0.5] {
            let dismiss = try examples.still("modal-circle-dismiss", at: t)
            let present = try examples.still("modal-circle-present", at: 0.6 - t)
            let (count, largest) = dismiss.differences(from: present, tolerance: 2)
            #expect(count == 0, "t=\(t): \(count) pixels differ from present at \(0.6 - t), by up to \(largest)")
        }
    }
}
