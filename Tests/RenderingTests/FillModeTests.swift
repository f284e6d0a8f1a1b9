import CommandTestSupport
import Foundation
import Testing

/// A step's `fillMode`, as Core Animation's: `forwards` (the default) holds the end state after
/// the end and has no effect before the start; `backwards` applies the start state before the
/// start, so a layer faded in at 1 s is invisible until then; `both` does both; `removed`, and
/// `removedOnCompletion`, give the layer its own value back after the end.
@Suite struct FillModeTests {
    static let red = Pixel(255, 0, 0)
    static let black = Pixel(0, 0, 0)

    /// A 2 s, 10 fps render of a red box on black whose one step sets its opacity from 0 to 1
    /// between 1 and 1.5 s, with `fill` added to the step.
    static func pipeline(_ fill: String, to: Double = 1) -> String {
        """
        { "version": 1,
          "canvas": { "width": 40, "height": 40, "fps": 10, "duration": 2, "background": "#000000" },
          "layers": [ { "name": "box", "fill": "#ff0000", "frame": [10, 10, 20, 20] } ],
          "timeline": [ { "animator": "dim", "target": "box", "start": 1, "duration": 0.5,
                          "params": { "from": 0, "to": \(to) }\(fill) } ] }
        """
    }

    /// The box's centre at `times`, rendered by `pipeline frame`.
    func centre(_ fill: String, to: Double = 1, at times: [Double]) throws -> [Pixel] {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.pipeline(fill, to: to), to: "pipeline.json", in: folder)
        return try times.map { time in
            let still = folder.appendingPathComponent("still-\(time).png")
            let result = try CLI.run(["frame", "pipeline.json", "--at", String(time), "-o", still.path], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            return try RGBAImage.read(still)[20, 20]
        }
    }

    func expect(_ fill: String, before: Pixel, during: Pixel, after: Pixel) throws {
        // 0.5 s before the start; half-way (opacity 0.5 over black); 0.4 s after the end.
        let pixels = try centre(fill, at: [0.5, 1.25, 1.9])
        #expect(pixels[0].distance(to: before) <= 1, "before the start with \(fill): \(pixels[0])")
        #expect(pixels[1].distance(to: during) <= 2, "half-way with \(fill): \(pixels[1])")
        #expect(pixels[2].distance(to: after) <= 1, "after the end with \(fill): \(pixels[2])")
    }

    static let half = Pixel(128, 0, 0)

    @Test func forwardsIsTheDefault() throws {
        try expect("", before: Self.red, during: Self.half, after: Self.red)
        try expect(#", "fillMode": "forwards""#, before: Self.red, during: Self.half, after: Self.red)
    }

    @Test func backwardsHidesTheBoxUntilItsFadeStarts() throws {
        try expect(#", "fillMode": "backwards""#, before: Self.black, during: Self.half, after: Self.red)
        try expect(#", "fillMode": "both""#, before: Self.black, during: Self.half, after: Self.red)
    }

    /// The step ends at opacity 0.5 here, so "after" tells the end state from the model value.
    @Test func removedGivesTheModelValueBackAfterTheEnd() throws {
        let pixels = try centre(#", "fillMode": "removed""#, to: 0.5, at: [0.5, 1.9])
        #expect(pixels[0].distance(to: Self.red) <= 1, "\(pixels[0])")
        #expect(pixels[1].distance(to: Self.red) <= 1, "\(pixels[1])")
        let completed = try centre(#", "removedOnCompletion": true"#, to: 0.5, at: [1.9])
        #expect(completed[0].distance(to: Self.red) <= 1, "\(completed[0])")
        let held = try centre("", to: 0.5, at: [1.9])
        #expect(held[0].distance(to: Pixel(128, 0, 0)) <= 2, "\(held[0])")
    }

    @Test func anUnknownFillModeIsAnErrorNamingTheChoices() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.pipeline(#", "fillMode": "sideways""#), to: "pipeline.json", in: folder)
        let result = try CLI.run(["validate", "pipeline.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("pipeline.json:5:"), "\(result.stderr)")
        #expect(
            result.stderr.contains("forwards") && result.stderr.contains("backwards")
                && result.stderr.contains("removed"), "\(result.stderr)")
    }
}
