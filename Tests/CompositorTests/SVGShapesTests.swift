import Compositor
import Foundation
import Testing

/// Reads `text` as the SVG file `name` in a scratch folder, the way a shape layer reads its file.
func readShapes(_ text: String, name: String = "logo.svg") throws -> SVGShapes.Document {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    var document = try SVGShapes.read(path: path)
    // The warnings name the file as given: the folder is left out to compare them.
    document.warnings = document.warnings.map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
    return document
}

func closeTo(_ left: [Double]?, _ right: [Double]?, tolerance: Double = 1e-9) -> Bool {
    guard let left, let right, left.count == right.count else { return left == nil && right == nil }
    return zip(left, right).allSatisfy { abs($0 - $1) <= tolerance }
}

/// SVG files read as shape layers read them: paths and basic shapes as path data, each with its
/// transform down from the root's viewBox, and the style SVG's inheritance gives it.
@Suite struct SVGShapesTests {
    @Test func nestedGroupsComposeTransformsAndTheStyleAttributeWins() throws {
        let document = try readShapes(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 100 50">
              <g transform="translate(10, 5)" fill="red" stroke="#00f" stroke-width="2">
                <g transform="scale(2) rotate(90)" opacity="0.5">
                  <rect x="1" y="2" width="20" height="10" rx="3" fill="yellow" style="fill: #00ff00; stroke-width: 4"/>
                </g>
                <rect x="0" y="0" width="8" height="6" ry="10"/>
              </g>
            </svg>
            """)
        #expect(document.size?.width == 200 && document.size?.height == 100)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        try #require(document.shapes.count == 2)
        let turned = document.shapes[0]
        #expect(
            turned.pathData
                == "M 4 2 H 18 A 3 3 0 0 1 21 5 V 9 A 3 3 0 0 1 18 12 H 4 A 3 3 0 0 1 1 9 V 5 A 3 3 0 0 1 4 2 Z")
        // The viewBox doubles, translate(10, 5) moves 20, 10 pixels, scale(2) rotate(90) turns.
        #expect(turned.matrix == [0, 4, -4, 0, 20, 10])
        #expect(turned.fill == [0, 1, 0, 0.5])
        #expect(turned.stroke == [0, 0, 1, 0.5])
        #expect(turned.strokeWidth == 4 && turned.miterLimit == 4 && turned.line == 4)
        #expect(turned.fillRule == .nonZero && turned.lineCap == .butt && turned.lineJoin == .miter)
        #expect(turned.dashes.isEmpty && turned.dashOffset == 0)
        // ry alone sets rx too; both are held to half the sides.
        let plain = document.shapes[1]
        #expect(
            plain.pathData
                == "M 4 0 H 4 A 4 3 0 0 1 8 3 V 3 A 4 3 0 0 1 4 6 H 4 A 4 3 0 0 1 0 3 V 3 A 4 3 0 0 1 4 0 Z")
        #expect(plain.matrix == [2, 0, 0, 2, 20, 10])
        #expect(plain.fill == [1, 0, 0, 1] && plain.stroke == [0, 0, 1, 1] && plain.strokeWidth == 2)
    }

    @Test func arcsPolygonsAndUsesKeepTheirStrokesAndColours() throws {
        let document = try readShapes(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
                 width="100" height="100" viewBox="-10 0 50 25">
              <defs>
                <circle id="dot" r="2" fill="currentColor"/>
              </defs>
              <path d="M 0 10 A 5 5 0 0 1 10 10 a 5 5 0 1 0 10 0" fill="none" stroke="black"
                    stroke-dasharray="3, 1, 2" stroke-dashoffset="1" stroke-linecap="round"
                    stroke-linejoin="bevel" stroke-miterlimit="8"/>
              <polygon points="0,0 10,0 5,8" fill-rule="evenodd" fill="rgb(255, 128, 0)" fill-opacity="50%"/>
              <g color="#336699" display="inline"><use xlink:href="#dot" x="5" y="6"/></g>
              <circle r="3" display="none"/>
            </svg>
            """, name: "arcs.svg")
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        try #require(document.shapes.count == 3)
        // 50 × 25 met in 100 × 100: scaled 2, centred down by 25, x = -10 at the left edge.
        let arcs = document.shapes[0]
        #expect(arcs.pathData == "M 0 10 A 5 5 0 0 1 10 10 a 5 5 0 1 0 10 0")
        #expect(arcs.matrix == [2, 0, 0, 2, 20, 25] && arcs.line == 7)
        #expect(arcs.fill == nil && arcs.stroke == [0, 0, 0, 1] && arcs.strokeWidth == 1)
        #expect(arcs.dashes == [3, 1, 2, 3, 1, 2] && arcs.dashOffset == 1)
        #expect(arcs.lineCap == .round && arcs.lineJoin == .bevel && arcs.miterLimit == 8)
        let polygon = document.shapes[1]
        #expect(polygon.pathData == "M 0 0 L 10 0 L 5 8 Z")
        #expect(closeTo(polygon.fill, [1, 128.0 / 255, 0, 0.5]) && polygon.fillRule == .evenOdd)
        #expect(polygon.stroke == nil)
        // The <use> moves the circle by (5, 6); currentColor is the <use>'s inherited color.
        let dot = document.shapes[2]
        #expect(dot.pathData == "M 2 0 A 2 2 0 0 1 0 2 A 2 2 0 0 1 -2 0 A 2 2 0 0 1 0 -2 A 2 2 0 0 1 2 0 Z")
        #expect(dot.matrix == [2, 0, 0, 2, 30, 37] && dot.line == 5)
        #expect(closeTo(dot.fill, [0x33 / 255.0, 0x66 / 255.0, 0x99 / 255.0, 1]))
    }

