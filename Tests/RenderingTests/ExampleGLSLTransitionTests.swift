import CommandTestSupport
import Foundation
import Testing

/// The GLSL transitions of `examples/transitions/`, installed with the built-in plugins, in their
/// gallery examples: each starts on the home screen, ends on the compose screen, and in between
/// shows something of both.
@Suite final class ExampleGLSLTransitionTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    static let transitions: [(name: String, duration: Double)] = [
        ("blinds", 0.8), ("ring-ripple", 1), ("strip-drop", 1), ("mask-wipe", 1), ("chroma-push", 0.8),
        ("split-doors", 0.8),
    ]

    @Test(arguments: transitions.map(\.name))
    func itGoesFromTheHomeScreenToTheComposeScreen(_ name: String) throws {
        let duration = try #require(Self.transitions.first { $0.name == name }).duration
        let (home, compose) = (try examples.asset("home"), try examples.asset("compose"))
        let start = try examples.still("glsl-\(name)", at: 0)
        let end = try examples.still("glsl-\(name)", at: duration)
        let middle = try examples.still("glsl-\(name)", at: duration / 2)
        #expect(start.differences(from: home, tolerance: 1).count == 0, "\(name) at 0")
        #expect(end.differences(from: compose, tolerance: 1).count == 0, "\(name) at the end")
        let pixels = ExampleFolder.width * ExampleFolder.height
        let (fromHome, fromCompose) = (
            middle.differences(from: home, tolerance: 8).count, middle.differences(from: compose, tolerance: 8).count
        )
        #expect(fromHome > pixels / 10 && fromCompose > pixels / 10, "\(name) half-way: \(fromHome), \(fromCompose)")
    }

    /// `mask-wipe` follows its image: the spiral's darkest pixels (the start of each turn) turn
    /// first, so an inverted mask shows other pixels of the compose screen half-way.
    @Test func theMaskImageDecidesWhereTheComposeScreenShowsFirst() throws {
        let plain = try examples.still("glsl-mask-wipe", at: 0.5)
        let json = try String(contentsOf: examples.folder.appendingPathComponent("examples/glsl-mask-wipe.json"))
        let inverted = json.replacingOccurrences(of: "\"softness\": 0.15", with: "\"softness\": 0.15, \"invert\": true")
        try #require(inverted != json)
        try inverted.write(
            to: examples.folder.appendingPathComponent("examples/glsl-mask-wipe-inverted.json"), atomically: true,
            encoding: .utf8)
        let flipped = try examples.still("glsl-mask-wipe-inverted", at: 0.5)
        let pixels = ExampleFolder.width * ExampleFolder.height
        #expect(plain.differences(from: flipped, tolerance: 8).count > pixels / 4)
    }
}

/// The same six files, copied into a test plugin folder, match a plain EGL rendering of them
/// frame by frame, once at their defaults and once with every parameter set.
@Suite(.serialized) struct OwnGLSLTransitionReferenceTests {
    /// Per transition: the step's `params` and the same values as the reference takes them.
    static let settings: [(name: String, params: String, uniforms: [String])] = [
        ("blinds", "{}", ["count=int:10", "smoothness=float:0.1"]),
        ("blinds", #"{ "count": 4, "smoothness": 0.3 }"#, ["count=int:4", "smoothness=float:0.3"]),
        ("ring-ripple", "{}", ["center=vec:0.5,0.5", "amplitude=float:0.02", "waves=float:60"]),
        (
            "ring-ripple", #"{ "center": [0.9, 0.1], "amplitude": 0.05, "waves": 20 }"#,
            ["center=vec:0.9,0.1", "amplitude=float:0.05", "waves=float:20"]
        ),
        ("strip-drop", "{}", ["strips=int:12", "spread=float:0.5"]),
        ("strip-drop", #"{ "strips": 5, "spread": 0.8 }"#, ["strips=int:5", "spread=float:0.8"]),
        ("mask-wipe", #"{ "mask": "spiral.png" }"#, ["softness=float:0.1", "invert=int:0"]),
        (
            "mask-wipe", #"{ "mask": "spiral.png", "softness": 0.3, "invert": true }"#,
            ["softness=float:0.3", "invert=int:1"]
        ),
        ("chroma-push", "{}", ["direction=vec:1,0", "split=float:0.03"]),
        (
            "chroma-push", #"{ "direction": [0, -1], "split": 0.08 }"#,
            ["direction=vec:0,-1", "split=float:0.08"]
        ),
        ("split-doors", "{}", ["vertical=int:0", "depth=float:0.3", "shade=vec:0,0,0"]),
        (
            "split-doors", #"{ "vertical": true, "depth": 0.6, "shade": [0.2, 0.1, 0.4] }"#,
            ["vertical=int:1", "depth=float:0.6", "shade=vec:0.2,0.1,0.4"]
        ),
    ]

    @Test(arguments: settings.indices)
    func itMatchesAPlainEGLRendering(_ index: Int) throws {
        let (name, params, uniforms) = Self.settings[index]
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        let source = CLI.repositoryRoot.appendingPathComponent("examples/transitions")
        try fixture.transition(name, try String(contentsOf: source.appendingPathComponent("\(name).glsl")))
        var references = uniforms
        if name == "mask-wipe" {
            let spiral = source.appendingPathComponent("spiral.png")
            try FileManager.default.copyItem(at: spiral, to: fixture.folder.appendingPathComponent("spiral.png"))
            let image = try RGBAImage.read(spiral)
            references.append("mask=image:\(try fixture.raw(image, "spiral.rgba")):\(image.width):\(image.height)")
        }
        try fixture.compare(name, params: params, uniforms: references)
    }
}
