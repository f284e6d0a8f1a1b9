import CommandTestSupport
import Foundation
import Testing

/// A dismissal (`"direction": "dismiss"`) moves forwards in time along every curve it plays, on
/// pixels: an autoreversing step's two legs and a keyframe step's segment timing functions each
/// change most in their first half of render time (ease-out), where `rewind` (the exact mirror)
/// plays them backwards.
@Suite struct DismissalCurveTests {
    /// The opacity of a white box on black, frame by frame, 2 s at 20 fps (41 frames), rendered
    /// with `direction` and the step `step`.
    func opacities(direction: String, step: String) throws -> [Double] {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = """
            { "version": 1, "direction": "\(direction)",
              "canvas": { "width": 8, "height": 8, "fps": 20, "background": "#000000" },
              "layers": [ { "name": "box", "fill": "#ffffff" } ],
              "timeline": [ \(step) ] }
            """
        try PluginFixtures.write(pipeline, to: "pipeline.json", in: folder)
        let result = try CLI.run(["run", "pipeline.json", "--format", "png", "--out", "out"], in: folder)
        try #require(result.status == 0, "\(result.stderr)")
        return try (0...40).map { index in
            let image = try RGBAImage.read(
                folder.appendingPathComponent("out/frame_\(String(format: "%04d", index)).png"))
            return Double(image[4, 4].r) / 255
        }
    }

    /// Whether the change over frames `from`…`to` is larger in its first half than in its second.
    func changesMostFirst(_ values: [Double], from: Int, to: Int) -> Bool {
        let middle = (from + to) / 2
        return abs(values[middle] - values[from]) > abs(values[to] - values[middle])
    }

    @Test func bothLegsOfAnAutoreverseRunForwardsInADismissal() throws {
        let step =
            #"{ "animate": "opacity", "target": "box", "from": 0, "to": 1, "duration": 1, "autoreverse": true, "timing": "ease-out" }"#
        let dismiss = try opacities(direction: "dismiss", step: step)
        #expect(changesMostFirst(dismiss, from: 0, to: 20) && changesMostFirst(dismiss, from: 20, to: 40), "\(dismiss)")
        // The mirror plays the way back (Core Animation's: the curve mirrored) as its second leg.
        let rewind = try opacities(direction: "rewind", step: step)
        #expect(!changesMostFirst(rewind, from: 20, to: 40), "\(rewind)")
    }

    @Test func keyframeSegmentsRunForwardsInADismissal() throws {
        let step = #"""
            { "animate": "opacity", "target": "box", "duration": 2, "timing": "linear",
              "keyframes": { "values": [0, 1, 0.4], "keyTimes": [0, 0.5, 1], "timingFunctions": ["ease-out", "ease-out"] } }
            """#
        let dismiss = try opacities(direction: "dismiss", step: step)
        #expect(abs(dismiss[0] - 0.4) < 0.01 && abs(dismiss[20] - 1) < 0.01 && dismiss[40] < 0.01, "\(dismiss)")
        #expect(changesMostFirst(dismiss, from: 0, to: 20) && changesMostFirst(dismiss, from: 20, to: 40), "\(dismiss)")
        let rewind = try opacities(direction: "rewind", step: step)
        #expect(!changesMostFirst(rewind, from: 0, to: 20) && !changesMostFirst(rewind, from: 20, to: 40), "\(rewind)")
    }
}
