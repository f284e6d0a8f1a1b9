import CommandTestSupport
import Foundation
import Testing

/// Sublayers through the CLI: steps and mixers name layers anywhere in the tree, a parent's
/// animator moves and fades its subtree, and the tree's own errors and warnings.
@Suite struct SublayerTests {
    /// An 80×80 white canvas with a blue card at [20, 20, 40, 40] clipping two sublayers: `old`
    /// (red, over the card's left half and past its edge) and `new` (green, its whole frame,
    /// hidden unless `new` says otherwise).
    static func pipeline(timeline: String, card: String = "", new: String = #", "hidden": true"#) -> String {
        """
        { "version": 1,
          "canvas": { "width": 80, "height": 80, "fps": 10, "duration": 1, "background": "#ffffff" },
          "layers": [
            { "name": "card", "frame": [20, 20, 40, 40], "fill": "#0000ff", "masksToBounds": true\(card),
              "sublayers": [
                { "name": "old", "frame": [-10, 0, 30, 40], "fill": "#ff0000" },
                { "name": "new", "frame": [0, 0, 40, 40], "fill": "#00ff00"\(new) } ] } ],
          "timeline": [ \(timeline) ] }
        """
    }

    func frame(_ text: String, at time: Double) throws -> RGBAImage {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(text, to: "pipeline.json", in: folder)
        let result = try CLI.run(["frame", "pipeline.json", "--at", "\(time)", "-o", "still.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent("still.png"))
    }

    @Test func fadingTheParentFadesItsSublayers() throws {
        let image = try frame(
            Self.pipeline(timeline: #"{ "animator": "fade", "target": "card", "duration": 1, "params": { "to": 0 } }"#),
            at: 0.5)
        #expect(image[25, 30].distance(to: Pixel(255, 128, 128)) <= 2, "the red sublayer at half: \(image[25, 30])")
        #expect(image[50, 30].distance(to: Pixel(128, 128, 255)) <= 2, "the card itself at half: \(image[50, 30])")
        #expect(image[15, 30] == Pixel(255, 255, 255), "masksToBounds clips the sublayer: \(image[15, 30])")
    }

    @Test func aMixerBlendsTwoSublayersInsideTheirParent() throws {
        let image = try frame(
            Self.pipeline(
                timeline: #"{ "mixer": "cross-dissolve", "from": "old", "to": "new", "duration": 1 }"#, new: ""),
            at: 0.5)
        let middle = image[25, 30]
        #expect(middle.r > 60 && middle.g > 60 && middle.b < 40, "red half into green: \(middle)")
        #expect(image[15, 30] == Pixel(255, 255, 255), "still clipped by the card: \(image[15, 30])")
    }

    /// An animator moves a sublayer in its parent's coordinates, so a layer named as its parameter
    /// is given there too: the thumb ends on the goal, not offset by the card's place.
    @Test func anAnimatorOnASublayerGetsANamedLayersFrameInItsParentsCoordinates() throws {
        let image = try frame(
            """
            { "version": 1,
              "canvas": { "width": 80, "height": 80, "fps": 10, "duration": 1, "background": "#ffffff" },
              "layers": [
                { "name": "goal", "frame": [50, 50, 20, 20], "fill": "#ff0000" },
                { "name": "card", "frame": [20, 10, 40, 40], "fill": "#0000ff",
                  "sublayers": [ { "name": "thumb", "frame": [4, 4, 10, 10], "fill": "#00ff00" } ] } ],
              "timeline": [ { "animator": "move-and-scale", "target": "thumb", "duration": 0.5,
                              "params": { "to": "goal" } } ] }
            """, at: 0.8)
        for (x, y) in [(52, 52), (60, 60), (67, 67)] {
            #expect(image[x, y] == Pixel(0, 255, 0), "the thumb covers the goal at (\(x), \(y)): \(image[x, y])")
        }
        #expect(image[75, 75] == Pixel(255, 255, 255), "nothing past the goal: \(image[75, 75])")
    }

    @Test func aMixerCannotBlendALayerWithItsOwnSublayer() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            Self.pipeline(timeline: #"{ "mixer": "cross-dissolve", "from": "card", "to": "old" }"#),
            to: "pipeline.json", in: folder)
        let result = try CLI.run(["validate", "pipeline.json"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                #"timeline[0].to: a mixer blends two separate layers, and "old" is inside "card""#), "\(result.stderr)")
    }

    /// A cross-dissolve between the two sublayers of a hidden card: valid, but most likely not meant.
    static let mixInsideAHiddenCard = pipeline(
        timeline: #"{ "mixer": "cross-dissolve", "from": "old", "to": "new" }"#, card: #", "hidden": true"#, new: "")

    @Test func aMixerIntoALayerInsideAHiddenParentIsAWarning() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.mixInsideAHiddenCard, to: "pipeline.json", in: folder)
        let result = try CLI.run(["validate", "pipeline.json"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(#"timeline[0].from: layer "old" is inside "card", which is hidden"#),
            "\(result.stderr)")
    }

    @Test func theSheetPrintsTheWarningsValidateGives() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.mixInsideAHiddenCard, to: "pipeline.json", in: folder)
        let result = try CLI.run(["sheet", "pipeline.json", "-o", "sheet.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(#"warning: pipeline.json:"#)
                && result.stderr.contains(#"layer "old" is inside "card", which is hidden"#), "\(result.stderr)")
    }
}
