import CommandTestSupport
import Foundation
import Testing

/// A transition file that does not compile: the scan says so once, at its line and column with
/// the lines there, and skips it, so it is no mixer; `plugins` shows why, a pipeline naming it
/// fails with the reason, and `check-plugin` reports it as one problem.
@Suite(.serialized) struct GLSLCompileErrorTests {
    /// Mesa names the token after the missing `;`: line 5's `return`, not line 4.
    static let missingSemicolon = """
        // Description: mixes with a missing semicolon
        uniform float amount; // = 0.5
        vec4 transition(vec2 uv) {
          vec4 a = getFromColor(uv)
          return mix(a, getToColor(uv), progress * amount);
        }
        """
    static let semicolonMessage = """
        plugins/Semi.glsl: does not compile at 5:3: syntax error, unexpected RETURN, expecting ',' or ';'
          4 |   vec4 a = getFromColor(uv)
          5 |   return mix(a, getToColor(uv), progress * amount);
            |   ^
        """
    static let undeclared = """
        vec4 transition(vec2 uv) {
        \treturn mix(getFromColor(uv), getToColor(uv), nothing);
        }
        """
    /// The caret keeps the line's tab, so it stands under `nothing` however tabs are shown.
    static let undeclaredMessage = """
        plugins/Undeclared.glsl: does not compile at 2:47: `nothing' undeclared
          1 | vec4 transition(vec2 uv) {
          2 | \treturn mix(getFromColor(uv), getToColor(uv), nothing);
            | \t                                             ^
        """
    static let good = "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }\n"

    private func fixture() throws -> GLSLFixture {
        let fixture = try GLSLFixture()
        try fixture.transition("Semi", Self.missingSemicolon)
        try fixture.transition("Undeclared", Self.undeclared)
        try fixture.transition("Good", Self.good)
        return fixture
    }

