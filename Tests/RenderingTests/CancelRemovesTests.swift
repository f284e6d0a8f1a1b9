import CommandTestSupport
import Foundation
import Testing

/// `interaction.cancelRemoves` takes its layers away the moment a cancelled transition lands,
/// in stills between frames as in frames: a green veil at half opacity over red fades out under
/// a gesture released at 0.2 s, 30% of the way, moving back; the cancel plays the 30% of the
/// 0.5 s timeline back in 0.15 s and lands at 0.35 s, between frames 3 and 4 at 10 fps.
@Suite final class CancelRemovesTests {
    let folder: URL
    init() throws {
        folder = try CLI.temporaryDirectory()
        let text = """
            { "version": 1, "canvas": { "width": 40, "height": 40, "fps": 10, "background": "#000000" },
              "interaction": { "track": [[0, 0], [0.2, 0.3, -1]], "finishIf": { "velocityAbove": 0 },
                               "cancelRemoves": ["veil"] },
              "layers": [{ "name": "screen", "fill": "#ff0000" },
                         { "name": "veil", "fill": "#00ff00", "opacity": 0.5 }],
              "timeline": [{ "animator": "fade", "target": "veil", "duration": 0.5, "params": { "to": 0 } }] }
            """
        try text.write(to: folder.appendingPathComponent("cancel.json"), atomically: true, encoding: .utf8)
    }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func still(at seconds: String) throws -> Pixel {
        let result = try CLI.run(["frame", "cancel.json", "--at", seconds, "-o", "still.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent("still.png"))[20, 20]
    }

    @Test func aStillFromTheLandingOnShowsTheLayerGone() throws {
        #expect(try still(at: "0.35").distance(to: Pixel(255, 0, 0)) <= 1, "landed at 0.35 s: only the screen")
        #expect(try still(at: "0.38").distance(to: Pixel(255, 0, 0)) <= 1, "after the landing, before frame 4")
    }

    @Test func aStillBeforeTheLandingStillShowsTheLayer() throws {
        #expect(try still(at: "0.34").g > 100, "the veil is there until the transition lands")
    }
}
