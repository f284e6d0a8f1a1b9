import CommandTestSupport
import Foundation
import Testing

/// What a replicator draws, against the positions and colours worked out here: copies turned
/// about the anchor with their alpha falling off, copies moved and scaled, copies tinted by the
/// instance colour and its offsets, copies showing their sublayers' animation later by the
/// instance delay, and the file's mistakes.
@Suite final class ReplicatorTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// `layers` on a 200×200 white canvas at time `t`; the run's result and, when it drew, the picture.
    private func frame(_ layers: String, steps: String = "", at t: Double = 0) throws -> (CLI.Result, RGBAImage?) {
        let text = """
            { "version": 1, "canvas": { "width": 200, "height": 200, "fps": 10, "duration": 1, "background": "#ffffff" },
              "layers": [\(layers)], "timeline": [\(steps)] }
            """
        let name = "replicator-\(UUID().uuidString)"
        try text.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["frame", "\(name).json", "--at", String(t), "-o", "\(name).png"], in: folder)
        guard result.status == 0 else { return (result, nil) }
        return (result, try RGBAImage.read(folder.appendingPathComponent("\(name).png")))
    }

    /// The colour `alpha` of `color` shows over white.
    private func over(_ color: Pixel, alpha: Double) -> Pixel {
        func part(_ c: Int) -> Int { Int((Double(c) * alpha + 255 * (1 - alpha)).rounded()) }
        return Pixel(part(color.r), part(color.g), part(color.b))
    }

    private let bar = Pixel(28, 28, 30)

    @Test func twelveBarsTurnAboutTheAnchorAndFade() throws {
        let layers = """
            { "name": "spinner", "frame": [50, 50, 100, 100],
              "replicator": { "instanceCount": 12, "instanceTransform": { "rotation": 30 }, "instanceAlphaOffset": -0.075 },
              "sublayers": [ { "name": "bar", "frame": [46, 4, 8, 28], "fill": "#1c1c1e" } ] }
            """
        let steps = """
            { "animate": "transform.rotation", "target": "spinner", "from": 0, "to": 90, "duration": 1, "timing": "linear" }
            """
        for t in [0.0, 0.5] {
            let (result, picture) = try frame(layers, steps: steps, at: t)
            let image = try #require(picture, "\(result.stderr)")
            for copy in 0..<12 {
                // The bar's centre is 32 above the anchor (100, 100); copy i turned 30·i degrees
                // further clockwise, the whole by the step.
                let angle = (Double(copy) * 30 + 90 * t) * .pi / 180
                let (x, y) = (100 + 32 * sin(angle), 100 - 32 * cos(angle))
                let expected = over(bar, alpha: 1 - 0.075 * Double(copy))
                let seen = image[Int(x.rounded()), Int(y.rounded())]
                #expect(seen.distance(to: expected) <= 3, "t \(t), copy \(copy): \(seen), not \(expected)")
            }
            #expect(image[100, 100].distance(to: Pixel(255, 255, 255)) <= 1, "the middle stays empty")
        }
    }

    @Test func copiesMoveAndScaleAboutTheAnchor() throws {
        // One 20×20 square at the left of a 200-wide strip whose anchor is its centre (100, 100):
        // copy i is moved 60·i right and scaled 0.5ⁱ about the anchor.
        let layers = """
            { "name": "row", "frame": [0, 90, 200, 20],
              "replicator": { "instanceCount": 3, "instanceTransform": { "translation": [60, 0], "scale": 0.5 } },
              "sublayers": [ { "name": "dot", "frame": [10, 0, 20, 20], "fill": "#0040ff" } ] }
            """
        let (result, picture) = try frame(layers)
        let image = try #require(picture, "\(result.stderr)")
        let blue = Pixel(0, 64, 255)
        // Copy 0: x 10…30. Copy 1: (x − 100)·0.5 + 100 + 60 → 115…125, y 95…105.
        // Copy 2: (x − 100)·0.25 + 100 + 120 → 202.5…: off the canvas.
        #expect(image[20, 100].distance(to: blue) <= 1)
        #expect(image[120, 100].distance(to: blue) <= 1, "the second copy, half size, 60 further")
        #expect(image[120, 93].distance(to: Pixel(255, 255, 255)) <= 1, "the second copy is 10 tall")
        #expect(image[112, 100].distance(to: Pixel(255, 255, 255)) <= 1, "and starts at 115")
        #expect(image[70, 100].distance(to: Pixel(255, 255, 255)) <= 1, "nothing where an unscaled copy would be")
    }

    @Test func copiesAreTintedByTheInstanceColour() throws {
        // A white square four times, 40 apart: copy i's colours multiplied by
        // (1, 0.5 + 0.1·i… clamped, 0.2·i, 1 − 0.25·i).
        let layers = """
            { "name": "tints", "frame": [0, 0, 200, 200],
              "replicator": { "instanceCount": 4, "instanceTransform": { "translation": [40, 0] },
                              "instanceColor": "#ff8000", "instanceGreenOffset": 0.1, "instanceBlueOffset": 0.2,
                              "instanceAlphaOffset": -0.25 },
              "sublayers": [ { "name": "square", "frame": [10, 80, 30, 30], "fill": "#ffffff" } ] }
            """
        let (result, picture) = try frame(layers)
        let image = try #require(picture, "\(result.stderr)")
        for copy in 0..<4 {
            let green = min(128.0 / 255 + 0.1 * Double(copy), 1)
            let blue = min(0.2 * Double(copy), 1)
            let tint = Pixel(255, Int((green * 255).rounded()), Int((blue * 255).rounded()))
            let expected = over(tint, alpha: 1 - 0.25 * Double(copy))
            let seen = image[25 + 40 * copy, 95]
            #expect(seen.distance(to: expected) <= 3, "copy \(copy): \(seen), not \(expected)")
        }
    }

    @Test func eachCopyShowsTheAnimationLaterByTheDelay() throws {
        // A 10×10 square moving down 100 px in a second, linearly, from y = 0; four copies 40 apart,
        // each 0.2 s later: at t, copy i's top is at 100 · (t − 0.2·i), held at 0 before it starts.
        let layers = """
            { "name": "wave", "frame": [0, 0, 200, 200],
              "replicator": { "instanceCount": 4, "instanceTransform": { "translation": [40, 0] }, "instanceDelay": 0.2 },
              "sublayers": [ { "name": "square", "frame": [20, 0, 10, 10], "fill": "#000000" } ] }
            """
        let steps = """
            { "animate": "position", "target": "square", "from": [25, 5], "to": [25, 105], "duration": 1,
              "timing": "linear" }
            """
        for t in [0.3, 0.7] {
            let (result, picture) = try frame(layers, steps: steps, at: t)
            let image = try #require(picture, "\(result.stderr)")
            for copy in 0..<4 {
                let top = 100 * max(t - 0.2 * Double(copy), 0)
                let x = 25 + 40 * copy
                #expect(
                    image[x, Int(top) + 5].distance(to: Pixel(0, 0, 0)) <= 2,
                    "t \(t), copy \(copy): the square's middle at y \(top + 5)")
                #expect(
                    image[x, Int(top) + 13].distance(to: Pixel(255, 255, 255)) <= 2,
                    "t \(t), copy \(copy): nothing below the square")
            }
        }
    }

    @Test func mistakesAreNamed() throws {
        let cases: [(String, String)] = [
            (
                #"{ "name": "alone", "replicator": { "instanceCount": 3 } }"#,
                "a replicator draws copies of the layer's sublayers; this layer has none"
            ),
            (
                #"{ "name": "none", "replicator": { "instanceCount": 0 }, "sublayers": [ { "name": "a" } ] }"#,
                "instanceCount"
            ),
            (
                #"{ "name": "many", "replicator": { "instanceCount": 3, "instanceAlphaOffset": -2 }, "sublayers": [ { "name": "a" } ] }"#,
                "instanceAlphaOffset"
            ),
            (
                #"{ "name": "early", "replicator": { "instanceCount": 3, "instanceDelay": -0.1 }, "sublayers": [ { "name": "a" } ] }"#,
                "instanceDelay"
            ),
        ]
        for (layer, message) in cases {
            let (result, _) = try frame(layer)
            #expect(result.status != 0, "\(layer) is refused")
            #expect(result.stderr.contains(message), "\(layer): \(result.stderr)")
        }
    }
}
