import CommandTestSupport
import Foundation
import Testing

/// The preview page fits the window: a canvas taller than the window is scaled down, keeping its
/// proportions, so that the whole frame, the controls and the timing chart show without
/// scrolling.
@Suite("preview page layout")
struct PreviewLayoutTests {
    static let top = Pixel(0xff, 0, 0), bottom = Pixel(0, 0xff, 0)
    /// The page's own background, and the first timing-chart lane's curve (hsl(0, 70%, 62%)).
    static let page = Pixel(0x2b, 0x2b, 0x2b), curve = Pixel(226, 90, 90)

    /// A phone-sized portrait canvas, 750×1334, with a red bar across its top and a green one
    /// across its bottom.
    static let tallPipeline = """
        { "version": 1,
          "canvas": { "width": 750, "height": 1334, "fps": 10, "duration": 1, "background": "#204060" },
          "layers": [
            { "name": "top", "fill": "#ff0000", "frame": [0, 0, 750, 40] },
            { "name": "bottom", "fill": "#00ff00", "frame": [0, 1294, 750, 40] }
          ],
          "timeline": [
            { "animator": "fade", "target": "bottom", "start": 0, "duration": 1, "params": { "to": 1 } }
          ]
        }
        """

    @Test(
        "a tall canvas is scaled down to fit the window with the controls and the chart",
        .enabled(
            if: HeadlessChromium.path != nil,
            "chromium is not installed: scripts/install-deps --test installs it"))
    func tallCanvasFitsTheWindow() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.tallPipeline, to: "tall.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let shot = folder.appendingPathComponent("shot.png")
        try HeadlessChromium.screenshot(
            URL(string: "?t=0", relativeTo: server.url)!, to: shot, scratch: folder,
            window: (1280, 900))
        let image = try RGBAImage.read(shot)
        try #require(image.width == 1280 && image.height == 900)

        // The whole frame: both bars, scaled alike, the canvas's proportions kept.
        // Computed apart from the expectations, which would otherwise print the whole screenshot.
        let topBar = PreviewTests.bounds(of: Self.top, in: image)
        let bottomBar = PreviewTests.bounds(of: Self.bottom, in: image)
        let top = try #require(topBar, "the frame's top is on show")
        let bottom = try #require(bottomBar, "the frame's bottom is on show")
        let height = bottom[1] + bottom[3] - top[1]
        #expect(top[2] < 750 && top[2] == bottom[2] && top[0] == bottom[0], "top bar \(top), bottom bar \(bottom)")
        #expect(abs(Double(top[2]) / Double(height) - 750.0 / 1334.0) < 0.01, "\(top[2])×\(height) on show")

        // Under it, within the window: the buttons (light grey), the scrubber and the chart.
        let below = bottom[1] + bottom[3]
        let under = (below..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } }
        let buttons = under.filter { $0.distance(to: Pixel(0xef, 0xef, 0xef)) <= 16 }.count
        let chart = under.filter { $0.distance(to: Self.curve) <= 40 }.count
        #expect(buttons > 200, "no buttons under the frame")
        #expect(chart > 100, "no timing chart under the frame")
        // Nothing is cut off: the window's last rows are the page's bottom padding.
        let lastRows = (image.height - 8..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } }
        let padding = lastRows.allSatisfy { $0.distance(to: Self.page) <= 2 }
        #expect(padding, "the page runs past the window's bottom")
    }
}
