import CommandTestSupport
import Foundation
import Testing

/// A path's `layers["title"]` selects the layer named "title" wherever paths are written
/// (`--set`, a props file's and a batch line's `"set"`): the named layer changes, not the one at
/// its old index, so a template's variants survive its layers being reordered. A name no layer
/// has, or two layers have, stops the command with a message naming the path.
@Suite struct LayerNamePathTests {
    /// Three boxes on black, each in its own column; "title" is not first, so a path that
    /// took the first layer would paint another box.
    static let pipeline = """
        { "version": 1,
          "canvas": { "width": 30, "height": 20, "fps": 2, "duration": 1, "background": "#000000" },
          "layers": [
            { "name": "background", "fill": "#ff0000", "frame": [0, 0, 10, 20] },
            { "name": "card", "fill": "#ff0000", "frame": [10, 0, 10, 20],
              "sublayers": [ { "name": "label", "fill": "#ff0000", "frame": [0, 10, 10, 10] } ] },
            { "name": "title", "fill": "#ff0000", "frame": [20, 0, 10, 20] } ],
          "output": { "dir": "out", "formats": ["png"] } }
        """

    func folder(_ pipeline: String = pipeline) throws -> URL {
        let folder = try CLI.temporaryDirectory()
        try PluginFixtures.write(pipeline, to: "pipeline.json", in: folder)
        return folder
    }

    /// The background's, the card's (above its label), the label's and the title's pixels.
    func columns(_ folder: URL, _ frame: String = "out/frame_0000.png") throws -> [Pixel] {
        let image = try RGBAImage.read(folder.appendingPathComponent(frame))
        return [image[5, 5], image[15, 5], image[15, 15], image[25, 5]]
    }

    static let red = Pixel(255, 0, 0)
    static let green = Pixel(0, 255, 0)
    static let blue = Pixel(0, 0, 255)

    @Test func setByNameChangesTheNamedLayerAndNoOther() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(
            [
                "run", "pipeline.json", "--set", #"layers["title"].fill=#00ff00"#,
                "--set", #"layers["card"].sublayers["label"].fill=#0000ff"#,
            ], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try columns(folder) == [Self.red, Self.red, Self.blue, Self.green])
        // An index still names the element at that place.
        let indexed = try CLI.run(
            ["run", "pipeline.json", "--set", "layers[0].fill=#00ff00", "--out", "indexed"], in: folder)
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(try columns(folder, "indexed/frame_0000.png") == [Self.green, Self.red, Self.red, Self.red])
    }

    @Test func propsAndBatchLinesSetByName() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            ##"{ "canvas": { "background": "#000000" }, "set": { "layers[\"title\"].fill": "#0000ff" } }"##,
            to: "variant.json", in: folder)
        let props = try CLI.run(["run", "pipeline.json", "--props", "variant.json"], in: folder)
        #expect(props.status == 0, "\(props.stderr)")
        #expect(try columns(folder) == [Self.red, Self.red, Self.red, Self.blue])
        try PluginFixtures.write(
            """
            {"id": "en", "set": {"layers[\\"title\\"].fill": "#00ff00"}}
            {"id": "de", "set": {"layers[\\"card\\"].sublayers[\\"label\\"].fill": "#0000ff"}}
            """, to: "variants.jsonl", in: folder)
        let batch = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl", "--out", "batch"], in: folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try columns(folder, "batch/en/frame_0000.png") == [Self.red, Self.red, Self.red, Self.green])
        #expect(try columns(folder, "batch/de/frame_0000.png") == [Self.red, Self.red, Self.blue, Self.red])
    }

    @Test func aNameNoLayerHasIsRefusedWithTheNearestAndTheNames() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let typo = try CLI.run(["run", "pipeline.json", "--set", #"layers["titel"].fill=#fff"#], in: folder)
        #expect(typo.status == 1, "\(typo.stderr)")
        #expect(
            typo.stderr.contains(
                #"pipeline.json: --set layers["titel"].fill=#fff: layers has no element named "titel"; "#
                    + #"did you mean "title"? (its names: "background", "card", "title")"#), "\(typo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing written")
        // Nested, the message names the place the outer name found.
        let nested = try CLI.run(
            ["validate", "pipeline.json", "--set", #"layers["card"].sublayers["lable"].fill=#fff"#], in: folder)
        #expect(nested.status == 1, "\(nested.stderr)")
        #expect(
            nested.stderr.contains(#"layers[1].sublayers has no element named "lable"; did you mean "label"?"#),
            "\(nested.stderr)")
        try PluginFixtures.write(
            ##"{"id": "x", "set": {"layers[\"nothing-like-it\"].fill": "#fff"}}"##, to: "variants.jsonl", in: folder)
        let batch = try CLI.run(["run", "pipeline.json", "--batch", "variants.jsonl"], in: folder)
        #expect(batch.status == 2, "\(batch.stderr)")
        #expect(
            batch.stderr.contains(
                #"--batch variants.jsonl:1:21 (set layers["nothing-like-it"].fill): layers has no element named "#
                    + #""nothing-like-it" (its names: "background", "card", "title")"#), "\(batch.stderr)")
    }

    @Test func aNameTwoLayersHaveIsAmbiguous() throws {
        let folder = try folder(Self.pipeline.replacingOccurrences(of: #""background""#, with: #""title""#))
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["run", "pipeline.json", "--set", #"layers["title"].fill=#00ff00"#], in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"layers["title"] is ambiguous: layers[0] and layers[2] are both named "title"; "#
                    + "write the index of the one you mean"), "\(run.stderr)")
    }
}
