import CommandTestSupport
import Foundation
import Testing

/// A `.glsl` file in the gl-transitions format dropped into a plugin folder is a mixer: its
/// frames match a plain EGL rendering of the same file, oriented as the format's own renderer
/// orients them, with every kind of parameter.
@Suite(.serialized) struct GLSLTransitionTests {
    /// Every uniform type, defaults in every spelling the collection uses, `ratio`, `progress`
    /// and an output that depends on uv asymmetrically.
    static let everyType = """
        // Author: the tests
        // Description: every kind of parameter at once
        uniform bool flip; // = true
        uniform int bands; // = 3
        uniform float amount /* = 0.25 */; // the checker's share
        uniform vec2 shift; // = vec2(0.1, -0.05)
        uniform vec3 tint; // = [0.9, 0.6, 1.0]
        uniform vec4 edge; // = vec4(0.2)
        uniform ivec2 cells; // = ivec2(4, 3)
        uniform ivec3 weights; // = [1, 2, 3]
        uniform ivec4 mask; // = ivec4(1, 0, 1, 1)

        vec4 transition(vec2 uv) {
          vec2 p = flip ? vec2(1.0 - uv.x, uv.y) : uv;
          vec4 a = getFromColor(clamp(p + shift * progress, 0.0, 1.0));
          vec4 b = getToColor(uv * vec2(1.0, 0.5 + 0.5 * uv.y));
          float stripe = step(0.5, fract(uv.y * float(bands) + uv.x * ratio * 0.25));
          vec2 cell = floor(uv * vec2(cells));
          float checker = mod(cell.x + cell.y, 2.0);
          float w = float(weights.x + weights.y + weights.z) / 6.0;
          float t = smoothstep(edge.x, 1.0 - edge.y, progress + (checker - 0.5) * amount * w);
          vec4 c = mix(a, b, t);
          c.rgb *= mix(vec3(1.0), tint, stripe);
          vec4 m = vec4(mask);
          return mix(c, c * m + (1.0 - m) * vec4(uv, ratio / 2.0, 1.0), progress * (1.0 - progress));
        }
        """

    /// An image parameter warping both pictures and showing through.
    static let displaced = """
        uniform sampler2D map;
        uniform float strength; // = 0.3
        vec4 transition(vec2 uv) {
          vec2 d = (texture2D(map, uv).rg - 0.5) * strength;
          vec4 c = mix(getFromColor(uv + d * progress), getToColor(uv - d * (1.0 - progress)), progress);
          return mix(c, texture2D(map, uv), 0.3);
        }
        """

    /// uv as a colour: red grows to the right, green upwards.
    static let coordinates = """
        vec4 transition(vec2 uv) { return vec4(uv, progress, 1.0); }
        """

    static let crossfade = """
        vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }
        """

    @Test func everyParameterTypeMatchesAPlainEGLRendering() throws {
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        try fixture.transition("EveryType", Self.everyType)
        // Some set by the step, the rest at the file's defaults.
        try fixture.compare(
            "EveryType",
            params:
                #"{ "bands": 5, "shift": [0.2, 0.1], "mask": [0, 1, 1, 1], "flip": false, "tint": [1, 0.5, 0.25] }"#,
            uniforms: [
                "flip=int:0", "bands=int:5", "amount=float:0.25", "shift=vec:0.2,0.1", "tint=vec:1,0.5,0.25",
                "edge=vec:0.2,0.2,0.2,0.2", "cells=int:4,3", "weights=int:1,2,3", "mask=int:0,1,1,1",
            ])
    }

    @Test func anImageParameterMatchesAPlainEGLRendering() throws {
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        try fixture.transition("Displaced", Self.displaced)
        let map = try RGBAImage.read(fixture.folder.appendingPathComponent("map.png"))
        let raw = try fixture.raw(map, "map.rgba")
        try fixture.compare(
            "Displaced", params: #"{ "map": "map.png", "strength": 0.5 }"#,
            uniforms: ["map=image:\(raw):40:30", "strength=float:0.5"])
    }

    @Test func uvRunsFromTheBottomLeftAndRatioIsWidthOverHeight() throws {
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        try fixture.transition("Coordinates", Self.coordinates)
        try fixture.transition("Ratio", "vec4 transition(vec2 uv) { return vec4(ratio / 2.0, 0.0, 0.0, 1.0); }")
        try fixture.pipeline("uv.json", mixer: "Coordinates")
        let (run, frames) = try fixture.render("uv.json")
        #expect(run.status == 0, "\(run.stderr)")
        let first = try RGBAImage.read(frames[0])
        let (w, h) = (GLSLFixture.width, GLSLFixture.height)
        // Pixel centres: uv = ((x + 0.5) / w, 1 − (y + 0.5) / h) for row y counted from the top.
        for (x, y) in [(0, h - 1), (w - 1, 0), (0, 0), (w - 1, h - 1), (30, 20)] {
            let expected = Pixel(
                Int(((Double(x) + 0.5) / Double(w) * 255).rounded()),
                Int(((1 - (Double(y) + 0.5) / Double(h)) * 255).rounded()), 0)
            #expect(first[x, y].distance(to: expected) <= 1, "(\(x), \(y)): \(first[x, y]) for \(expected)")
        }
        try fixture.pipeline("ratio.json", mixer: "Ratio")
        let (ratioRun, ratioFrames) = try fixture.render("ratio.json", out: "ratio")
        #expect(ratioRun.status == 0, "\(ratioRun.stderr)")
        // 96 / 64 = 1.5, halved: 0.75 of 255.
        #expect(try RGBAImage.read(ratioFrames[0])[5, 5].distance(to: Pixel(191, 0, 0)) <= 1)
    }