    @Test func whatIsNotDrawnAsAskedIsWarnedOncePerKind() throws {
        let document = try readShapes(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
              <style>rect { fill: red }</style>
              <linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>
              <text x="1" y="5">Hi</text>
              <text x="1" y="9">again</text>
              <image href="photo.png" width="4" height="4"/>
              <rect width="4" height="4" fill="url(#g)" filter="url(#blur)"/>
              <circle r="1em"/>
              <blink/>
              <rect width="2" height="2" style="display: none" mask="url(#m)"><title/></rect>
              <rect width="2" height="2" visibility="hidden"/>
              <path d="M0 0 H 2" transform="rotate(45)"
                    style="stroke: inherit; stroke-linejoin: arcs; paint-order: stroke"/>
            </svg>
            """)
        #expect(
            document.warnings == [
                "logo.svg line 2: <style> is not applied (CSS style sheets are not supported in shape SVGs; use "
                    + "style attributes or presentation attributes)",
                "logo.svg line 4: <text> is not drawn as a shape (text is not supported in shape SVGs)",
                "logo.svg line 6: <image> is not drawn as a shape (images are not supported in shape SVGs)",
                "logo.svg line 7: <rect> has fill url(#g), drawn with none (gradients and patterns are not "
                    + "supported as paint in shape SVGs)",
                "logo.svg line 7: <rect> has filter url(#blur), which is not applied (filters are not supported "
                    + "in shape SVGs)",
                "logo.svg line 8: <circle> has r=\"1em\" in em, a unit shape SVGs do not support; the element is "
                    + "not drawn (write it in px)",
                "logo.svg line 9: <blink> is not drawn as a shape (it is not an SVG element pipeline knows)",
                "logo.svg line 12: <path> has stroke-linejoin `arcs`, which pipeline does not read; it is ignored",
                "logo.svg line 12: <path> has paint-order `stroke`, which is not applied (paint-order is not supported "
                    + "in shape SVGs)",
            ])
        try #require(document.shapes.count == 2)
        #expect(document.shapes[0].line == 7 && document.shapes[0].fill == nil)
        let half = 0.5.squareRoot()
        #expect(closeTo(document.shapes[1].matrix, [half, half, -half, half, 0, 0]))
        #expect(document.shapes[1].lineJoin == .miter && document.shapes[1].stroke == nil)
    }

    @Test func symbolsAndNestedViewportsMapTheirViewBoxes() throws {
        let document = try readShapes(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 50 50"
                 transform="translate(5 0)">
              <symbol id="mark" viewBox="0 0 10 10"><rect width="10" height="10" fill="red"/></symbol>
              <use href="#mark" x="10" y="10" width="20" height="20"/>
              <svg x="40" y="40" width="10" height="10" viewBox="0 0 1 1" preserveAspectRatio="none">
                <rect id="twice" width="1" height="1" style="fill: transparent"/>
              </svg>
              <circle id="twice" r="1"/>
              <use href="#twice"/>
            </svg>
            """)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        #expect(document.shapes.map(\.line) == [3, 6, 8, 6])
        // The root's transform moves its viewport; the symbol's 10 × 10 fills the use's 20 × 20.
        #expect(
            document.shapes.map(\.matrix) == [
                [4, 0, 0, 4, 25, 20], [20, 0, 0, 20, 85, 80],
                [2, 0, 0, 2, 5, 0], [2, 0, 0, 2, 5, 0],
            ])
        #expect(document.shapes[0].fill == [1, 0, 0, 1] && document.shapes[1].fill == [0, 0, 0, 0])
        // An id given twice names the first element with it.
        #expect(document.shapes[3].pathData == "M 0 0 H 1 V 1 H 0 Z")
    }

    @Test func lengthsInUnitsAndPercentagesBecomePixels() throws {
        let document = try readShapes(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
              <line x1="1in" y1="10%" x2="50%" y2="72pt" stroke="teal" stroke-width="1mm"/>
              <ellipse cx="10" cy="20" rx="5" style="fill: rgba(0, 0, 255, 0.5)" opacity=".5"/>
              <polyline points="1 2, 3 4 5"/>
            </svg>
            """)
        #expect(document.size?.width == 200 && document.size?.height == 100)
        try #require(document.shapes.count == 3)
        #expect(document.shapes[0].pathData == "M 96 10 L 100 96" && document.shapes[0].matrix == [1, 0, 0, 1, 0, 0])
        #expect(closeTo(document.shapes[0].stroke, [0, 128.0 / 255, 128.0 / 255, 1]))
        #expect(abs(document.shapes[0].strokeWidth - 96 / 25.4) < 1e-12)
        // rx alone sets ry too.
        #expect(
            document.shapes[1].pathData
                == "M 15 20 A 5 5 0 0 1 10 25 A 5 5 0 0 1 5 20 A 5 5 0 0 1 10 15 A 5 5 0 0 1 15 20 Z")
        #expect(document.shapes[1].fill == [0, 0, 1, 0.25])
        #expect(document.shapes[2].pathData == "M 1 2 L 3 4")
        #expect(
            document.warnings == [
                "logo.svg line 4: <polyline> has points=\"1 2, 3 4 5\", which are not pairs of numbers; the points "
                    + "up to the first that is not are drawn"
            ])
    }
}
