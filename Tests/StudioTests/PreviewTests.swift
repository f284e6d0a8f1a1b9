import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview`: the page shows the frame `pipeline frame` renders, and follows edits to
/// the pipeline and its plugins without a restart; Ctrl-C stops it cleanly.
@Suite("preview command")
struct PreviewTests {
    static let background = Pixel(0x20, 0x40, 0x60), red = Pixel(0xff, 0, 0), green = Pixel(0, 0xff, 0)

    /// 120×80 at 10 fps for 1 s: a 20×20 square moves linearly from x 0 to x 100.
    static func squarePipeline(
        color: String = "#ff0000", animator: String = "move-and-scale",
        params: String = #"{ "to": [100, 30, 20, 20] }"#
    ) -> String {
        """
        { "version": 1,
          "canvas": { "width": 120, "height": 80, "fps": 10, "duration": 1, "background": "#204060" },
          "layers": [ { "name": "square", "fill": "\(color)", "frame": [0, 30, 20, 20] } ],
          "timeline": [ { "animator": "\(animator)", "target": "square", "start": 0, "duration": 1, "params": \(params) } ]
        }
        """
    }

    /// The bounds of the pixels within `tolerance` of `color` in every channel, as [x, y, width, height].
    static func bounds(of color: Pixel, in image: RGBAImage, within tolerance: Int = 24) -> [Int]? {
        var (minX, minY, maxX, maxY) = (image.width, image.height, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].distance(to: color) <= tolerance {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? nil : [minX, minY, maxX - minX + 1, maxY - minY + 1]
    }

    /// Where `color` sits in the frame area of a screenshot, found by the canvas background
    /// (matched closely: anti-aliased control edges can come near it).
    static func place(of color: Pixel, inScreenshot image: RGBAImage) -> (stage: [Int]?, square: [Int]?) {
        let stage = bounds(of: background, in: image, within: 3)
        guard let stage, let square = bounds(of: color, in: image) else { return (stage, nil) }
        return (stage, [square[0] - stage[0], square[1] - stage[1], square[2], square[3]])
    }

    /// `square` ([x, y, width, height] in the screenshot's frame, fitted to the viewer) in the
    /// canvas's pixels, for a frame `stage` wide shown from a canvas `canvas` wide: each within a
    /// pixel of `expected`.
    static func matches(_ square: [Int]?, stage: [Int]?, canvas: Double, _ expected: [Int]) -> Bool {
        guard let square, let stage, stage[2] > 0 else { return false }
        let scale = Double(stage[2]) / canvas
        return zip(square, expected).allSatisfy { abs(Double($0) / scale - Double($1)) <= 1 }
    }

    @Test(
        "the page shows the frame at ?t= and a changed pipeline within a bounded wait",
        .enabled(if: HeadlessChromium.path != nil, "chromium is not installed: scripts/install-deps --test installs it")
    )
    func pageShowsFrameAndReload() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.squarePipeline(), to: "square.json", in: folder)
        let still = folder.appendingPathComponent("still.png")
        try CLI.run(["frame", file.path, "--at", "0.5", "-o", still.path])
        let expected = try #require(Self.bounds(of: Self.red, in: try RGBAImage.read(still)))
        #expect(expected == [50, 30, 20, 20])

        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        #expect(server.url.host == "127.0.0.1")
        let page = URL(string: "?t=0.5", relativeTo: server.url)!
        let shot = folder.appendingPathComponent("shot.png")
        try HeadlessChromium.screenshot(page, to: shot, scratch: folder)
        // The frame fitted to the viewer: larger than the canvas, in its proportions (3:2).
        let first = Self.place(of: Self.red, inScreenshot: try RGBAImage.read(shot))
        let stage = try #require(first.stage)
        #expect(stage[2] >= 120 && abs(Double(stage[2]) / Double(stage[3]) - 1.5) < 0.02, "\(stage)")
        #expect(Self.matches(first.square, stage: stage, canvas: 120, expected), "\(String(describing: first.square))")

        try PluginFixtures.write(Self.squarePipeline(color: "#00ff00"), to: "square.json", in: folder)
        let status = try await server.waitForVersion { $0.version == 2 }
        #expect(status.version == 2 && status.error == nil, "\(status) stderr: \(server.stderr)")
        try CLI.run(["frame", file.path, "--at", "0.5", "-o", still.path])
        #expect(try await server.get("frame?t=0.5").body == (try Data(contentsOf: still)))

        try HeadlessChromium.screenshot(page, to: shot, scratch: folder)
        let second = try RGBAImage.read(shot)
        let green = Self.place(of: Self.green, inScreenshot: second)
        #expect(Self.matches(green.square, stage: green.stage, canvas: 120, expected), "\(String(describing: green))")
        #expect(Self.bounds(of: Self.red, in: second) == nil)
        #expect(server.stop() == 0)
        #expect(server.stderr.contains("preview: stopped"))
    }

    /// /frame?t= takes the times `pipeline frame --at` takes: 0 up to the render's end.
    @Test func aFramePastTheEndIsABadRequestThatNamesTheEnd() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.squarePipeline(), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        #expect(try await server.get("frame?t=1").status == 200)
        let past = try await server.get("frame?t=9")
        #expect(past.status == 400)
        let body = String(decoding: past.body, as: UTF8.self)
        #expect(body.contains("t=9 is past the end: the render is 1 s long, its last frame is at 0.9 s"), "\(body)")
    }
}
