import CommandTestSupport
import Foundation
import Testing

/// `pipeline run` writes fps × duration PNGs, and an MP4 and a GIF with as many frames, and
/// nothing else; the same frames whatever the run or the thread count; PNGs even without ffmpeg.
@Suite final class RunOutputTests {
    let folder: URL
    init() throws { folder = try SmallPipeline.folder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// `pipeline run small.json --out <folder>/<out> arguments…`.
    private func run(out: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> (
        CLI.Result, URL
    ) {
        let directory = folder.appendingPathComponent(out)
        let result = try CLI.run(
            ["run", "small.json", "--out", directory.path] + arguments, in: folder, environment: environment)
        #expect(!result.crashed, "\(result.stderr)")
        return (result, directory)
    }

    @Test func runWritesPNGsAVideoAndAGIFWithTheSameFrameCount() throws {
        let (result, out) = try run(out: "all")
        #expect(result.status == 0, "\(result.stderr)")
        // Exactly these files: no temporary or partial ones are left behind.
        #expect(
            try SmallPipeline.contents(of: out) == (SmallPipeline.frameNames() + ["small.gif", "small.mp4"]).sorted())
        let mp4 = try SmallPipeline.probe(out.appendingPathComponent("small.mp4"))
        #expect(mp4?.codec == "h264" && mp4?.width == 120 && mp4?.height == 80, "\(String(describing: mp4))")
        #expect(mp4?.frames == SmallPipeline.frameCount)
        let gif = try SmallPipeline.probe(out.appendingPathComponent("small.gif"))
        #expect(gif?.codec == "gif" && gif?.width == 120 && gif?.height == 80, "\(String(describing: gif))")
        #expect(gif?.frames == SmallPipeline.frameCount)
        // --out overrides output.dir ("rendered").
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("rendered").path))

        let first = try RGBAImage.read(out.appendingPathComponent("frame_0000.png"))
        let last = try RGBAImage.read(out.appendingPathComponent("frame_0019.png"))
        #expect(first.width == 120 && first.height == 80)
        #expect(first[30, 25].distance(to: SmallPipeline.card) <= 2, "the card at its start: \(first[30, 25])")
        #expect(first[100, 70].distance(to: SmallPipeline.background) <= 2, "\(first[100, 70])")
        #expect(last[5, 70].r >= SmallPipeline.background.r + 50, "the veil has faded in: \(last[5, 70])")
    }

    @Test func formatPNGWritesOnlyPNGs() throws {
        let (result, out) = try run(out: "png", ["--format", "png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: out) == SmallPipeline.frameNames())
    }

    @Test func aVideoAloneGoesIntoAFolderThatDoesNotExistYet() throws {
        let (result, out) = try run(out: "new/deeper", ["--format", "mp4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: out) == ["small.mp4"])
    }

    @Test(arguments: [["--format", ""], ["--format", "png,png"]])
    func anEmptyOrRepeatedFormatListIsRefusedBeforeRendering(arguments: [String]) throws {
        let (result, out) = try run(out: "refused", arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains("--format"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func discardRendersEveryFrameAndWritesNothing() throws {
        let result = try CLI.run(["run", "small.json", "--discard"], in: folder)
        #expect(!result.crashed && result.status == 0, "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: folder) == ["small.json"])
        let refused = try CLI.run(["run", "small.json", "--discard", "--format", "png"], in: folder)
        #expect(refused.status == 1 && refused.stderr.contains("--discard writes nothing"), "\(refused.stderr)")
    }

    @Test func withoutOutTheFilesOutputDirIsUsed() throws {
        let result = try CLI.run(["run", "small.json", "--format", "png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: folder.appendingPathComponent("rendered")) == SmallPipeline.frameNames())
    }

    @Test func framesAreByteIdenticalAcrossRunsAndThreadCounts() throws {
        let runs = [("one", ["--threads", "1"]), ("two", ["--threads", "2"]), ("again", ["--threads", "2"])]
        var folders: [URL] = []
        for (name, threads) in runs {
            let (result, out) = try run(out: name, ["--format", "png"] + threads)
            #expect(result.status == 0, "\(result.stderr)")
            folders.append(out)
        }
        for name in SmallPipeline.frameNames() {
            let bytes = try folders.map { try Data(contentsOf: $0.appendingPathComponent(name)) }
            #expect(bytes.allSatisfy { $0 == bytes[0] }, "\(name) differs between runs")
        }
    }

    @Test func aMissingFFmpegIsExplainedAndThePNGsAreStillWritten() throws {
        let missing = folder.appendingPathComponent("no-such-ffmpeg").path
        let (chosen, out) = try run(out: "chosen", ["--format", "png,mp4"], environment: ["PIPELINE_FFMPEG": missing])
        #expect(chosen.status == 2)
        #expect(chosen.stderr.contains("PIPELINE_FFMPEG") && chosen.stderr.contains(missing), "\(chosen.stderr)")
        #expect(chosen.stderr.contains("point it at ffmpeg"), "\(chosen.stderr)")
        #expect(try SmallPipeline.contents(of: out) == SmallPipeline.frameNames())

        // No ffmpeg on PATH: the message says how to install it.
        let empty = folder.appendingPathComponent("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let (unfound, out2) = try run(out: "unfound", ["--format", "png,gif"], environment: ["PATH": empty.path])
        #expect(unfound.status == 2)
        #expect(
            unfound.stderr.contains("ffmpeg not found") && unfound.stderr.contains("apt-get install ffmpeg"),
            "\(unfound.stderr)")
        #expect(try SmallPipeline.contents(of: out2) == SmallPipeline.frameNames())
    }
}
