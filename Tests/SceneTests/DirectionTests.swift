import PluginDescriptions
import Scene
import Testing

/// `"direction"`: a dismiss or pop undoes the presentation as UIKit runs a dismissal animator,
/// each step moving forwards in time along its own curve from its end state to its start state;
/// `rewind` is the exact mirror of the presentation's frames.
@Suite struct DirectionTests {
    /// One step on a 2 s timeline, 1 s long from 0.5 s, at 100 fps.
    func scene(direction: String, timing: String) throws -> Scene {
        let text = #"""
            {"version": 1, "canvas": {"width": 8, "height": 8, "fps": 100},
             "direction": "\#(direction)",
             "layers": [{"name": "card"}],
             "timeline": [
               {"animate": "cornerRadius", "target": "card", "from": 0, "to": 4, "start": 0, "duration": 0.5},
               {"animate": "opacity", "target": "card", "from": 0, "to": 1, "start": 0.5, "duration": 1,
                "timing": \#(timing)}]}
            """#
        return try SceneDecoder.decode(
            Array(text.utf8), file: "/tmp/direction-test.json", registry: NoPlugins())
    }

    /// The presented-ness of the opacity step (1 presented, 0 dismissed) at each frame of its
    /// span in the render, in render order.
    func presentedness(_ scene: Scene) -> [Double] {
        // The render is 1.5 s (151 frames); backwards, the opacity step runs over render time 0–1 s.
        (0...100).map { frame in
            let t = scene.time(ofFrame: frame, plugins: HostCurvesOnly())
            return scene.progress(ofStep: 1, at: t, plugins: HostCurvesOnly())!
        }
    }

    @Test(arguments: ["dismiss", "pop"])
    func anEaseOutDismissalChangesMostInItsFirstHalf(direction: String) throws {
        let values = presentedness(try scene(direction: direction, timing: #""ease-out""#))
        #expect(values.first! == 1 && abs(values.last!) < 1e-12, "from presented to dismissed: \(values)")
        let firstHalf = values[0] - values[50]
        let secondHalf = values[50] - values[100]
        #expect(firstHalf > 0.6, "ease-out starts fast: \(firstHalf) of the way in the first half")
        #expect(firstHalf > 2 * secondHalf, "first half \(firstHalf), second half \(secondHalf)")
        // Forwards in time along the curve: frame i of the dismissal is 1 − ease-out(i / 100).
        let easeOut = try scene(direction: "present", timing: #""ease-out""#)
        for i in [10, 25, 50, 75, 90] {
            let presented = easeOut.progress(ofStep: 1, at: 0.5 + Double(i) / 100, plugins: HostCurvesOnly())!
            #expect(abs(values[i] - (1 - presented)) < 1e-12, "frame \(i)")
        }
    }

    @Test func aRewindIsTheMirrorOfThePresentation() throws {
        let values = presentedness(try scene(direction: "rewind", timing: #""ease-out""#))
        let present = try scene(direction: "present", timing: #""ease-out""#)
        for i in stride(from: 0, through: 100, by: 5) {
            let mirrored = present.progress(ofStep: 1, at: 1.5 - Double(i) / 100, plugins: HostCurvesOnly())!
            #expect(abs(values[i] - mirrored) < 1e-12, "frame \(i)")
        }
        // An ease-out played backwards runs as an ease-in: slow first.
        #expect(values[0] - values[50] < values[50] - values[100], "\(values)")
    }

    /// A dismissal's spring leaves the presented state smoothly, overshoots the dismissed state
    /// and settles on it; the rewind of the same spring bounces about the presented state first
    /// and arrives at the dismissed state smoothly.
    @Test func aSpringDismissalOvershootsPastTheDismissedPositionAndSettlesThere() throws {
        let values = presentedness(try scene(direction: "dismiss", timing: #"{"spring": {"dampingRatio": 0.4}}"#))
        #expect(values.allSatisfy { $0 <= 1 + 1e-9 }, "never past the presented state: \(values)")
        #expect(zip(values.prefix(6), values.prefix(6).dropFirst()).allSatisfy { $0 > $1 }, "a smooth start")
        let below = values.indices.filter { values[$0] < -1e-3 }
        #expect(!below.isEmpty && below.first! > 5, "past the dismissed position after it arrives: \(below)")
        #expect(values.suffix(5).allSatisfy { abs($0) < 2e-3 }, "settled at the end: \(values.suffix(5))")
        let rewound = presentedness(try scene(direction: "rewind", timing: #"{"spring": {"dampingRatio": 0.4}}"#))
        #expect(rewound.contains { $0 > 1 + 1e-3 }, "the rewind bounces about the presented state")
        #expect(rewound.allSatisfy { $0 >= -1e-9 }, "and never passes the dismissed one")
    }

    @Test func theStepsRunInReverseOrder() throws {
        let scene = try scene(direction: "dismiss", timing: #""linear""#)
        // The position step (0–0.5 s of the presentation) runs over the last 0.5 s of the dismissal.
        for (frame, expected) in [(100, 1.0), (125, 0.5), (150, 0.0)] {
            let t = scene.time(ofFrame: frame, plugins: HostCurvesOnly())
            let value = scene.progress(ofStep: 0, at: t, plugins: HostCurvesOnly())!
            #expect(abs(value - expected) < 1e-9, "frame \(frame): \(value)")
        }
    }
}
