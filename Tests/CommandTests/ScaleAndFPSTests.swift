import CommandTestSupport
import Foundation
import Testing

/// `--scale` renders the same picture at another size (shadows included); `--fps` changes the
/// frame rate and the frame count follows, still ending on the end state.
@Suite final class ScaleAndFPSTests {
    let folder: URL
    init() throws {
        folder = try SmallPipeline.folder()
        // As small.json, with a shadow under the card and the length left to the timeline.
        let shadowed = SmallPipeline.text
            .replacingOccurrences(
                of: "\"cornerRadius\": 6 }",
                with: "\"cornerRadius\": 6, \"shadow\": { \"opacity\": 1, \"radius\": 4, \"offset\": [0, 10] } }"
            )
            .replacingOccurrences(of: ", \"duration\": 1,", with: ",")
        try shadowed.write(to: folder.appendingPathComponent("shadowed.json"), atomically: true, encoding: .utf8)
    }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func render(_ file: String, into name: String, _ arguments: [String]) throws -> URL {
        let out = folder.appendingPathComponent(name)
        let result = try CLI.run(["run", file, "--out", out.path, "--format", "png"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    @Test func halfScaleHalvesTheFramesAndKeepsThePicture() throws {
        let full = try RGBAImage.read(
            try render("shadowed.json", into: "full", []).appendingPathComponent("frame_0000.png"))
        let half = try RGBAImage.read(
            try render("shadowed.json", into: "half", ["--scale", "0.5"]).appendingPathComponent("frame_0000.png"))
        #expect(full.width == 120 && full.height == 80 && half.width == 60 && half.height == 40)
        // The card, the background, and the shadow below the card (offset 10, so 5 at half size).
        for (x, y) in [(30, 25), (100, 70), (30, 44)] {
            #expect(
                half[x / 2, y / 2].distance(to: full[x, y]) <= 12,
                "(\(x), \(y)): \(half[x / 2, y / 2]) vs \(full[x, y])")
        }
        #expect(
            full[30, 44].distance(to: SmallPipeline.background) >= 10, "the shadow is there to compare: \(full[30, 44])"
        )
    }

    @Test func scaleOneIsTheFullSizeRenderToTheByte() throws {
        let plain = try render("small.json", into: "plain", [])
        let one = try render("small.json", into: "one", ["--scale", "1"])
        for name in SmallPipeline.frameNames() {
            #expect(
                try Data(contentsOf: plain.appendingPathComponent(name))
                    == Data(contentsOf: one.appendingPathComponent(name)))
        }
    }

    @Test func fpsChangesTheFrameCount() throws {
        let out = try render("small.json", into: "fast", ["--fps", "40"])
        #expect(try SmallPipeline.contents(of: out) == SmallPipeline.frameNames(40))
    }

    /// The timeline ends at 1 s: at 24 fps the last frame is frame 24, on the end state.
    @Test func aLengthLeftToTheTimelineIsMeasuredAgainAtTheNewRate() throws {
        let out = try render("shadowed.json", into: "film", ["--fps", "24"])
        #expect(try SmallPipeline.contents(of: out) == SmallPipeline.frameNames(25))
        let last = try RGBAImage.read(out.appendingPathComponent("frame_0024.png"))
        let end = try RGBAImage.read(
            try render("shadowed.json", into: "reference", []).appendingPathComponent("frame_0020.png"))
        #expect(last.differences(from: end, tolerance: 0).count == 0)
    }

    @Test(arguments: [["--scale", "0"], ["--scale", "5"], ["--fps", "0"], ["--fps", "241"]])
    func outOfRangeScaleOrFPSIsRefused(arguments: [String]) throws {
        let result = try CLI.run(
            ["run", "small.json", "--out", folder.appendingPathComponent("no").path] + arguments, in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(arguments[0]) must be"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
    }
}
