import CommandTestSupport
import Foundation
import Testing

/// The circle reveals of articles 000 and 001: a screen shows through a disc around the tapped
/// frame (radius max(w, h) / 2 of that frame) that grows to the farthest canvas corner
/// (`circle-push`, article 001) or by the canvas's diagonal (article 000's modal and pop), with the
/// step's curve (linear here, as a CABasicAnimation without a timing function). Article 000's pop
/// and dismiss shrink the disc on a snapshot of the old screen and remove the snapshot 0.1 s
/// before the end; every last frame is the destination screen itself. Disc edges within 2 px.
@Suite final class ExampleCircleRevealTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    /// The radius at progress p of a reveal from `rect` on the 375×667 canvas, to the farthest
    /// corner or (article 000) by the diagonal.
    static func radius(from rect: [Double], progress p: Double, diagonal: Bool = false) -> Double {
        let (cx, cy) = (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
        let start = max(rect[2], rect[3]) / 2
        let end = diagonal ? start + hypot(375, 667) : hypot(max(cx, 375 - cx), max(cy, 667 - cy))
        return start + (end - start) * p
    }

    private func checkDisc(
        _ name: String, at t: Double, from rect: [Double], progress: Double, diagonal: Bool = false,
        inside: String = "compose", outside: String = "home", rays: [Double]
    ) throws {
        let probe = DiscProbe(
            centre: (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2),
            inside: try examples.asset(inside), outside: try examples.asset(outside))
        let frame = try examples.still(name, at: t)
        let expected = Self.radius(from: rect, progress: progress, diagonal: diagonal)
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

    /// Whether a frame is, pixel for pixel, the screen `asset`.
    private func isScreen(_ frame: RGBAImage, _ asset: String) throws -> Bool {
        frame.differences(from: try examples.asset(asset), tolerance: 0).count == 0
    }

    @Test func circlePushGrowsFromThePlusButton() throws {
        let button: [Double] = [299, 591, 56, 56]
        // Rays that stay on the canvas past the edge: up and up-left of the button.
        for (t, rays) in [(0.1, [-90.0, -120, -150]), (0.25, [-90, -120, -150]), (0.4, [-90, -120])] {
            try checkDisc("circle-push", at: t, from: button, progress: t / 0.5, rays: rays)
        }
    }

    @Test func modalCirclePresentGrowsByTheDiagonalAndCoversTheScreenAtAThirdOfASecond() throws {
        let tap: [Double] = [182, 383, 10, 10]
        try checkDisc(
            "modal-circle-present", at: 0.2, from: tap, progress: 0.2 / 0.6, diagonal: true, rays: [-135, -90, -45, 90])
        // Radius 5 + 765.2 t / 0.6 reaches the farthest corner (431.2 px from the tap) at 0.334 s.
        #expect(try !isScreen(examples.still("modal-circle-present", at: 0.32), "compose"), "covered before 0.334 s")
        #expect(try isScreen(examples.still("modal-circle-present", at: 0.345), "compose"), "not covered at 0.345 s")
    }

    @Test func circlePopShrinksOnASnapshotRemovedATenthOfASecondBeforeTheEnd() throws {
        let button: [Double] = [299, 591, 56, 56]
        try checkDisc(
            "circle-pop", at: 0.25, from: button, progress: 0.5, diagonal: true, rays: [-90, -105, -120])
        try checkDisc(
            "circle-pop", at: 0.35, from: button, progress: 0.3, diagonal: true, rays: [-90, -120, -150])
        #expect(try isScreen(examples.still("circle-pop", at: 0.4), "home"), "the snapshot is gone at 0.4 s")
    }

    @Test func modalCircleDismissShrinksBackOntoTheTap() throws {
        // Linear, so the dismissal at t is the presentation at 0.6 − t until the snapshot goes.
        for t in [0.1, 0.3, 0.45] {
            let dismiss = try examples.still("modal-circle-dismiss", at: t)
            let present = try examples.still("modal-circle-present", at: 0.6 - t)
            let (count, largest) = dismiss.differences(from: present, tolerance: 2)
            #expect(count == 0, "t=\(t): \(count) pixels differ from present at \(0.6 - t), by up to \(largest)")
        }
        #expect(try isScreen(examples.still("modal-circle-dismiss", at: 0.5), "home"), "the snapshot is gone at 0.5 s")
    }

    /// The last frame of every reveal, pop and dismiss is the destination screen alone.
    @Test(arguments: [
        ("circle-push", "compose"), ("circle-pop", "home"), ("modal-circle-present", "compose"),
        ("modal-circle-dismiss", "home"),
    ])
    func theLastFrameIsTheDestinationScreen(example: String, destination: String) throws {
        let frames = try examples.run(example)
        let last = try RGBAImage.read(try #require(frames.last))
        let (count, largest) = last.differences(from: try examples.asset(destination), tolerance: 0)
        #expect(
            count == 0, "\(example): \(count) pixels of the last frame differ from \(destination), by up to \(largest)")
    }
}
