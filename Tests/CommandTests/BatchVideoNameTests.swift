import CommandTestSupport
import Foundation
import Testing

/// `output.name` names the videos; in a batch, `{id}` in it is each variant's id, and every
/// variant writes its videos into the one output folder (`tip-en.mp4`, `tip-de.mp4`), each with a
/// record of its own so `--resume` keeps them apart. Whatever would make two variants write one
/// file (their PNG frames) is refused, and so is `{id}` in a render that is no batch.
@Suite struct BatchVideoNameTests {
    /// A red box on black, 2 frames, PNGs by default.
    static let pipeline = """
        { "version": 1,
          "canvas": { "width": 32, "height": 32, "fps": 2, "duration": 1, "background": "#000000" },
          "layers": [ { "name": "box", "fill": "#ff0000", "frame": [0, 0, 32, 32] } ],
          "output": { "dir": "out", "formats": ["png"] } }
        """

    static let variants = """
        {"id": "en", "set": {"layers[\\"box\\"].fill": "#00ff00"}}
        {"id": "de"}
        """

    func folder() throws -> URL {
        let folder = try CLI.temporaryDirectory()
        try PluginFixtures.write(Self.pipeline, to: "tip.json", in: folder)
        try PluginFixtures.write(Self.variants, to: "variants.jsonl", in: folder)
        return folder
    }

    /// The middle of a video's first frame, decoded by ffmpeg.
    func firstFrameMiddle(_ video: URL) throws -> Pixel {
        let still = video.deletingPathExtension().appendingPathExtension("png")
        let decoded = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-i", video.path, "-frames:v", "1", "-y", still.path])
        try #require(decoded.status == 0, "\(decoded.stderr)")
        defer { try? FileManager.default.removeItem(at: still) }
        return try RGBAImage.read(still)[16, 16]
    }

    @Test func variantsWriteTheirVideosIntoOneFolderNamedByTheirIds() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "run", "tip.json", "--batch", "variants.jsonl", "--out", "renders", "--format", "mp4",
            "--set", "output.name=tip-{id}",
        ]
        let run = try CLI.run(arguments, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let renders = folder.appendingPathComponent("renders")
        #expect(try SmallPipeline.contents(of: renders) == ["tip-de.mp4", "tip-en.mp4"])
        #expect(try firstFrameMiddle(renders.appendingPathComponent("tip-en.mp4")).distance(to: Pixel(0, 255, 0)) < 24)
        #expect(try firstFrameMiddle(renders.appendingPathComponent("tip-de.mp4")).distance(to: Pixel(255, 0, 0)) < 24)
        for id in ["en", "de"] {
            let record = renders.appendingPathComponent(".pipeline-run.tip-\(id).json").path
            #expect(FileManager.default.fileExists(atPath: record), "\(id)'s own record")
        }
        // Each variant's record is its own: resumed, both are found complete.
        let resumed = try CLI.run(arguments + ["--resume"], in: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("0 of 2 variants rendered, 2 complete already"), "\(resumed.stderr)")
    }

    @Test func framesThatVariantsWouldShareAreRefused() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(
            ["run", "tip.json", "--batch", "variants.jsonl", "--out", "renders", "--set", "output.name=tip-{id}"],
            in: folder)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"variant "en" (variants.jsonl:1) failed: tip.json: output.name: "tip-{id}" writes every variant "#
                    + "into one folder, where their PNG frames would overwrite each other"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("renders/frame_0000.png").path))
    }

    @Test func anIdOutsideABatchIsRefusedAndAPlainNameNamesTheVideo() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = try CLI.run(["run", "tip.json", "--format", "mp4", "--set", "output.name=tip-{id}"], in: folder)
        #expect(alone.status == 1, "\(alone.stderr)")
        #expect(
            alone.stderr.contains(#"tip.json: output.name: "tip-{id}" has {id}, a batch variant's id"#),
            "\(alone.stderr)")
        let named = try CLI.run(["run", "tip.json", "--format", "mp4", "--set", "output.name=promo"], in: folder)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try SmallPipeline.contents(of: folder.appendingPathComponent("out")) == ["promo.mp4"])
        let hidden = try CLI.run(["validate", "tip.json", "--set", "output.name=.promo"], in: folder)
        #expect(hidden.status == 1)
        #expect(hidden.stderr.contains(#"output.name: the videos' name ".promo" starts with ."#), "\(hidden.stderr)")
    }
}
