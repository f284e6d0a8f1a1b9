import CommandTestSupport
import Foundation
import Testing

/// Track mattes against what headless Chromium draws for CSS `mask-image` with `mask-mode:
/// alpha` and `luminance`, the inverted modes through the complement CSS composes (a white
/// layer excluding the image): a colour sweep seen through a photo-like matte, and the photo
/// seen through a gradient matte, both mattes with alpha falling across them, in each of the four
/// modes; every channel of every pixel within 2 levels.
@Suite(.enabled(if: HeadlessChromium.path != nil, "needs chromium"))
struct MatteFidelityTests {
    static let modes = ["alpha", "alpha-inverted", "luma", "luma-inverted"]
    static let tile = (width: 200, height: 120)

    /// Writes `name`.png, 200×120 RGBA: `colour` at each pixel with alpha falling from opaque at
    /// the centre to transparent at the corners (a PAM turned into a PNG by ffmpeg).
    static func matte(_ name: String, in folder: URL, colour: (Int, Int) -> (Int, Int, Int)) throws {
        var bytes = Array("P7\nWIDTH 200\nHEIGHT 120\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        for y in 0..<120 {
            for x in 0..<200 {
                let (dx, dy) = (Double(x - 100) / 100, Double(y - 60) / 60)
                let alpha = max(0, min(255, Int((1.2 - (dx * dx + dy * dy).squareRoot()) * 255)))
                let (r, g, b) = colour(x, y)
                bytes += [UInt8(r), UInt8(g), UInt8(b), UInt8(alpha)]
            }
        }
        try Data(bytes).write(to: folder.appendingPathComponent("\(name).pam"))
        let converted = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-y", "-i", "\(name).pam", "\(name).png"], in: folder)
        #expect(converted.status == 0, "\(converted.stderr)")
    }

    @Test func everyModeMatchesChromiumsMaskImage() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        try BlendFidelityTests.sweep(in: folder)
        // The photo's own colours (a checker and noise over ramps) for one, smooth ramps for the other.
        var seed: UInt32 = 11
        try Self.matte("photo-matte", in: folder) { x, y in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let noise = Int(seed >> 26) - 32
            let check = (x / 7 + y / 6) % 2 == 0 ? 70 : 0
            let clamp = { (v: Int) in min(max(v, 0), 255) }
            return (clamp(255 - x + noise), clamp(y * 2 + check + noise), clamp(40 + x / 2 + check))
        }
        try Self.matte("gradient-matte", in: folder) { x, y in (x * 255 / 199, 255 - y * 2, (x + 2 * y) % 256) }
        let pairs = [(shown: "sweep.png", matte: "photo-matte.png"), (shown: "photo.png", matte: "gradient-matte.png")]
        // A page read from a file may not use another file as a mask (masks are fetched as CORS
        // requests): the mattes go in as data URLs.
        func inline(_ name: String) throws -> String {
            "data:image/png;base64,"
                + (try Data(contentsOf: folder.appendingPathComponent(name))).base64EncodedString()
        }
        var html = ""
        var layers: [String] = []
        for (row, pair) in pairs.enumerated() {
            let image = try inline(pair.matte)
            for (column, mode) in Self.modes.enumerated() {
                let (x, y) = (column * Self.tile.width, row * Self.tile.height)
                let mask =
                    mode.hasSuffix("inverted")
                    ? "mask-image:linear-gradient(#fff,#fff), url(\(image)); mask-composite:exclude; "
                        + "mask-mode:alpha, \(mode.hasPrefix("luma") ? "luminance" : "alpha")"
                    : "mask-image:url(\(image)); mask-mode:\(mode == "luma" ? "luminance" : "alpha")"
                html += """
                    <img src="\(pair.shown)" style="position:absolute; left:\(x)px; top:\(y)px; \(mask); \
                    mask-repeat:no-repeat; mask-size:200px 120px">
                    """
                let frame = "[\(x), \(y), \(Self.tile.width), \(Self.tile.height)]"
                let name = "\(row)-\(column)"
                layers.append(
                    #"{ "name": "shown-\#(name)", "image": "\#(pair.shown)", "frame": \#(frame), "#
                        + #""matte": { "layer": "matte-\#(name)", "mode": "\#(mode)" } }"#)
                layers.append(#"{ "name": "matte-\#(name)", "image": "\#(pair.matte)", "frame": \#(frame) }"#)
            }
        }
        let size = (width: Self.modes.count * Self.tile.width, height: pairs.count * Self.tile.height)
        let drawn = try PageAgainstPipeline(
            body: html, layers: layers.joined(separator: ",\n"), size: size, in: folder)
        for (row, pair) in pairs.enumerated() {
            for (column, mode) in Self.modes.enumerated() {
                let (worst, at) = drawn.worst(
                    x: column * Self.tile.width, y: row * Self.tile.height, width: Self.tile.width,
                    height: Self.tile.height)
                #expect(
                    worst <= 2,
                    "\(pair.shown) through \(pair.matte) in \(mode): \(worst) levels from Chromium at (\(at.x), \(at.y))"
                )
            }
        }
    }
}
