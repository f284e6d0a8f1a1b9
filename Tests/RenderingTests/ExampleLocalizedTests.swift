import CommandTestSupport
import Foundation
import Testing

/// `examples/localized/`: one pipeline with an SVG screen, a Lottie check mark and the fonts it
/// ships, rendered once per language of `variants.jsonl` (left-to-right, right-to-left, CJK).
@Suite struct ExampleLocalizedTests {
    static let languages = ["en", "de", "he", "ar", "ja"]
    /// The title's box in the canvas: the sheet rests at y 424, the title 180 below its top.
    static let title = (x: 0, y: 604, width: 390, height: 60)

    /// The example copied into a temporary folder, so renders never write into the checkout.
    static func copy() throws -> URL {
        let folder = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            at: CLI.repositoryRoot.appendingPathComponent("examples/localized"),
            to: folder.appendingPathComponent("localized"))
        return folder.appendingPathComponent("localized")
    }

    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        a.differences(from: b, tolerance: 8) { x, y in
            x >= title.x && x < title.x + title.width && y >= title.y && y < title.y + title.height
        }.count
    }

    @Test func everyLanguageRendersIntoItsOwnFolderWithItsOwnTitle() throws {
        let folder = try Self.copy()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let result = try CLI.run(
            [
                "run", "pipeline.json", "--batch", "variants.jsonl", "--format", "png", "--frames", "60",
                "--out", "out", "--quiet",
            ], in: folder)
        try #require(result.status == 0, "\(result.stderr)")
        var frames: [String: RGBAImage] = [:]
        for language in Self.languages {
            frames[language] = try RGBAImage.read(folder.appendingPathComponent("out/\(language)/frame_0060.png"))
        }
        // The check mark has played to its last frame: the disc's green at its centre.
        for (language, frame) in frames {
            #expect(frame[195, 528].distance(to: Pixel(43, 182, 115)) <= 3, "\(language): \(frame[195, 528])")
        }
        // Each language draws a title of its own.
        for (i, a) in Self.languages.enumerated() {
            for b in Self.languages[(i + 1)...] {
                #expect(Self.differingPixels(frames[a]!, frames[b]!) > 200, "\(a) and \(b) draw the same title")
            }
        }
    }

    /// The titles are drawn in the fonts shipped in `fonts/`, not in a family found on the machine.
    @Test(arguments: [("en", "Payment complete"), ("ja", "支払いが完了しました")])
    func titlesAreDrawnInTheShippedFonts(language: String, string: String) throws {
        let folder = try Self.copy()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        func still(_ extra: [String]) throws -> RGBAImage {
            let png = folder.appendingPathComponent("still-\(UUID().uuidString).png")
            let font = language == "ja" ? "Droid Sans Fallback" : "Liberation Sans"
            let result = try CLI.run(
                [
                    "frame", "pipeline.json", "--at", "2", "-o", png.path,
                    "--set", "layers[2].sublayers[1].text.string=\(string)",
                    "--set", "layers[2].sublayers[1].text.font=\(font)",
                ] + extra, in: folder)
            try #require(result.status == 0, "\(result.stderr)")
            return try RGBAImage.read(png)
        }
        let shipped = try still([])
        let installed = try still([
            "--set", "layers[2].sublayers[1].text.font=DejaVu Sans",
            "--set", "layers[2].sublayers[1].text.fallback=true",
        ])
        #expect(Self.differingPixels(shipped, installed) > 200)
    }
}
