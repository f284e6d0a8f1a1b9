import CommandTestSupport
import Foundation
import Testing

/// Snapshot layers: another layer and its sublayers as they look at a time, frozen, animated
/// like any layer while the real one changes underneath.
@Suite struct SnapshotTests {
    /// A 100×100 white canvas: `home`, blue turning red over 1 s, holding a white square; `shot`
    /// pictures it at `at` and `shot` keys.
    static func pipeline(shot: String, timeline: String = "") -> String {
        """
        { "version": 1,
          "canvas": { "width": 100, "height": 100, "fps": 10, "duration": 1, "background": "#ffffff" },
          "layers": [
            { "name": "home", "frame": [10, 10, 40, 40], "fill": "#0000ff",
              "sublayers": [ { "name": "dot", "frame": [10, 10, 20, 20], "fill": "#ffffff" } ] },
            { "name": "shot"\(shot) } ],
          "timeline": [
            { "animate": "backgroundColor", "target": "home", "to": "#ff0000", "duration": 1 }\(timeline) ] }
        """
    }

    func run(_ arguments: [String], _ text: String) throws -> (CLI.Result, URL) {
        let folder = try CLI.temporaryDirectory()
        try PluginFixtures.write(text, to: "pipeline.json", in: folder)
        return (try CLI.run(arguments, in: folder), folder)
    }

    @Test func aSnapshotShowsTheLayerAsItWasAndMovesOnItsOwn() throws {
        let text = Self.pipeline(
            shot: #", "snapshot": "home", "at": 0"#,
            timeline: #", { "animate": "position", "target": "shot", "to": [75, 75], "duration": 1 }"#)
        let (result, folder) = try run(["frame", "pipeline.json", "--at", "1", "-o", "still.png"], text)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage.read(folder.appendingPathComponent("still.png"))
        #expect(image[15, 15] == Pixel(255, 0, 0), "the layer itself has turned red: \(image[15, 15])")
        #expect(image[60, 60] == Pixel(0, 0, 255), "the snapshot, moved, is still blue: \(image[60, 60])")
        #expect(image[75, 75] == Pixel(255, 255, 255), "with the sublayer in it: \(image[75, 75])")
    }

    @Test func aSnapshotAtALaterTimeShowsThatTime() throws {
        let (result, folder) = try run(
            ["frame", "pipeline.json", "--at", "0", "-o", "still.png"],
            Self.pipeline(shot: #", "snapshot": "home", "at": 1, "frame": [60, 60, 40, 40]"#))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage.read(folder.appendingPathComponent("still.png"))
        #expect(image[15, 15] == Pixel(0, 0, 255), "the layer at 0 s")
        #expect(image[62, 62] == Pixel(255, 0, 0), "its snapshot at 1 s: \(image[62, 62])")
    }

    @Test(arguments: [
        (#", "snapshot": "nowhere""#, #"layers[1].snapshot: unknown layer "nowhere""#),
        (#", "at": 0.5"#, #"layers[1].at: "at" is the time a snapshot shows; it goes with "snapshot""#),
        (#", "snapshot": "home", "image": "a.png""#, #"has both "image" and "snapshot""#),
    ])
    func aBadSnapshotIsRefusedAtItsPlace(shot: String, message: String) throws {
        let (result, folder) = try run(["validate", "pipeline.json"], Self.pipeline(shot: shot))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aLayerCannotPictureTheLayerHoldingIt() throws {
        let text = """
            { "version": 1, "canvas": { "width": 40, "height": 40, "fps": 10, "duration": 1 },
              "layers": [ { "name": "card", "sublayers": [ { "name": "copy", "snapshot": "card" } ] } ] }
            """
        let (result, folder) = try run(["validate", "pipeline.json"], text)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(#"layer "copy" cannot show a snapshot of "card", which holds it"#),
            "\(result.stderr)")
    }
}
