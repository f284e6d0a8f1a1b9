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
        var html = ""
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
        let drawn = try PageAgainstPipeline(
            body: html, layers: layers.joined(separator: ",\n"), size: size, in: folder)
        for (index, mode) in Self.modes.enumerated() {
            let (worst, at) = drawn.worst(
                x: index % Self.columns * Self.tile.width, y: index / Self.columns * Self.tile.height,
                width: Self.tile.width, height: Self.tile.height)
            #expect(worst <= 2, "\(mode): \(worst) levels from Chromium at (\(at.x), \(at.y)) of its tile")
        }
    }
}
