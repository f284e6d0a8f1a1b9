import CommandTestSupport
import Foundation
import Testing

/// Mixer steps: the two layers are rendered alone, blended by the plugin, and drawn in place of
/// the upper one; the result does not depend on how rows or frames are split across threads.
@Suite struct MixerStepTests {
    static func pipeline(mixer: String, params: String = "{}") -> String {
        """
        { "version": 1, "canvas": { "width": 48, "height": 32, "fps": 10, "duration": 1.1, "background": "#000000" },
          "layers": [
            { "name": "old", "fill": "#ff0000" },
            { "name": "new", "fill": "#0000ff" },
            { "name": "badge", "fill": "#00ff00", "frame": [0, 0, 8, 8] }
          ],
          "timeline": [ { "mixer": "\(mixer)", "from": "old", "to": "new", "duration": 1, "params": \(params) } ],
          "output": { "formats": ["png"] } }
        """
    }

    func render(_ text: String, threads: Int, in folder: URL) throws -> URL {
        try PluginFixtures.write(text, to: "mix.json", in: folder)
        let out = folder.appendingPathComponent("out-\(threads)")
        let result = try CLI.run(
            ["run", "mix.json", "--out", out.path, "--threads", "\(threads)", "--quiet"], in: folder)
        #expect(!result.crashed && result.status == 0, "\(result.stderr)")
        return out
    }

    @Test func crossDissolveBlendsTheTwoLayersUnderTheOnesAbove() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try render(Self.pipeline(mixer: "cross-dissolve"), threads: 2, in: folder)
        let start = try RGBAImage.read(out.appendingPathComponent("frame_0000.png"))
        let middle = try RGBAImage.read(out.appendingPathComponent("frame_0005.png"))
        let end = try RGBAImage.read(out.appendingPathComponent("frame_0010.png"))
        #expect(start[30, 20] == Pixel(255, 0, 0, 255))
        #expect(middle[30, 20].distance(to: Pixel(128, 0, 128, 255)) <= 1, "\(middle[30, 20])")
        #expect(end[30, 20] == Pixel(0, 0, 255, 255))
        #expect(middle[3, 3] == Pixel(0, 255, 0, 255), "the layer above the mixed pair still covers it")
    }

    @Test(arguments: ["cross-dissolve", "soft-wipe", "noise-dissolve"])
    func rowBandsAndThreadCountsGiveTheSameBytes(mixer: String) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // One thread splits each mixer call into row bands; two threads render whole frames.
        let banded = try render(Self.pipeline(mixer: mixer), threads: 1, in: folder)
        let whole = try render(Self.pipeline(mixer: mixer), threads: 2, in: folder)
        for index in 0..<11 {
            let name = String(format: "frame_%04d.png", index)
            #expect(
                try Data(contentsOf: banded.appendingPathComponent(name))
                    == Data(contentsOf: whole.appendingPathComponent(name)), "\(mixer) \(name)")
        }
    }
}
