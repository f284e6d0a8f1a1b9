import CAnimatorABI
import Foundation
import ShapeGeometry
import Testing

@testable import Scene

/// A layer's `shape`: its paths, their style with Core Animation's defaults, the errors a user
/// sees for bad input, and the key paths `animate` steps reach.
@Suite struct ShapeDecodingTests {
    func decode(shape: String, steps: String = "") throws(SceneError) -> Scene {
        let document =
            "{'version': 1, 'canvas': {'width': 200, 'height': 100, 'fps': 10, 'duration': 1}, "
            + "'layers': [{'name': 's', 'frame': [0, 0, 120, 80], 'shape': \(shape)}], "
            + "'timeline': [\(steps)]}"
        let json = document.replacingOccurrences(of: "'", with: "\"")
        return try SceneDecoder.decode(Array(json.utf8), file: "/tmp/shape-test.json", registry: NoPlugins())
    }

    /// What `pipeline validate` would print: each error's place, JSON path and message.
    func message(shape: String, steps: String = "") -> String? {
        do throws(SceneError) {
            _ = try decode(shape: shape, steps: steps)
            return nil
        } catch {
            return error.all.map(\.description).joined(separator: "\n")
        }
    }

    func shape(_ text: String) throws -> ShapeContent {
        try #require(try decode(shape: text).layers[0].content.shape)
    }

    @Test func aPathTakesCoreAnimationsDefaults() throws {
        let shape = try shape("{'path': 'M 0 0 L 10 0 L 10 10 Z'}")
        #expect(shape.paths.count == 1 && !shape.isList)
        let style = shape.paths[0].style
        guard case .color(let fill) = style.fill else {
            Issue.record("the fill is black by default")
            return
        }
        #expect([fill.r, fill.g, fill.b, fill.a] == [0, 0, 0, 1])
        #expect(style.stroke == nil)
        #expect(style.lineWidth == 1 && style.miterLimit == 10 && style.lineCap == .butt && style.lineJoin == .miter)
        #expect(style.strokeStart == 0 && style.strokeEnd == 1 && style.trimOffset == 0 && style.dashes.isEmpty)
        #expect(shape.paths[0].path.subpaths.count == 1 && shape.paths[0].path.subpaths[0].isClosed)
    }

    @Test func primitivesBecomePaths() throws {
        let rect = try shape("{'path': {'rect': [10, 20, 40, 30]}}").paths[0].path
        let xs = rect.subpaths.flatMap { [$0.start.x] + $0.segments.map(\.end.x) }
        let ys = rect.subpaths.flatMap { [$0.start.y] + $0.segments.map(\.end.y) }
        #expect(xs.min() == 10 && xs.max() == 50 && ys.min() == 20 && ys.max() == 50)
        #expect(abs(rect.length - 140) < 0.01)
        let ellipse = try shape("{'path': {'ellipse': [0, 0, 100, 100]}}").paths[0].path
        #expect(abs(ellipse.length - 100 * Double.pi) < 0.1)
        let star = try shape("{'path': {'polystar': {'points': 5, 'outerRadius': 30, 'innerRadius': 12}}}")
        // Centred on the layer (120 × 80) by default, its first point straight up.
        let start = star.paths[0].path.subpaths[0].start
        #expect(abs(start.x - 60) < 1e-9 && abs(start.y - 10) < 1e-9)
    }

    @Test func severalPathsEachHaveTheirOwnStyle() throws {
        let shape = try shape(
            "{'paths': [{'path': 'M 0 0 H 10', 'strokeColor': '#ff0000', 'lineWidth': 4}, "
                + "{'path': 'M 0 5 H 10', 'fillColor': '#00000000'}], 'trim': 'individually'}")
        #expect(shape.isList && shape.trim == .individually && shape.paths.count == 2)
        #expect(shape.paths[0].style.lineWidth == 4 && shape.paths[1].style.lineWidth == 1)
        guard case .color(let red) = shape.paths[0].style.stroke else {
            Issue.record("the first path is stroked red")
            return
        }
        #expect(red.r == 1 && red.g == 0)
    }

