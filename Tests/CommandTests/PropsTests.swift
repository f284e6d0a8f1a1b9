import CommandTestSupport
import Foundation
import Testing

/// `--set PATH=VALUE` and `--props FILE` give a pipeline values from outside it, on every
/// command that reads one: the render changes as stated, a bad value names the option that put
/// it there, and `run --resume` refuses a render whose props changed.
@Suite struct PropsTests {
    /// A red box on black, 2 frames.
    static let pipeline = """
        { "version": 1,
          "canvas": { "width": 20, "height": 20, "fps": 2, "duration": 1, "background": "#000000" },
          "layers": [ { "name": "box", "fill": "#ff0000", "frame": [5, 5, 10, 10] } ],
          "output": { "dir": "out", "formats": ["png"] } }
        """

    func folder() throws -> URL {
        let folder = try CLI.temporaryDirectory()
        try PluginFixtures.write(Self.pipeline, to: "pipeline.json", in: folder)
        return folder
    }

    func box(_ folder: URL, frame: String = "out/frame_0000.png") throws -> Pixel {
        try RGBAImage.read(folder.appendingPathComponent(frame))[10, 10]
    }

    @Test func setChangesTheRenderAndTakesJSONOrAString() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A value that is not JSON is a string; one that is JSON is that value.
        let run = try CLI.run(
            ["run", "pipeline.json", "--set", "layers[0].fill=#00ff00", "--set", "canvas.fps=4"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try box(folder) == Pixel(0, 255, 0))
        #expect(
            run.stdout.contains("4 PNG frames") || run.stderr.contains("4 PNG frames"), "\(run.stdout)\(run.stderr)")
        let still = try CLI.run(
            ["frame", "pipeline.json", "--at", "0", "-o", "still.png", "--set", #"layers[0].opacity=0"#], in: folder)
        #expect(still.status == 0, "\(still.stderr)")
        #expect(try RGBAImage.read(folder.appendingPathComponent("still.png"))[10, 10] == Pixel(0, 0, 0))
    }

    @Test func propsMergeAndSetAppliesAfterThem() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(
            ##"{ "canvas": { "background": "#0000ff" }, "layers": [ { "name": "box", "fill": "#ffffff" } ] }"##,
            to: "variant.json", in: folder)
        let run = try CLI.run(["run", "pipeline.json", "--props", "variant.json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        // The layers array is replaced whole (RFC 7396): the box now fills the canvas.
        #expect(try RGBAImage.read(folder.appendingPathComponent("out/frame_0000.png"))[1, 1] == Pixel(255, 255, 255))
        let both = try CLI.run(
            ["run", "pipeline.json", "--props", "variant.json", "--set", "layers[0].opacity=0", "--out", "both"],
            in: folder)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(try box(folder, frame: "both/frame_0000.png") == Pixel(0, 0, 255), "the background of the props")
    }

    @Test func aBadValueNamesTheOptionThatPutItThere() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try CLI.run(["validate", "pipeline.json", "--set", "canvas.fps=0"], in: folder)
        #expect(set.status == 1)
        #expect(set.stderr.contains("pipeline.json: --set canvas.fps=0: canvas.fps: "), "\(set.stderr)")
        let missing = try CLI.run(["validate", "pipeline.json", "--set", "layers[3].fill=#fff"], in: folder)
        #expect(missing.status == 1)
        #expect(
            missing.stderr.contains("--set layers[3].fill=#fff: layers has 1 element: there is no [3]"),
            "\(missing.stderr)")
        try PluginFixtures.write("{\n  \"canvas\": { \"fps\": \"fast\" }\n}", to: "variant.json", in: folder)
        let props = try CLI.run(["validate", "pipeline.json", "--props", "variant.json"], in: folder)
        #expect(props.status == 1)
        #expect(
            props.stderr.contains("pipeline.json: --props variant.json:2:22: canvas.fps: expected a number"),
            "\(props.stderr)")
        let noEquals = try CLI.run(["validate", "pipeline.json", "--set", "x"], in: folder)
        #expect(noEquals.status == 1)
        #expect(noEquals.stderr.contains("--set x: expected PATH=VALUE"), "\(noEquals.stderr)")
        try PluginFixtures.write("[1, 2]", to: "list.json", in: folder)
        let notAnObject = try CLI.run(["validate", "pipeline.json", "--props", "list.json"], in: folder)
        #expect(notAnObject.status == 1)
        #expect(
            notAnObject.stderr.contains("list.json:1:1: $: a props file is a JSON object of the keys to change"),
            "\(notAnObject.stderr)")
        let absent = try CLI.run(["run", "pipeline.json", "--props", "absent.json"], in: folder)
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("absent.json: cannot read the props file"), "\(absent.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing written")
    }

    @Test func resumeRefusesChangedProps() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLI.run(["run", "pipeline.json", "--set", "layers[0].opacity=0.5"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let same = try CLI.run(["run", "pipeline.json", "--set", "layers[0].opacity=0.5", "--resume"], in: folder)
        #expect(same.status == 0, "\(same.stderr)")
        let changed = try CLI.run(["run", "pipeline.json", "--set", "layers[0].opacity=0.6", "--resume"], in: folder)
        #expect(changed.status != 0)
        #expect(
            changed.stderr.contains("props: --set layers[0].opacity=0.5 then, --set layers[0].opacity=0.6 now"),
            "\(changed.stderr)")
    }
}