    private func occurrences(of part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    @Test func aRenderSaysOnceThatEachFileDoesNotCompileWithItsLines() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try fixture.pipeline("good.json", mixer: "Good")
        let (run, frames) = try fixture.render("good.json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(frames.count == 10)
        #expect(
            occurrences(of: "warning: skipped plugin " + Self.semicolonMessage + "\n", in: run.stderr) == 1,
            "\(run.stderr)")
        #expect(
            occurrences(of: "warning: skipped plugin " + Self.undeclaredMessage + "\n", in: run.stderr) == 1,
            "\(run.stderr)")
        #expect(occurrences(of: "does not compile", in: run.stderr) == 2, "\(run.stderr)")
    }

    @Test func pluginsListsTheFilesAmongTheSkippedWithWhyAndNotAmongTheMixers() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let text = try CLI.run(
            ["plugins", "--plugins", "plugins"], in: fixture.folder, environment: fixture.environment)
        #expect(text.status == 0, "\(text.stderr)")
        let skipped = try #require(text.stdout.range(of: "\nskipped plugin files\n"), "\(text.stdout)")
        // Under its file's line, each of the reason's lines is indented.
        let indented = { (message: String) in
            "  " + message.replacingOccurrences(of: "\n", with: "\n  ") + "\n"
        }
        let listed = String(text.stdout[skipped.upperBound...])
        #expect(listed.contains(indented(Self.semicolonMessage)), "\(listed)")
        #expect(listed.contains(indented(Self.undeclaredMessage)), "\(listed)")
        let mixers = String(text.stdout[..<skipped.lowerBound])
        #expect(mixers.contains("\n  Good — a GLSL transition\n"), "\(mixers)")
        #expect(!mixers.contains("Semi") && !mixers.contains("Undeclared"), "\(mixers)")

        let json = try CLI.run(
            ["plugins", "--json", "--plugins", "plugins"], in: fixture.folder, environment: fixture.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let names = (object["mixers"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("Good") && !names.contains("Semi") && !names.contains("Undeclared"), "\(names)")
        let broken = try #require(object["broken"] as? [[String: Any]], "\(json.stdout)")
        let semi = try #require(broken.first { $0["file"] as? String == "plugins/Semi.glsl" }, "\(json.stdout)")
        #expect((semi["reason"] as? String)?.hasPrefix("does not compile at 5:3: syntax error") == true, "\(semi)")

        let strict = try CLI.run(
            ["plugins", "--strict", "--plugins", "plugins"], in: fixture.folder, environment: fixture.environment)
        #expect(strict.status == 1)
    }

    @Test func aPipelineNamingAFileThatDoesNotCompileFailsWithWhereAndWhy() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try fixture.pipeline("semi.json", mixer: "Semi")
        let validate = try CLI.run(
            ["validate", "semi.json", "--plugins", "plugins"], in: fixture.folder, environment: fixture.environment)
        #expect(validate.status == 1, "\(validate.stderr)")
        #expect(
            validate.stderr.contains(
                "error: semi.json:8:28: timeline[0].mixer: mixer \"Semi\" comes from a plugin that was skipped: plugins/Semi.glsl: "
                    + "does not compile at 5:3: syntax error, unexpected RETURN, expecting ',' or ';'\n"),
            "\(validate.stderr)")
        let (run, frames) = try fixture.render("semi.json")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(frames.isEmpty)
    }

    @Test func knownMixersInAnUnknownMixerErrorLeaveTheFilesOut() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try fixture.pipeline("unknown.json", mixer: "Nope")
        let run = try CLI.run(
            ["validate", "unknown.json", "--plugins", "plugins"], in: fixture.folder, environment: fixture.environment)
        #expect(run.status == 1, "\(run.stderr)")
        let line = try #require(
            run.stderr.split(separator: "\n").first { $0.contains("unknown mixer \"Nope\"; known mixers: ") },
            "\(run.stderr)")
        let known = line.components(separatedBy: "known mixers: ")[1].components(separatedBy: ", ")
        #expect(known.contains("Good") && known.contains("cross-dissolve"), "\(line)")
        #expect(!known.contains("Semi") && !known.contains("Undeclared"), "\(line)")
    }

    /// The scan's verdict is kept until the file changes: fixed, it is a mixer again.
    @Test func aFixedFileIsAMixerAgain() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try fixture.pipeline("semi.json", mixer: "Semi")
        let broken = try CLI.run(
            ["validate", "semi.json", "--plugins", "plugins"], in: fixture.folder, environment: fixture.environment)
        #expect(broken.status == 1, "\(broken.stderr)")
        try fixture.transition("Semi", Self.missingSemicolon.replacingOccurrences(of: "(uv)\n", with: "(uv);\n"))
        let fixed = try CLI.run(
            ["validate", "semi.json", "--plugins", "plugins"], in: fixture.folder, environment: fixture.environment)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(!fixed.stderr.contains("Semi.glsl"), "\(fixed.stderr)")
    }

    @Test func checkPluginReportsTheCompileErrorOnceAndCallsNothing() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let text = try CLI.run(
            ["check-plugin", "--budget-ms", CLI.unhurriedBudget, "plugins/Semi.glsl"], in: fixture.folder,
            environment: fixture.environment)
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        #expect(
            text.stdout.contains(
                """
                mixer "Semi": plugins/Semi.glsl:5:3: syntax error, unexpected RETURN, expecting ',' or ';'
                  4 |   vec4 a = getFromColor(uv)
                  5 |   return mix(a, getToColor(uv), progress * amount);
                    |   ^
                plugins/Semi.glsl: 1 problem in 0 calls over 3 passes

                """), "\(text.stdout)")
        #expect(occurrences(of: "syntax error", in: text.stdout) == 1, "\(text.stdout)")

        let json = try CLI.run(
            ["check-plugin", "--budget-ms", CLI.unhurriedBudget, "plugins/Undeclared.glsl", "--json"],
            in: fixture.folder, environment: fixture.environment)
        #expect(json.status == 1, "\(json.stdout)\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.count == 1 && report["calls"] as? Int == 0, "\(json.stdout)")
        #expect(problems.first?["kind"] as? String == "does-not-compile")
        #expect(problems.first?["occurrences"] as? Int == 1)
        #expect(
            (problems.first?["message"] as? String)?.hasPrefix("plugins/Undeclared.glsl:2:47: `nothing' undeclared\n")
                == true, "\(json.stdout)")
    }
}
