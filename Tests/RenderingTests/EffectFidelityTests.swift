import CommandTestSupport
import Foundation
import Testing

/// The built-in effects against what headless Chromium draws for the same CSS `filter` and
/// `backdrop-filter` on the same photo-like image, as the Filter Effects specification defines
/// them. The floors are above what a close reading needs (40 dB for colour effects, 32 where
/// blur is involved, 30 for a backdrop) and under what the effects reach (about 60 to 80 dB), so
/// a blur of the wrong radius (4 for 6: 36 dB) fails. CSS fades a blurred image out at its edges:
/// the image's blurs say `"edges": "transparent"`, which an image layer does not take by default.
@Suite(.enabled(if: HeadlessChromium.path != nil, "needs chromium"))
struct EffectFidelityTests {
    /// The page and the canvas: the photo at (20, 20) on white.
    static let size = (width: 320, height: 200)

    static func compare(css: String, filters: String, card: (css: String, layer: String)? = nil) throws -> Double {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let cardHTML = card.map { #"<div style="position:absolute; \#($0.css)"></div>"# } ?? ""
        let drawn = try PageAgainstPipeline(
            body: #"<img src="photo.png" style="position:absolute; left:20px; top:20px; filter:\#(css)">\#(cardHTML)"#,
            layers: #"{ "name": "photo", "image": "photo.png", "frame": [20, 20, 200, 120], "filters": \#(filters) }"#
                + (card.map { ", " + $0.layer } ?? ""),
            size: size, in: folder)
        return drawn.ours.psnr(against: drawn.theirs)
    }

    @Test(arguments: [
        ("brightness(1.4)", "brightness", "amount", "1.4", 50.0),
        ("contrast(0.6)", "contrast", "amount", "0.6", 50),
        ("saturate(0.3)", "saturate", "amount", "0.3", 50),
        ("hue-rotate(90deg)", "hue-rotate", "angle", "90", 50),
        ("grayscale(1)", "grayscale", "amount", "1", 50),
        ("sepia(0.8)", "sepia", "amount", "0.8", 50),
        ("invert(1)", "invert", "amount", "1", 50),
        ("blur(6px)", "blur", "radius", "6", 45),
    ])
    func anEffectMatchesChromiumsCSSFilter(css: String, effect: String, parameter: String, value: String, floor: Double)
        throws
    {
        let edges = effect == "blur" ? #", "edges": "transparent""# : ""
        let filters = #"[{ "effect": "\#(effect)", "params": { "\#(parameter)": \#(value)\#(edges) } }]"#
        let psnr = try Self.compare(css: css, filters: filters)
        #expect(psnr >= floor, "\(css): \(psnr) dB")
    }

    @Test func aChainMatchesChromiumsCSSFilter() throws {
        let filters = #"""
            [{ "effect": "saturate", "params": { "amount": 1.6 } }, { "effect": "blur", "params": { "radius": 3, "edges": "transparent" } }]
            """#
        let psnr = try Self.compare(css: "saturate(1.6) blur(3px)", filters: filters)
        #expect(psnr >= 45, "\(psnr) dB")
    }

    @Test func aBackdropBlurMatchesChromiumsBackdropFilter() throws {
        let card = (
            css: "left:60px; top:40px; width:120px; height:80px; border-radius:16px; "
                + "background:rgba(255,255,255,0.3); backdrop-filter:blur(8px)",
            layer: #"""
            { "name": "card", "frame": [60, 40, 120, 80], "cornerRadius": 16, "fill": "#ffffff4d",
              "backdropFilters": [{ "effect": "blur", "params": { "radius": 8 } }] }
            """#
        )
        let psnr = try Self.compare(css: "none", filters: "[]", card: card)
        #expect(psnr >= 40, "\(psnr) dB")
    }
}
