import CommandTestSupport
import Foundation
import Testing

/// A render's bytes do not depend on how many frames are rendered at once (with one, the cores
/// split a mixer's rows instead), so shards may run on machines with any number of cores.
@Suite final class ThreadCountTests {
    /// Shadows, a mask, text, a gradient and a mixer: everything that renders in more than one pass.
    static let text = """
        { "version": 1,
          "canvas": { "width": 64, "height": 48, "fps": 20, "duration": 1, "background": "#202030" },
          "layers": [
            { "name": "from", "fill": { "gradient": { "colors": ["#3366ff", "#ff3366"], "start": [0, 0], "end": [1, 1] } } },
            { "name": "to", "fill": "#20c080", "text": { "string": "Hi there", "size": 11, "color": "#ffffff", "align": "center" },
              "mask": { "shapes": [{ "shape": "circle", "rect": [6, 2, 52, 44] }] } },
            { "name": "card", "fill": "#ff9500", "frame": [6, 6, 24, 16], "cornerRadius": 4, "text": "Go",
              "shadow": { "color": "#000000", "opacity": 0.8, "radius": 4, "offset": [0, 3] } }
          ],
          "timeline": [
            { "mixer": "cross-dissolve", "from": "from", "to": "to", "duration": 1 },
            { "animator": "move-and-scale", "target": "card", "duration": 1, "timing": "ease-in-out", "params": { "to": [30, 26, 30, 18] } }
          ]
        }
        """

    let folder: URL
    init() throws {
        folder = try CLI.temporaryDirectory()
        try Self.text.write(to: folder.appendingPathComponent("layered.json"), atomically: true, encoding: .utf8)
    }
    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func oneTwoAndFourThreadsWriteTheSameBytes() throws {
        let renders = try [1, 2, 4].map { threads in
            let out = folder.appendingPathComponent("threads-\(threads)")
            let result = try CLI.run(
                [
                    "run", "layered.json", "--out", out.path, "--format", "png", "--quiet",
                    "--threads", String(threads),
                ], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            return out
        }
        let names = try SmallPipeline.contents(of: renders[0])
        #expect(names == SmallPipeline.frameNames(20))
        for render in renders.dropFirst() {
            #expect(try SmallPipeline.contents(of: render) == names)
            for name in names {
                let bytes = try Data(contentsOf: render.appendingPathComponent(name))
                #expect(
                    bytes == (try Data(contentsOf: renders[0].appendingPathComponent(name))),
                    "\(render.lastPathComponent)/\(name)")
            }
        }
    }
}
