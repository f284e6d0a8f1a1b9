import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview --set` takes paths that name layers, as `run` does: the studio shows the
/// named layer changed, and a name no layer has stops the preview before it serves.
@Suite struct PreviewLayerNameTests {
    /// Two boxes on black; "title" is second, so a path that took the first layer would paint
    /// the other box.
    static let pipeline = """
        { "version": 1,
          "canvas": { "width": 20, "height": 10, "fps": 2, "duration": 1, "background": "#000000" },
          "layers": [
            { "name": "background", "fill": "#ff0000", "frame": [0, 0, 10, 10] },
            { "name": "title", "fill": "#ff0000", "frame": [10, 0, 10, 10] } ] }
        """

    @Test func theStudioShowsTheNamedLayerSet() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.pipeline, to: "tip.json", in: folder)
        let server = try PreviewServerProcess(
            [file.path, "--set", #"layers["title"].fill=#00ff00"#], scratch: folder,
            environment: ["PIPELINE_CACHE_DIR": CLI.sharedCache])
        defer { server.stop() }
        let frame = try RawHTTPClient(port: try #require(server.url.port)).get("/frame?t=0")
        #expect(frame.status == 200, "\(frame.head)")
        let still = folder.appendingPathComponent("still.png")
        try frame.body.write(to: still)
        let image = try RGBAImage.read(still)
        #expect(image[5, 5] == Pixel(255, 0, 0), "the other layer as the file says")
        #expect(image[15, 5] == Pixel(0, 255, 0), "the named layer set")
        #expect(server.stop() == 0, "stderr: \(server.stderr)")
        let typo = try CLI.run(["preview", file.path, "--set", #"layers["titel"].fill=#00ff00"#, "--port", "0"])
        #expect(typo.status == 1, "\(typo.stderr)")
        #expect(typo.stderr.contains(#"layers has no element named "titel"; did you mean "title"?"#), "\(typo.stderr)")
    }
}
