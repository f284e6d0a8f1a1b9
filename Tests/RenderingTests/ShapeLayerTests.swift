import CommandTestSupport
import Foundation
import Testing

/// What shape layers and mask paths draw, checked against geometry worked out here: the end of a
/// trimmed stroke, dashes at their phase, edges as sharp at `--scale 2`, a radial gradient's
/// centre, a feathered mask's soft edge, a circle morphed into a bigger circle, and the seeds'
/// circle reveal written as a mask path against the `circle-reveal` plugin's frames.
@Suite final class ShapeLayerTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A 200×200 white canvas with `layers` and `steps`, at time `t` (and `scale`).
    private func frame(_ layers: String, steps: String = "", at t: Double = 0, scale: Double = 1) throws -> RGBAImage {
        let text = """
            { "version": 1, "canvas": { "width": 200, "height": 200, "fps": 10, "duration": 1, "background": "#ffffff" },
              "layers": [\(layers)], "timeline": [\(steps)] }
            """
        let name = "shape-\(UUID().uuidString)"
        try text.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["frame", "\(name).json", "--at", String(t), "--scale", String(scale), "-o", "\(name).png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent("\(name).png"))
    }

    private let black = Pixel(0, 0, 0)
    private let white = Pixel(255, 255, 255)

    /// Shapes are drawn through images kept between frames (a gradient fill under a trim drawing
    /// on, a still shape over a moving layer): every frame of a run is the same, to the byte, as
    /// that frame rendered alone, where nothing was kept; the kept images follow a moving layer;
    /// and a still shape is where its path says.
    @Test func keptShapeImagesChangeNoByte() throws {
        let text = """
            { "version": 1, "canvas": { "width": 200, "height": 200, "fps": 10, "duration": 0.6, "background": "#ffffff" },
              "layers": [
                { "name": "ring", "frame": [0, 0, 100, 100],
                  "shape": { "path": { "ellipse": [10, 10, 80, 80] }, "lineWidth": 6, "strokeColor": "#102040",
                             "strokeEnd": 0, "trimOffset": 30,
                             "fillGradient": { "colors": ["#ff0000", "#0000ff"], "start": [0, 0], "end": [1, 1] } } },
                { "name": "moving", "frame": [100, 0, 100, 100], "fill": "#20a060" },
                { "name": "badge", "frame": [100, 100, 100, 100],
                  "shape": { "path": "M 10 50 L 50 10 L 90 50 Z", "fillColor": "#ffcc00", "strokeColor": "#000000",
                             "lineWidth": 4, "lineJoin": "round" } }
              ],
              "timeline": [
                { "animate": "shape.strokeEnd", "target": "ring", "from": 0, "to": 1, "duration": 0.5, "timing": "linear" },
                { "animate": "position", "target": "moving", "from": [150, 50], "to": [150, 60], "duration": 0.5 },
                { "animate": "position", "target": "badge", "from": [150, 150], "to": [140, 150], "duration": 0.2,
                  "start": 0.3 }
              ] }
            """
        try text.write(to: folder.appendingPathComponent("kept.json"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["run", "kept.json", "--threads", "1", "--format", "png", "--out", "kept"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        for index in 0..<6 {
            let alone = try CLI.run(
                ["frame", "kept.json", "--at", String(Double(index) / 10), "-o", "alone-\(index).png"], in: folder)
            #expect(alone.status == 0, "\(alone.stderr)")
            let inRun = try RGBAImage.read(folder.appendingPathComponent("kept/frame_000\(index).png"))
            let single = try RGBAImage.read(folder.appendingPathComponent("alone-\(index).png"))
            #expect(inRun.bytes == single.bytes, "frame \(index) of the run is the frame rendered alone")
        }
        let last = try RGBAImage.read(folder.appendingPathComponent("kept/frame_0005.png"))
        // The badge moved 10 px left by then: its triangle's left corner stands at x = 100, its
        // yellow inside centred under its apex at x = 140.
        #expect(last[140, 145].distance(to: Pixel(255, 204, 0)) <= 2, "the badge's fill moved with it")
        #expect(last[185, 145].distance(to: white) <= 2, "nothing left where the badge was")
    }

    @Test func aStrokeIsDrawnOnAlongItsLength() throws {
        let line = """
            { "name": "line", "shape": { "path": "M 20 100 L 180 100", "strokeColor": "#000000", "lineWidth": 10,
              "strokeEnd": 0 } }
            """
        let step = """
            { "animate": "shape.strokeEnd", "target": "line", "from": 0, "to": 1, "duration": 1, "timing": "linear" }
            """
        for t in [0.25, 0.5, 0.75] {
            let image = try frame(line, steps: step, at: t)
            // A butt cap ends the stroke 160 × t along the line, at x = 20 + 160t.
            let end = 20 + 160 * t
            #expect(image[Int(end) - 2, 100].distance(to: black) <= 2, "drawn up to \(end) at \(t)")
            #expect(image[Int(end) + 2, 100].distance(to: white) <= 2, "nothing past \(end) at \(t)")
            #expect(image[20, 93].distance(to: white) <= 2 && image[22, 97].distance(to: black) <= 2)
        }
    }

    @Test func dashesSitWhereTheirPhaseSays() throws {
        for phase in [0.0, 5.0] {
            let image = try frame(
                """
                { "name": "dashes", "shape": { "path": "M 0 100 L 200 100", "strokeColor": "#000000", "lineWidth": 6,
                  "lineDashPattern": [10, 10], "lineDashPhase": \(phase) } }
                """)
            // The point s along the line is in a dash when (s + phase) mod 20 < 10.
            for s in stride(from: 2, to: 198, by: 5) where Double(s).truncatingRemainder(dividingBy: 1) == 0 {
                let into = (Double(s) + 0.5 + phase).truncatingRemainder(dividingBy: 20)
                guard abs(into - 10) > 1.5, into > 1.5, into < 18.5 else { continue }
                let expected = into < 10 ? black : white
                #expect(image[s, 100].distance(to: expected) <= 2, "x \(s) at phase \(phase)")
            }
        }
    }

    @Test func edgesAreAsSharpAtScaleTwo() throws {
        let square = """
            { "name": "square", "shape": { "path": { "rect": [50, 50, 100, 100] }, "fillColor": "#000000" } }
            """
        for scale in [1.0, 2.0] {
            let image = try frame(square, scale: scale)
            let (inside, outside) = (Int(149 * scale), Int(150 * scale))
            #expect(image[inside, 100 * Int(scale)].distance(to: black) <= 1, "the last column in at scale \(scale)")
            #expect(image[outside, 100 * Int(scale)].distance(to: white) <= 1, "the first column out at scale \(scale)")
        }
    }

    @Test func aRadialGradientIsCentredOnItsStart() throws {
        let image = try frame(
            """
            { "name": "disc", "frame": [0, 0, 200, 200], "shape": { "path": { "ellipse": [0, 0, 200, 200] },
              "fillGradient": { "type": "radial", "colors": ["#ff0000", "#0000ff"], "start": [0.5, 0.5], "end": [1, 0.5] } } }
            """)
        #expect(image[100, 100].distance(to: Pixel(255, 0, 0)) <= 3, "the first colour at the centre")
        // Half-way out along any direction, the colours are half-way.
        for (x, y) in [(150, 100), (100, 50), (65, 135)] {
            let pixel = image[x, y]
            #expect(abs(pixel.r - 128) <= 6 && abs(pixel.b - 128) <= 6, "\(pixel) at (\(x), \(y))")
        }
    }

    @Test func aFeatheredMaskFadesItsEdge() throws {
        let masked = { (feather: Int) in
            """
            { "name": "card", "fill": "#000000",
              "mask": { "shapes": [{ "shape": "path", "path": "M 50 0 H 150 V 200 H 50 Z" }], "feather": \(feather) } }
            """
        }
        let sharp = try frame(masked(0))
        let soft = try frame(masked(20))
        #expect(sharp[50, 100].distance(to: black) <= 1 && sharp[49, 100].distance(to: white) <= 1)
        // Blurred with a sigma of 10: half covered at the edge, nearly nothing 2.5 sigma out.
        #expect(abs(soft[50, 100].r - 128) <= 16, "\(soft[50, 100]) at the edge")
        #expect(soft[100, 100].distance(to: black) <= 3 && soft[22, 100].distance(to: white) <= 4)
        #expect(soft[45, 100].r > 128 && soft[45, 100].r < 250, "\(soft[45, 100]) just outside")
    }

    @Test func aCircleMorphedToABiggerCircleStaysACircle() throws {
        let image = try frame(
            """
            { "name": "c", "shape": { "path": { "ellipse": [80, 80, 40, 40] }, "fillColor": "#000000" } }
            """,
            steps: """
                { "animate": "shape.path", "target": "c", "duration": 1, "timing": "linear",
                  "to": "M 100 20 A 80 80 0 1 1 100 180 A 80 80 0 1 1 100 20 Z" }
                """, at: 0.5)
        // Half-way, the radius is 50 in every direction.
        for degrees in stride(from: 0.0, to: 360, by: 15) {
            let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
            let inside = image[Int((100 + 47 * c).rounded()), Int((100 + 47 * s).rounded())]
            let outside = image[Int((100 + 53 * c).rounded()), Int((100 + 53 * s).rounded())]
            #expect(inside.distance(to: black) <= 2 && outside.distance(to: white) <= 2, "at \(degrees)°")
        }
    }

    @Test(arguments: [0.1, 0.25, 0.4])
    func theCircleRevealAsAMaskPathMatchesThePlugin(at t: Double) throws {
        let examples = try ExampleFolder()
        defer { examples.cleanUp() }
        let path = try examples.still("mask-path-circle-reveal", at: t)
        let plugin = try examples.still("circle-push", at: t)
        var total = 0
        for (a, b) in zip(path.bytes, plugin.bytes) { total += abs(Int(a) - Int(b)) }
        let mean = Double(total) / Double(path.bytes.count)
        #expect(mean <= 1, "mean difference \(mean) levels at \(t) s")
    }
}
