import CommandTestSupport
import Foundation
import Testing

/// `pipeline frame FILE --at T -o still.png` writes one PNG of the canvas size, the same frame
/// `run` writes for that time; a time that is not a time, or is past the render's end, is
/// refused with exit 1.
@Suite final class FrameCommandTests {
    let folder: URL
    init() throws { folder = try SmallPipeline.folder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func frameWritesOnePNGOfTheCanvasSize() throws {
        let result = try CLI.run(["frame", "small.json", "--at", "0", "-o", "still.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: folder) == ["small.json", "still.png"], "one PNG and nothing else")
        let still = try RGBAImage.read(folder.appendingPathComponent("still.png"))
        #expect(still.width == SmallPipeline.width && still.height == SmallPipeline.height)
        #expect(still[30, 25].distance(to: SmallPipeline.card) <= 2, "the card: \(still[30, 25])")
        #expect(still[100, 70].distance(to: SmallPipeline.background) <= 2, "the background: \(still[100, 70])")
    }

    @Test func frameAtATimeIsTheFrameRunWritesForIt() throws {
        let still = try CLI.run(["frame", "small.json", "--at", "0.5", "-o", "still.png"], in: folder)
        let run = try CLI.run(["run", "small.json", "--format", "png", "--out", "all"], in: folder)
        #expect(still.status == 0 && run.status == 0, "\(still.stderr)\(run.stderr)")
        // Frame 10 of 20 fps shows t = 0.5.
        let fromFrame = try Data(contentsOf: folder.appendingPathComponent("still.png"))
        let fromRun = try Data(contentsOf: folder.appendingPathComponent("all/frame_0010.png"))
        #expect(fromFrame == fromRun)
    }

    @Test(arguments: [["--at=-1"], ["--at", "-1"], ["--at", "nan"], ["--at", "1e300"]])
    func aNegativeOrNonNumericTimeIsRefused(arguments: [String]) throws {
        let result = try CLI.run(["frame", "small.json"] + arguments + ["-o", "still.png"], in: folder)
        #expect(!result.crashed)
        #expect(result.status == 1, "exit status for \(arguments): \(result.status)")
        #expect(result.stderr.contains("--at"), "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: folder) == ["small.json"], "nothing is written")
    }

    @Test func aTimePastTheEndIsRefusedWithTheLastFramesTime() throws {
        let result = try CLI.run(["frame", "small.json", "--at", "9", "-o", "still.png"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "error: --at 9 is past the end: the render is 1 s long, its last frame is at 0.95 s\n")
        #expect(try SmallPipeline.contents(of: folder) == ["small.json"], "nothing is written")
    }

    /// The last frame shows until the end, so a still up to the render's length is one it shows.
    @Test(arguments: ["0.95", "0.99", "1"]) func aTimeUpToTheEndIsAStill(at seconds: String) throws {
        let result = try CLI.run(["frame", "small.json", "--at", seconds, "-o", "still.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func theMessageForANegativeTimeSaysWhatIsAllowed() throws {
        let result = try CLI.run(["frame", "small.json", "--at=-1"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("--at must be a time in seconds in 0...3600, got -1"), "\(result.stderr)")
    }

    @Test func scaleRendersASmallerStill() throws {
        let result = try CLI.run(["frame", "small.json", "--at", "0", "--scale", "0.5", "-o", "half.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let half = try RGBAImage.read(folder.appendingPathComponent("half.png"))
        #expect(half.width == SmallPipeline.width / 2 && half.height == SmallPipeline.height / 2)
        #expect(half[15, 12].distance(to: SmallPipeline.card) <= 2, "the card, at half its place: \(half[15, 12])")
    }
}