    @Test func gradientsAreLinearOrRadial() throws {
        let shape = try shape(
            "{'path': 'M 0 0 H 10 V 10 Z', 'fillGradient': {'type': 'radial', 'colors': ['#000000', '#ffffff'], "
                + "'start': [0.5, 0.5], 'end': [1, 0.5]}}")
        guard case .gradient(let gradient) = shape.paths[0].style.fill else {
            Issue.record("a gradient fill")
            return
        }
        #expect(gradient.kind == .radial && gradient.stops.map(\.location) == [0, 1])
        #expect(gradient.start.x == 0.5 && gradient.end.x == 1)
    }

    @Test func pathDataErrorsNameTheOffset() {
        #expect(
            message(shape: "{'path': 'M 10 10 L 20'}")?.hasSuffix(
                "layers[0].shape.path: path data: a number is missing after L at offset 10") == true)
        let unknown = message(shape: "{'path': 'M 1 1 X 2'}") ?? ""
        #expect(unknown.contains("X") && unknown.contains("offset 6"), "\(unknown)")
        let infinite = message(shape: "{'path': 'M 1 1 L 1e999 2'}") ?? ""
        #expect(infinite.contains("finite") || infinite.contains("number"), "\(infinite)")
    }

    @Test func badStylesSayWhatWouldBeRight() {
        #expect(
            message(shape: "{'path': 'M 0 0 H 9', 'lineDashPattern': [0, 0]}")?.contains("a dash pattern of zeros")
                == true)
        let both = message(
            shape: "{'path': 'M 0 0', 'fillColor': '#ff0000', 'fillGradient': {'colors': ['#000', '#fff']}}")
        #expect(both?.hasSuffix("give \"fillColor\" or \"fillGradient\", not both") == true)
        #expect(
            message(shape: "{'paths': [{'path': 'M 0 0'}], 'strokeColor': '#ff0000'}")?.contains(
                "move \"strokeColor\" into the paths") == true)
        #expect(message(shape: "{'fillColor': '#ff0000'}")?.contains("a shape needs \"path\"") == true)
        #expect(
            message(shape: "{'path': {'rect': [0, 0, 1, 1], 'ellipse': [0, 0, 1, 1]}}")?.contains("not both") == true)
        #expect(
            message(shape: "{'path': 'M 0 0', 'strokeEnd': 2}")?.hasSuffix(
                "layers[0].shape.strokeEnd: 2 is out of range: expected a number in 0...1") == true)
    }

    @Test func aPathTooLongIsRefusedBeforeItIsRead() {
        let long = "M 0 0" + String(repeating: " L 1 1", count: 170_000)
        let refusal = message(shape: "{'path': '\(long)'}") ?? ""
        #expect(refusal.contains("over the limit of 1000000"), "\(refusal.prefix(200))")
    }

    func animation(_ steps: String, shape: String = "{'path': 'M 0 0 H 10', 'strokeColor': '#000000'}") throws
        -> PropertyAnimation
    {
        let scene = try decode(shape: shape, steps: steps)
        guard case .property(let animation, _) = scene.steps[0].action else {
            throw SceneError(file: "", position: nil, path: nil, message: "not an animate step")
        }
        return animation
    }

    @Test func styleKeysAnimateWithTheirKinds() throws {
        let end = try animation("{'animate': 'shape.strokeEnd', 'target': 's', 'from': 0, 'to': 1, 'duration': 1}")
        #expect(end.keyPath.kind == .number && end.keyPath.range == 0...1)
        let color = try animation(
            "{'animate': 'shape.strokeColor', 'target': 's', 'to': '#ff0000', 'duration': 1}")
        #expect(color.keyPath.kind == .color)
        let dashed = "{'path': 'M 0 0 H 10', 'strokeColor': '#000000', 'lineDashPattern': [4, 2, 1]}"
        let dashes = try animation(
            "{'animate': 'shape.lineDashPattern', 'target': 's', 'to': [1, 2, 3], 'duration': 1}", shape: dashed)
        #expect(dashes.keyPath.kind == .numbers(3))
        let listed = "{'paths': [{'path': 'M 0 0 H 10'}, {'path': 'M 0 0 H 5', 'strokeColor': '#000000'}]}"
        let second = try animation(
            "{'animate': 'shape.paths.1.lineWidth', 'target': 's', 'to': 6, 'duration': 1}", shape: listed)
        guard case .shape(let keyPath) = second.keyPath else {
            Issue.record("a shape key path")
            return
        }
        #expect(keyPath.slot == ShapeSlot(path: 1, key: .lineWidth))
    }

    @Test func badShapeKeyPathsSayWhatWouldBeRight() {
        let step = { (keyPath: String, value: String) in
            "{'animate': '\(keyPath)', 'target': 's', 'to': \(value), 'duration': 1}"
        }
        let listed = "{'paths': [{'path': 'M 0 0 H 10'}]}"
        #expect(
            message(shape: listed, steps: step("shape.strokeEnd", "1"))?.contains("write shape.paths.<index>.<key>")
                == true)
        #expect(message(shape: listed, steps: step("shape.paths.3.strokeEnd", "1"))?.contains("names none") == true)
        let single = "{'path': 'M 0 0 H 10'}"
        #expect(
            message(shape: single, steps: step("shape.strokEnd", "1"))?.contains("did you mean \"strokeEnd\"") == true)
        #expect(
            message(shape: single, steps: step("shape.lineDashPattern", "[1, 2]"))?.contains(
                "give it \"lineDashPattern\"") == true)
        #expect(
            message(shape: single, steps: step("shape.fillGradient.colors", "[\"#000\", \"#fff\"]"))?.contains(
                "give it \"fillGradient\"") == true)
        #expect(
            message(shape: single, steps: step("shape.strokeEnd", "3"))?.hasSuffix(
                "timeline[0].to: 3 is out of range: expected a number in 0...1") == true)
        #expect(
            message(
                shape: single,
                steps: "{'animate': 'shape.path', 'target': 's', 'from': 'M 0 0', 'by': 'M 1 1', 'duration': 1}")?
                .contains("a path is not added to") == true)
    }

    @Test func pathsOfOneStructureMorphPointForPoint() throws {
        let circle = "{'path': {'ellipse': [0, 0, 20, 20]}}"
        let morph = try animation(
            "{'animate': 'shape.path', 'target': 's', 'to': 'M 10 -10 C 26.57 -10 40 3.43 40 20 "
                + "C 40 36.57 26.57 50 10 50 C -6.57 50 -20 36.57 -20 20 C -20 3.43 -6.57 -10 10 -10 Z', "
                + "'duration': 1}", shape: circle)
        guard case .path(let structure) = morph.keyPath.kind else {
            Issue.record("a path key path")
            return
        }
        #expect(structure == (try shape(circle)).paths[0].path.structure, "the circle's own structure is kept")
    }

    @Test func unlikePathsAreResampledToOneStructure() throws {
        let keyframes = try animation(
            "{'animate': 'shape.path', 'target': 's', 'duration': 1, 'keyframes': {'values': "
                + "['M 0 0 H 40 V 40 H 0 Z', 'M 20 0 L 40 40 L 0 40 Z', 'M 0 0 H 40']}}",
            shape: "{'path': 'M 0 0 H 40 V 40 H 0 Z'}")
        guard case .keyframes(let frames) = keyframes.values, case .path(let structure) = keyframes.keyPath.kind else {
            Issue.record("keyframes of a path")
            return
        }
        #expect(frames.values.count == 3)
        #expect(frames.values.allSatisfy { $0.count == structure.numberCount })
    }
}
