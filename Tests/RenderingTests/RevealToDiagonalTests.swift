import CommandTestSupport
import Foundation
import Testing

/// `"to": "diagonal"` on circle-reveal and ripple-reveal: the circle ends the layer's diagonal
/// past its start, which covers the layer from a point inside it. From a point outside the
/// layer the diagonal falls short, so the circle goes on to the layer's farthest corner: the
/// last frame shows the whole layer (circle-reveal) or none of it (ripple-reveal).
@Suite final class RevealToDiagonalTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A red 100×100 card at (150, 150) on black, revealed by `step` over 0.5 s, at its end.
    private func lastFrame(_ step: String) throws -> RGBAImage {
        let text = """
            { "version": 1, "canvas": { "width": 300, "height": 300, "fps": 10, "background": "#000000" },
              "layers": [{ "name": "card", "fill": "#ff0000", "frame": [150, 150, 100, 100] }],
              "timeline": [\(step)] }
            """
        try text.write(to: folder.appendingPathComponent("reveal.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["frame", "reveal.json", "--at", "0.5", "-o", "end.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent("end.png"))
    }

    /// How many of the card's pixels are red.
    private func redPixels(_ frame: RGBAImage) -> Int {
        let card = (150..<250).flatMap { y in (150..<250).map { x in frame[x, y] } }
        return card.filter { $0.distance(to: Pixel(255, 0, 0)) <= 2 }.count
    }

    @Test func aCircleFromAButtonOutsideTheLayerStillRevealsAllOfIt() throws {
        let frame = try lastFrame(
            """
            { "animator": "circle-reveal", "target": "card", "duration": 0.5,
              "params": { "from": [0, 0, 10, 10], "to": "diagonal" } }
            """)
        #expect(redPixels(frame) == 100 * 100, "the whole card shows at the end")
    }

    @Test func aHoleFromACentreOutsideTheLayerStillClearsAllOfIt() throws {
        let frame = try lastFrame(
            """
            { "animator": "ripple-reveal", "target": "card", "duration": 0.5,
              "params": { "center": [5, 5], "to": "diagonal" } }
            """)
        #expect(redPixels(frame) == 0, "nothing of the card is left at the end")
    }
}
