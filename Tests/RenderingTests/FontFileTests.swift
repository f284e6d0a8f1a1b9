import CommandTestSupport
import Foundation
import Testing

/// A pipeline's own font files (`"fonts"`): a text finds their families as if they were
/// installed, and a family found nowhere is an error unless the text asks for a fallback. Each
/// run sees only the fonts its own fontconfig file names (DejaVu, and what a test adds), so the
/// results do not depend on what the machine has installed.
@Suite struct FontFileTests {
    @Test func aShippedFontDrawsAsTheSameFontInstalled() throws {
        let folder = try FontFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let bare = try folder.fontconfig()
        try folder.pipeline("shipped", fonts: ["fonts/serif.ttf"], text: ["font": "Liberation Serif"])
        try folder.pipeline("installed", text: ["font": "Liberation Serif"])
        try folder.pipeline("fallback", text: ["font": "Liberation Serif", "fallback": true])
        let shipped = try folder.frame("shipped", bare)
        let installed = try folder.frame(
            "installed", try folder.fontconfig(installing: [folder.url.appendingPathComponent("fonts")]))
        #expect(shipped == installed, "the shipped font draws exactly as the same file installed")
        #expect(try folder.frame("fallback", bare) != shipped, "without the file the text falls back to DejaVu")
    }

    @Test func aFamilyFoundNowhereIsAnErrorNamingTheFamiliesThereAre() throws {
        let folder = try FontFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.pipeline("unknown", fonts: ["fonts/serif.ttf"], text: ["font": "Inter"])
        for command in [["validate"], ["frame", "--at", "0"], ["run"]] {
            let result = try CLI.run(command + ["unknown.json"], in: folder.url, environment: try folder.fontconfig())
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains(#"layers[0].text.font: font family "Inter" is not found"#), "\(result.stderr)")
            #expect(result.stderr.contains(#"the pipeline's fonts have "Liberation Serif""#), "\(result.stderr)")
            #expect(result.stderr.contains(#"installed are "DejaVu"#), "\(result.stderr)")
            #expect(result.stderr.contains(#""fallback": true"#), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out-unknown").path))
    }

    @Test func aTypoInAFamilyIsCorrected() throws {
        let folder = try FontFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.pipeline("typo", fonts: ["fonts/serif.ttf"], text: ["font": "Liberation Serf"])
        let result = try CLI.run(["validate", "typo.json"], in: folder.url, environment: try folder.fontconfig())
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"(did you mean "Liberation Serif"?)"#), "\(result.stderr)")
    }

    @Test func aFallbackDrawsInTheNearestFamily() throws {
        let folder = try FontFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.pipeline("fallback", text: ["font": "Inter", "fallback": true])
        let environment = try folder.fontconfig()
        let validated = try CLI.run(
            ["validate", "fallback.json", "--strict"], in: folder.url, environment: environment)
        #expect(validated.status == 0, "\(validated.stderr)")
        let run = try CLI.run(["run", "fallback.json"], in: folder.url, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent("out-fallback/frame_0000.png").path))
    }

    @Test func aChangedFontIsRefusedOnResume() throws {
        let folder = try FontFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.pipeline("resumed", fonts: ["fonts/serif.ttf"], text: ["font": "Liberation Serif"])
        let environment = try folder.fontconfig()
        #expect(try CLI.run(["run", "resumed.json"], in: folder.url, environment: environment).status == 0)
        let font = folder.url.appendingPathComponent("fonts/serif.ttf")
        var bytes = try Data(contentsOf: font)
        bytes.append(contentsOf: [0, 0, 0, 0])
        try bytes.write(to: font)
        let refused = try CLI.run(["run", "resumed.json", "--resume"], in: folder.url, environment: environment)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("the font \(font.path) changed"), "\(refused.stderr)")
    }

    /// With only DejaVu to draw from, Chinese characters have no font and opening the pipeline
    /// names them; a CJK font among the pipeline's own fonts, or installed, draws them instead.
    @Test func charactersNoFontHasAreNamedUntilAFontHasThem() throws {
        let folder = try FontFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let cjk = URL(fileURLWithPath: "/usr/share/fonts/truetype/wqy")
        try FileManager.default.copyItem(
            at: cjk.appendingPathComponent("wqy-zenhei.ttc"),
            to: folder.url.appendingPathComponent("fonts/cjk.ttc"))
        func write(_ name: String, fonts: [String]) throws {
            let document: [String: Any] = [
                "version": 1, "fonts": fonts,
                "canvas": ["width": 200, "height": 50, "fps": 10, "duration": 0.1, "background": "#ffffff"],
                "layers": [["name": "greeting", "text": ["string": "Hi 你好", "size": 20]]],
            ]
            try JSONSerialization.data(withJSONObject: document).write(to: folder.url.appendingPathComponent(name))
        }
        try write("bare.json", fonts: [])
        try write("shipped.json", fonts: ["fonts/cjk.ttc"])
        let bare = try folder.fontconfig()
        let missing = try CLI.run(
            ["frame", "bare.json", "--at", "0", "-o", "bare.png"], in: folder.url, environment: bare)
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(
            missing.stderr.contains(#"warning: layer "greeting": no installed font has U+4F60 (你), U+597D (好)"#),
            "\(missing.stderr)")
        let shipped = try CLI.run(
            ["frame", "shipped.json", "--at", "0", "-o", "shipped.png"], in: folder.url, environment: bare)
        #expect(shipped.status == 0 && !shipped.stderr.contains("warning"), "\(shipped.stderr)")
        let installed = try CLI.run(
            ["frame", "bare.json", "--at", "0", "-o", "installed.png"], in: folder.url,
            environment: try folder.fontconfig(installing: [cjk]))
        #expect(installed.status == 0 && !installed.stderr.contains("warning"), "\(installed.stderr)")
        let frames = try ["bare", "shipped", "installed"].map {
            try Data(contentsOf: folder.url.appendingPathComponent("\($0).png"))
        }
        #expect(frames[0] != frames[1] && frames[1] == frames[2], "the same font, shipped or installed")
    }
}
