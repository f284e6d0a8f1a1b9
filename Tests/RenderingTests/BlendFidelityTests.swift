import CommandTestSupport
import Foundation
import Testing

/// The blend modes against what headless Chromium draws for CSS `mix-blend-mode` (and
/// `plus-lighter` for add): a colour sweep blended over the photo-like still in each of the
/// seventeen modes, one tile each on one page and in one pipeline, every channel of every pixel
/// within 2 levels.
@Suite(.enabled(if: HeadlessChromium.path != nil, "needs chromium"))
struct BlendFidelityTests {
    static let modes = [
        "normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "hard-light",
        "soft-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "add",
    ]
    static let tile = (width: 200, height: 120)
    static let columns = 4

    /// A 200×120 sweep: red across, green down, blue along the diagonal, written as a PPM and
    /// turned into a PNG by ffmpeg.
    static func sweep(in folder: URL) throws {
        var bytes = Array("P6\n200 120\n255\n".utf8)
        for y in 0..<120 {
            for x in 0..<200 {
                bytes += [UInt8(x * 255 / 199), UInt8(255 - y * 2), UInt8((x + 2 * y) % 256)]
            }
        }
        try Data(bytes).write(to: folder.appendingPathComponent("sweep.ppm"))
        let converted = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-y", "-i", "sweep.ppm", "sweep.png"], in: folder)
        #expect(converted.status == 0, "\(converted.stderr)")
    }

    @Test func everyModeMatchesChromiumsMixBlendMode() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        try Self.sweep(in: folder)
        let rows = (Self.modes.count + Self.columns - 1) / Self.columns
        let size = (width: Self.columns * Self.tile.width, height: rows * Self.tile.height)
        var html = """
            <!doctype html><html><body style="margin:0; background:#ffffff; width:\(size.width)px; \
            height:\(size.height)px; overflow:hidden">
            """
        var layers: [String] = []
        for (index, mode) in Self.modes.enumerated() {
            let x = index % Self.columns * Self.tile.width
            let y = index / Self.columns * Self.tile.height
            let css = mode == "add" ? "plus-lighter" : mode
            html += #"<img src="photo.png" style="position:absolute; left:\#(x)px; top:\#(y)px">"#
            html +=
                #"<img src="sweep.png" style="position:absolute; left:\#(x)px; top:\#(y)px; mix-blend-mode:\#(css)">"#
            let frame = "[\(x), \(y), \(Self.tile.width), \(Self.tile.height)]"
            layers.append(#"{ "name": "photo-\#(index)", "image": "photo.png", "frame": \#(frame) }"#)
            layers.append(
                #"{ "name": "sweep-\#(index)", "image": "sweep.png", "frame": \#(frame), "blendMode": "\#(mode)" }"#)
        }
        html += "</body></html>"
        try html.write(to: folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        let shot = folder.appendingPathComponent("chromium.png")
        try HeadlessChromium.screenshot(
            folder.appendingPathComponent("page.html"), to: shot, scratch: folder, window: size, unmanaged: true)
        let pipeline = """
            {
              "version": 1,
              "canvas": { "width": \(size.width), "height": \(size.height), "fps": 1, "duration": 1,
                          "background": "#ffffff" },
              "layers": [\(layers.joined(separator: ",\n"))],
              "output": { "formats": ["png"] }
            }
            """
        try pipeline.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["run", "p.json", "--quiet"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let ours = try RGBAImage.read(folder.appendingPathComponent("out/frame_0000.png"))
        let theirs = try RGBAImage.read(shot)
        try #require(ours.width == theirs.width && ours.height == theirs.height, "chromium's screenshot's size")
        for (index, mode) in Self.modes.enumerated() {
            let x0 = index % Self.columns * Self.tile.width
            let y0 = index / Self.columns * Self.tile.height
            var worst = 0
            var at = (x0, y0)
            for y in y0..<y0 + Self.tile.height {
                for x in x0..<x0 + Self.tile.width {
                    let (a, b) = (ours[x, y], theirs[x, y])
                    let off = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
                    if off > worst { (worst, at) = (off, (x - x0, y - y0)) }
                }
            }
            #expect(worst <= 2, "\(mode): \(worst) levels from Chromium at (\(at.0), \(at.1)) of its tile")
        }
    }
}
