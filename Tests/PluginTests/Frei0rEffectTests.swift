import CommandTestSupport
import Foundation
import Testing

/// frei0r filters as layer effects: Debian's plugins (frei0r-plugins), used by name.
@Suite struct Frei0rEffectTests {
    @Test func pixeliz0rAsALayerEffectMakesBlocksOfOneColour() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let json = LayerEffectsFixture.pipeline(
            filters: #"[{ "effect": "frei0r.pixeliz0r", "params": { "Block width": 0.1, "Block height": 0.1 } }]"#)
        try json.write(to: folder.appendingPathComponent("f.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "f.json", "--frames", "0", "--quiet"], in: folder, environment: CLI.frei0r)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage.read(folder.appendingPathComponent("out/frame_0000.png"))
        // In blocks, neighbouring pixels along a row are mostly equal; the noisy photo has none equal.
        let changes = (21..<219).filter { frame[$0, 50] != frame[$0 - 1, 50] }.count
        #expect(changes > 2 && changes < 40, "\(changes) changes along the row")
    }

    @Test func aMisspeltFrei0rEffectIsRefusedWithItsPlace() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let json = LayerEffectsFixture.pipeline(filters: #"[{ "effect": "frei0r.pixelizor" }]"#)
        try json.write(to: folder.appendingPathComponent("f.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "f.json"], in: folder, environment: CLI.frei0r)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(#"layers[0].filters[0].effect: unknown effect "frei0r.pixelizor""#),
            "\(result.stderr)")
    }
}
