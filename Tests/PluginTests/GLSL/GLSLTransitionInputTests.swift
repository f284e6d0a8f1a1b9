import CommandTestSupport
import Foundation
import Testing

/// What `plugins`, `schema`, `validate` and `check-plugin` say of GLSL transitions, and how a bad
/// one fails: exit 1 with the place, nothing written; a shader past the time limit fails its
/// step (exit 2).
@Suite(.serialized) struct GLSLTransitionInputTests {
    static let wipe = """
        // Description: wipes to the right
        // @param How soft the edge is
        uniform float softness; // = 0.1
        uniform vec2 direction; // = [1, 0]
        uniform sampler2D pattern;
        vec4 transition(vec2 uv) {
          float edge = smoothstep(progress * (1.0 + softness) - softness, progress * (1.0 + softness), dot(uv, direction));
          return mix(getToColor(uv), getFromColor(uv), edge);
        }
        """

    private func fixture(_ files: [String: String]) throws -> GLSLFixture {
        let fixture = try GLSLFixture()
        for (name, text) in files { try fixture.transition(name, text) }
        return fixture
    }

    @Test func pluginsListsATransitionWithItsOriginAndParametersAndNamesFilesThatCannotBe() throws {
        let fixture = try fixture([
            "Wipe": Self.wipe, "fade": GLSLTransitionTests.crossfade,
            "Broken": "vec4 transition(vec2 uv) {\n  return vec4(nothing);\n}\n",
            "NoTransition": "vec4 other(vec2 uv) { return vec4(1.0); }\n",
        ])
        defer { fixture.remove() }
        let builtin = ["--plugins", CLI.builtinPlugins]
        let text = try CLI.run(["plugins", "--all", "--plugins", "plugins"] + builtin, in: fixture.folder)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let title = try #require(lines.firstIndex(of: "  Wipe — wipes to the right"), "\(text.stdout)")
        #expect(lines[title + 1] == "    from plugins/Wipe.glsl (GLSL transition; Wipe)")
        #expect(lines[title + 2] == "    softness: number, default 0.1 — How soft the edge is")
        #expect(lines[title + 3] == "    direction: vec2, default [1, 0]")
        #expect(lines[title + 4] == "    pattern: image")
        #expect(text.stdout.contains("(native plugin; org.pipeline.cross-dissolve"))
        #expect(text.stdout.contains("plugins/Broken.glsl: does not compile at 2:15: `nothing' undeclared"))
        #expect(
            text.stdout.contains("plugins/NoTransition.glsl: no `vec4 transition(vec2 uv)`"), "\(text.stdout)")
        #expect(!text.stdout.contains("plugins/NoTransition.glsl: plugins/"), "\(text.stdout)")
        #expect(text.stdout.contains("\nGLSL transitions run on "), "\(text.stdout)")
        // A user's fade.glsl and the native fade mixer: the registry's rule for one name twice.
        #expect(text.stdout.contains("mixer \"fade\" is registered by more than one plugin"), "\(text.stdout)")
        let json = try CLI.run(["plugins", "--json", "--plugins", "plugins"] + builtin, in: fixture.folder)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let mixers = try #require(object["mixers"] as? [[String: Any]])
        let wipe = try #require(mixers.first { $0["name"] as? String == "Wipe" })
        #expect(wipe["origin"] as? String == "GLSL transition")
        #expect((wipe["parameters"] as? [[String: Any]])?.map { $0["type"] as? String } == ["number", "vec2", "image"])
        #expect(mixers.first { $0["name"] as? String == "cross-dissolve" }?["origin"] as? String == "native plugin")
        #expect((object["glslRenderer"] as? String)?.contains("OpenGL ES") == true, "\(json.stdout)")
    }

    @Test func schemaDescribesATransitionsParameters() throws {
        let fixture = try fixture(["Wipe": Self.wipe])
        defer { fixture.remove() }
        let run = try CLI.run(["schema", "--plugins", "plugins"], in: fixture.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let schema = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
        let text = String(
            decoding: try JSONSerialization.data(withJSONObject: schema, options: .sortedKeys), as: UTF8.self)
        #expect(text.contains(#""description":"the parameters of mixer Wipe""#), "\(run.stdout)")
        #expect(text.contains(#""description":"image: a PNG, JPEG or WebP file, relative to the pipeline file""#))
        #expect(text.contains(#""description":"How soft the edge is (number)""#))
    }

    @Test func validateCompilesAndWarnsOfAUniformWithoutADefault() throws {
        let fixture = try fixture(["Wipe": Self.wipe])
        defer { fixture.remove() }
        try fixture.pipeline("wipe.json", mixer: "Wipe")
        let run = try CLI.run(["validate", "wipe.json", "--plugins", "plugins"], in: fixture.folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "wipe.json:8:28: timeline[0].mixer: uniform \"pattern\" of plugins/Wipe.glsl has no default"),
            "\(run.stderr)")
        try fixture.pipeline("set.json", mixer: "Wipe", params: #"{ "pattern": "map.png" }"#)
        let set = try CLI.run(["validate", "set.json", "--plugins", "plugins"], in: fixture.folder)
        #expect(set.status == 0 && !set.stderr.contains("no default"), "\(set.stderr)")
    }

    /// A transition is named by its file's stem; its file name, or its name in other case, is
    /// refused with the stem suggested.
    @Test(arguments: ["CrossZoom.glsl", "crosszoom"]) func aMixerNamedOtherwiseSuggestsTheStem(written: String) throws {
        let fixture = try fixture(["CrossZoom": Self.wipe])
        defer { fixture.remove() }
        try fixture.pipeline("zoom.json", mixer: written)
        let run = try CLI.run(["validate", "zoom.json", "--plugins", "plugins"], in: fixture.folder)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                #"zoom.json:8:28: timeline[0].mixer: unknown mixer "\#(written)"; did you mean "CrossZoom"?"#),
            "\(run.stderr)")
    }

    /// Each bad input: its file, the message's fragments; every one exits 1 and writes nothing.
    static let badInputs: [(name: String, glsl: String, params: String, message: String)] = [
        (
            "compile", "uniform float x; // = 1.0\nvec4 transition(vec2 uv) {\n    return vec4(y);\n}\n", "{}",
            "timeline[0].mixer: mixer \"Bad\" comes from a plugin that was skipped: plugins/Bad.glsl: does not compile at 3:17: `y' undeclared"
        ),
        ("no-transition", "vec4 transitions(vec2 uv) { return vec4(1.0); }\n", "{}", "no `vec4 transition(vec2 uv)`"),
        (
            "type", "uniform mat2 m;\nvec4 transition(vec2 uv) { return vec4(1.0); }\n", "{}",
            "plugins/Bad.glsl:1:9: uniform \"m\" has type mat2, which a parameter cannot have"
        ),
        (
            "default", "uniform vec2 d; // = vec2(1.0, 2.0, 3.0)\nvec4 transition(vec2 uv) { return vec4(d, 0, 1); }\n",
            "{}",
            "plugins/Bad.glsl:1:17: the default of uniform \"d\", `vec2(1.0, 2.0, 3.0)`, is not a vec2: it has 3 values, not 2"
        ),
        (
            "length", "uniform vec3 c; // = vec3(0.5)\nvec4 transition(vec2 uv) { return vec4(c, 1.0); }\n",
            #"{ "c": [1, 2] }"#, "timeline[0].params.c: expected a vec3 [x, y, z], found an array of 2 numbers"
        ),
        (
            "integer", "uniform ivec2 n; // = ivec2(2)\nvec4 transition(vec2 uv) { return vec4(vec2(n), 0, 1); }\n",
            #"{ "n": [1, 2.5] }"#, "timeline[0].params.n: expected an ivec2 [i, j] of integers, found 2.5"
        ),
        (
            "image", "uniform sampler2D m;\nvec4 transition(vec2 uv) { return texture2D(m, uv); }\n",
            #"{ "m": "../outside.png" }"#, "timeline[0].params.m: image file not found"
        ),
    ]

    @Test(arguments: badInputs.map(\.name)) func aBadTransitionOrValueFailsWithItsPlace(name: String) throws {
        let input = Self.badInputs.first { $0.name == name }!
        let fixture = try fixture(["Bad": input.glsl])
        defer { fixture.remove() }
        try fixture.pipeline("bad.json", mixer: "Bad", params: input.params)
        let (run, frames) = try fixture.render("bad.json")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains(input.message), "\(run.stderr)")
        #expect(frames.isEmpty)
    }

    @Test func aShaderPastTheTimeLimitFailsItsStepAndTheRenderEnds() throws {
        let fixture = try fixture([
            "Slow": """
            vec4 transition(vec2 uv) {
              float a = uv.x;
              for (int i = 0; i < 30000; i++) { a = sin(a * 1.0001 + progress); }
              return vec4(fract(a), 0.0, 0.0, 1.0);
            }
            """
        ])
        defer { fixture.remove() }
        let text = try String(contentsOf: fixture.folder.appendingPathComponent("plugins/Slow.glsl"), encoding: .utf8)
        #expect(text.contains("30000"))
        try fixture.pipeline("slow.json", mixer: "Slow")
        // Large enough that one frame takes seconds on llvmpipe.
        let big = try String(contentsOf: fixture.folder.appendingPathComponent("slow.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"width\": 96, \"height\": 64", with: "\"width\": 960, \"height\": 640")
        try big.write(to: fixture.folder.appendingPathComponent("slow.json"), atomically: true, encoding: .utf8)
        let start = Date()
        let run = try CLI.run(
            ["run", "slow.json", "--plugins", "plugins", "--out", "out", "--threads", "2"], in: fixture.folder,
            environment: fixture.environment.merging(["PIPELINE_CALL_TIMEOUT": "1"]) { $1 })
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("plugins/Slow.glsl: the shader did not finish within 1 s"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(start) < 20 * CLI.timeAllowance, "the process did not end soon after")
        let validate = try CLI.run(
            ["validate", "slow.json", "--plugins", "plugins"], in: fixture.folder,
            environment: fixture.environment.merging(["PIPELINE_CALL_TIMEOUT": "1"]) { $1 })
        #expect(validate.status == 0, "\(validate.stderr)")
    }

    @Test func withoutAGLDriverOnlyPipelinesUsingGLSLFail() throws {
        let fixture = try fixture(["Wipe": Self.wipe])
        defer { fixture.remove() }
        try fixture.pipeline("wipe.json", mixer: "Wipe")
        try fixture.pipeline("native.json", mixer: "cross-dissolve")
        let noDriver = fixture.environment.merging(["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent"]) { $1 }
        let glsl = try CLI.run(
            ["run", "wipe.json", "--plugins", "plugins", "--out", "out"], in: fixture.folder, environment: noDriver)
        #expect(glsl.status == 1)
        #expect(
            glsl.stderr.contains("no OpenGL ES driver to run GLSL transitions")
                && glsl.stderr.contains("install Debian's libegl1, libgles2, libegl-mesa0 and libgl1-mesa-dri"),
            "\(glsl.stderr)")
        let native = try CLI.run(
            ["run", "native.json", "--plugins", "plugins", "--plugins", CLI.builtinPlugins, "--out", "native"],
            in: fixture.folder, environment: noDriver)
        #expect(native.status == 0, "\(native.stderr)")
    }

    @Test func checkPluginChecksATransitionFile() throws {
        let fixture = try fixture(["Wipe": Self.wipe, "Broken": "vec4 transition(vec2 uv) { return vec4(z); }\n"])
        defer { fixture.remove() }
        let good = try CLI.run(
            ["check-plugin", "--budget-ms", CLI.unhurriedBudget, "plugins/Wipe.glsl"], in: fixture.folder,
            environment: fixture.environment)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout.contains("plugins/Wipe.glsl: no problems"), "\(good.stdout)")
        let bad = try CLI.run(
            ["check-plugin", "--budget-ms", CLI.unhurriedBudget, "plugins/Broken.glsl"], in: fixture.folder,
            environment: fixture.environment)
        #expect(bad.status == 1, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stdout.contains("plugins/Broken.glsl:1:40: `z' undeclared"), "\(bad.stdout)")
    }

    /// Beyond compiling: progress 0 is `from`, 1 is `to`, and the shader's results are numbers
    /// (NaN shows only in its float results: as a byte it is some colour).
    @Test func checkPluginFindsWrongEndsAndNaN() throws {
        let fixture = try fixture([
            "Backwards": "vec4 transition(vec2 uv) { return mix(getToColor(uv), getFromColor(uv), progress); }\n",
            "Hole": """
            vec4 transition(vec2 uv) {
              vec4 c = mix(getFromColor(uv), getToColor(uv), progress);
              bool hole = uv.x > 0.5 && uv.y < 0.25 && progress > 0.2 && progress < 0.8;
              return hole ? vec4(sqrt(progress - 2.0)) : c;
            }

            """,
        ])
        defer { fixture.remove() }
        let backwards = try CLI.run(
            ["check-plugin", "--budget-ms", CLI.unhurriedBudget, "plugins/Backwards.glsl"], in: fixture.folder,
            environment: fixture.environment)
        #expect(backwards.status == 1, "\(backwards.stdout)\(backwards.stderr)")
        #expect(
            backwards.stdout.contains(
                #"mixer "Backwards": mix at progress 0 with defaults: gave (0, 0, 32, 128) at pixel (0, 0) where `from` is (0, 64, 255, 255): progress 0 shows only `from`"#
            ), "\(backwards.stdout)")
        #expect(backwards.stdout.contains("progress 1 shows only `to`"), "\(backwards.stdout)")
        let hole = try CLI.run(
            ["check-plugin", "--budget-ms", CLI.unhurriedBudget, "plugins/Hole.glsl", "--json"], in: fixture.folder,
            environment: fixture.environment)
        #expect(hole.status == 1, "\(hole.stdout)\(hole.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(hole.stdout.utf8)) as? [String: Any]
        let problems = try #require(report?["problems"] as? [[String: Any]])
        #expect(problems.map { $0["kind"] as? String } == ["invalid-value"], "\(hole.stdout)")
        let message = try #require(problems.first?["message"] as? String)
        // The first NaN counted from the bottom row (the shader's), named from the top left.
        #expect(message == "the shader returned NaN for red at pixel (32, 47), which no byte shows", "\(message)")
    }
}
