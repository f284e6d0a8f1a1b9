import CommandTestSupport
import Foundation
import Testing

/// `"shape": {"svg": …}`: an SVG document's paths, basic shapes, groups and transforms drawn as
/// shapes, against librsvg's picture of the same file (an `svg` layer) once drawn on, and a
/// warning naming each element shapes do not draw.
@Suite final class ShapeSVGTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    static let documents = [
        // Groups inside groups, each with its transform, and a rounded rect.
        "groups": """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
          <g transform="translate(20 10)">
            <g transform="rotate(15 60 60) scale(1.1)">
              <rect x="10" y="10" width="80" height="50" rx="8" fill="#2f6fd0"/>
              <polygon points="20,90 60,130 100,90" fill="#e0a020" stroke="#202020" stroke-width="3"/>
            </g>
          </g>
        </svg>
        """,
        // Arcs of both sweeps and sizes, stroked, with round caps.
        "arcs": """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 100 100">
          <path d="M 20 50 A 30 30 0 0 1 80 50 A 30 20 0 1 1 20 50" fill="none" stroke="#c02040"
                stroke-width="6" stroke-linecap="round"/>
          <path d="m 30 80 a 10 10 0 1 0 20 0 z" fill="#208040"/>
        </svg>
        """,
        // A style attribute overriding the presentation attributes, and an ellipse.
        "styled": """
        <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
          <ellipse cx="100" cy="70" rx="70" ry="40" fill="#000000" style="fill: #8040c0; stroke: #101010; stroke-width: 4"/>
          <path d="M 30 150 C 60 110, 140 190, 170 150" fill="none" stroke="#00ff00"
                style="stroke:#f06000;stroke-width:8;stroke-linejoin:round"/>
          <circle cx="100" cy="175" r="15" fill="teal" opacity="0.5"/>
        </svg>
        """,
    ]

    private func render(_ layer: String, steps: String = "", at t: Double, name: String) throws -> (RGBAImage, String) {
        let text = """
            { "version": 1, "canvas": { "width": 200, "height": 200, "fps": 10, "duration": 1, "background": "#ffffff" },
              "layers": [\(layer)], "timeline": [\(steps)] }
            """
        try text.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["frame", "\(name).json", "--at", String(t), "-o", "\(name).png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return (try RGBAImage.read(folder.appendingPathComponent("\(name).png")), result.stderr)
    }

    @Test(arguments: ["groups", "arcs", "styled"])
    func anSVGDrawnOnAsShapesIsLibrsvgsPicture(_ name: String) throws {
        try Self.documents[name]!.write(
            to: folder.appendingPathComponent("\(name).svg"), atomically: true, encoding: .utf8)
        let (reference, _) = try render(
            #"{ "name": "r", "frame": [0, 0, 200, 200], "svg": "\#(name).svg" }"#, at: 1, name: "\(name)-rsvg")
        let drawOn = """
            { "animate": "shape.strokeEnd", "target": "s", "from": 0, "to": 1, "duration": 1, "timing": "ease-out" }
            """
        let layer = #"{ "name": "s", "frame": [0, 0, 200, 200], "shape": { "svg": "\#(name).svg", "strokeEnd": 0 } }"#
        let (drawn, stderr) = try render(layer, steps: drawOn, at: 1, name: "\(name)-shapes")
        #expect(!stderr.contains("warning"), "\(stderr)")
        #expect(drawn.psnr(against: reference) >= 35, "\(name): \(drawn.psnr(against: reference)) dB")
        let (start, _) = try render(layer, steps: drawOn, at: 0, name: "\(name)-start")
        #expect(start.psnr(against: reference) < 35, "at the start of the draw-on, the strokes are not drawn yet")
    }

    @Test func elementsShapesDoNotDrawAreWarnedOfByName() throws {
        try """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          <rect width="50" height="50"/>
          <text x="10" y="90">Hi</text>
        </svg>
        """.write(to: folder.appendingPathComponent("text.svg"), atomically: true, encoding: .utf8)
        let (_, stderr) = try render(#"{ "name": "s", "shape": { "svg": "text.svg" } }"#, at: 0, name: "text")
        #expect(stderr.contains("text.svg line 3: <text> is not drawn as a shape"), "\(stderr)")
    }

    @Test func pathDataTheShapeParserRefusesIsWarnedOfByLine() throws {
        try """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          <rect width="50" height="50"/>
          <path d="M 10 10 L 20" stroke="black"/>
        </svg>
        """.write(to: folder.appendingPathComponent("broken.svg"), atomically: true, encoding: .utf8)
        let (picture, stderr) = try render(#"{ "name": "s", "shape": { "svg": "broken.svg" } }"#, at: 0, name: "broken")
        #expect(
            stderr.contains(
                "broken.svg line 3: a shape whose path data is not drawn: a number is missing after L at offset 10"),
            "\(stderr)")
        #expect(picture[25, 25].distance(to: Pixel(0, 0, 0)) <= 2, "the other shapes are drawn")
    }
}