    @Test func progressZeroShowsFromAndOneShowsTo() throws {
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        try fixture.transition("Crossfade", Self.crossfade)
        try fixture.pipeline("fade.json", mixer: "Crossfade")
        let (run, frames) = try fixture.render("fade.json")
        #expect(run.status == 0, "\(run.stderr)")
        let from = try RGBAImage.read(fixture.folder.appendingPathComponent("a.png"))
        let to = try RGBAImage.read(fixture.folder.appendingPathComponent("b.png"))
        #expect(try RGBAImage.read(frames[0]).differences(from: from, tolerance: 0).count == 0)
        #expect(try RGBAImage.read(frames[9]).differences(from: to, tolerance: 0).count == 0)
    }

    @Test func oneAndTwoThreadsWriteTheSameBytes() throws {
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        try fixture.transition("EveryType", Self.everyType)
        try fixture.pipeline("every.json", mixer: "EveryType")
        let (one, oneFrames) = try fixture.render("every.json", out: "one", arguments: ["--threads", "1"])
        let (two, twoFrames) = try fixture.render("every.json", out: "two", arguments: ["--threads", "2"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        #expect(oneFrames.count == 10)
        #expect(try oneFrames.map { try Data(contentsOf: $0) } == twoFrames.map { try Data(contentsOf: $0) })
    }

    /// A global initialized with uniforms (GLSL ES wants constants; WebGL and the collection do
    /// not) renders as the same expression written inside `transition`.
    @Test func aGlobalInitializedFromUniformsRendersAsTheExpressionInline() throws {
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        let uniforms = "uniform bool useTint; // = true\nuniform vec3 tint; // = vec3(0.2, 0.4, 0.8)\n"
        try fixture.transition(
            "Global",
            uniforms + "vec4 shade = useTint ? vec4(tint, 1.0) : vec4(1.0);\n"
                + "vec4 transition(vec2 uv) { return mix(getFromColor(uv), shade, progress); }\n")
        try fixture.transition(
            "Inline",
            uniforms + "vec4 transition(vec2 uv) {\n  vec4 shade = useTint ? vec4(tint, 1.0) : vec4(1.0);\n"
                + "  return mix(getFromColor(uv), shade, progress);\n}\n")
        var frames: [[Data]] = []
        for name in ["Global", "Inline"] {
            try fixture.pipeline("\(name).json", mixer: name)
            let (run, rendered) = try fixture.render("\(name).json", out: name)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            frames.append(try rendered.map { try Data(contentsOf: $0) })
        }
        #expect(frames[0].count == 10)
        #expect(frames[0] == frames[1])
    }

    /// Mesa's compiled shaders are kept in pipeline's cache folder, for the next run.
    @Test func compiledShadersAreKeptInTheCacheFolder() throws {
        let fixture = try GLSLFixture(ownCache: true)
        defer { fixture.remove() }
        try fixture.transition("Crossfade", Self.crossfade)
        try fixture.pipeline("fade.json", mixer: "Crossfade")
        let (run, _) = try fixture.render("fade.json")
        #expect(run.status == 0, "\(run.stderr)")
        let folder = fixture.folder.appendingPathComponent("cache/mesa-shaders").path
        let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        #expect(!files.isEmpty, "nothing in \(folder)")
    }

    /// In a child process (`--isolate`), sandboxed or not, a transition makes the same frames.
    @Test func isolatedAndSandboxedRendersWriteTheSameBytes() throws {
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        try fixture.transition("Displaced", Self.displaced)
        try fixture.pipeline("d.json", mixer: "Displaced", params: #"{ "map": "map.png" }"#)
        var frames: [[Data]] = []
        for (out, arguments) in [("in", []), ("isolated", ["--isolate"]), ("sandboxed", ["--isolate", "--sandbox"])] {
            let (run, rendered) = try fixture.render("d.json", out: out, arguments: arguments)
            #expect(run.status == 0, "\(out): \(run.stderr)")
            frames.append(try rendered.map { try Data(contentsOf: $0) })
        }
        #expect(frames[0].count == 10)
        #expect(frames[1] == frames[0])
        #expect(frames[2] == frames[0])
    }

    /// A GLSL ES 3.00 file (`texture`, its own `#version`) renders as its GLSL ES 1.00 twin.
    @Test func aGLSLES3FileRendersAsItsES1Twin() throws {
        let fixture = try GLSLFixture()
        defer { fixture.remove() }
        try fixture.transition("Displaced", Self.displaced)
        try fixture.transition(
            "Displaced3",
            "// a comment first\n#version 300 es\n"
                + Self.displaced.replacingOccurrences(of: "texture2D", with: "texture"))
        var frames: [[URL]] = []
        for name in ["Displaced", "Displaced3"] {
            try fixture.pipeline("\(name).json", mixer: name, params: #"{ "map": "map.png" }"#)
            let (run, rendered) = try fixture.render("\(name).json", out: name)
            #expect(run.status == 0, "\(run.stderr)")
            frames.append(rendered)
        }
        #expect(frames[0].count == 10)
        for (es1, es3) in zip(frames[0], frames[1]) {
            #expect(try RGBAImage.read(es1).differences(from: try RGBAImage.read(es3), tolerance: 0).count == 0)
        }
    }
}
