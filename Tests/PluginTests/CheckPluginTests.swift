import CommandTestSupport
import Foundation
import Testing

/// `pipeline check-plugin FILE.so` calls everything a plugin registers in child processes and
/// reports each problem with the call that shows it: the in-repo plugins pass, a flawed plugin is
/// named in text and in JSON, a hanging call is killed and the rest still checked, and a file that
/// is not a plugin cannot be checked (status 2). The one-flaw plugins of the bad-input corpus
/// (`check-plugin-*`) cover state kept between calls, NaN at the end, a crash and a slow call.
@Suite struct CheckPluginTests {
    static let inRepoPlugins: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CLI.builtinPlugins)) ?? []
        return names.filter { $0.hasSuffix(".so") }.sorted()
    }()

    @Test func everyInRepoPluginIsBuilt() {
        #expect(Self.inRepoPlugins.count >= 11, "\(CLI.builtinPlugins) holds \(Self.inRepoPlugins)")
    }

    @Test(arguments: inRepoPlugins) func anInRepoPluginHasNoProblems(_ name: String) throws {
        // No call ran out of its time limit either: that would be a problem reported. (How long
        // the whole check takes depends on the machine and its load, so it is not asserted.)
        let file = CLI.builtinPlugins + "/" + name
        let result = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, file])
        #expect(result.status == 0, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        #expect(result.stdout.contains("\(file): no problems in "), "stdout:\n\(result.stdout)")
    }

    @Test func theJSONReportNamesTheFlaggedCall() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("half-nan.so")
        let body = """
            double zero = args->progress - args->progress;
                target->opacity = args->progress == 0.5 ? zero / zero : 1;
                return true;
            """
        try PluginFixtures.compile(PluginFixtures.animator("half-nan", apply: body), to: plugin)

        let result = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, plugin.path, "--json"])
        #expect(result.status == 1, "stderr:\n\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(report["status"] as? Int == 1)
        #expect(report["file"] as? String == plugin.path)
        #expect((report["plugin"] as? [String: Any])?["id"] as? String == "org.example.fixture")
        #expect((report["animators"] as? [[String: Any]])?.map { $0["name"] as? String } == ["half-nan"])
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.count == 1, "\(problems)")
        let problem = try #require(problems.first)
        #expect(problem["kind"] as? String == "invalid-value")
        #expect(problem["message"] as? String == "wrote opacity = nan")
        #expect(problem["occurrences"] as? Int == 1)
        let subject = try #require(problem["subject"] as? [String: Any])
        #expect(subject["kind"] as? String == "animator" && subject["name"] as? String == "half-nan")
        let call = try #require(problem["call"] as? [String: Any])
        #expect(call["function"] as? String == "apply")
        #expect(call["progress"] as? Double == 0.5)
        #expect(call["variant"] as? String == "defaults")
        #expect(call["description"] as? String == "apply at progress 0.5 with defaults")
    }

    @Test func aHangingCallIsKilledAndTheRestIsStillChecked() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("stuck.so")
        let body = """
            while (args->progress == 0.5) {}
                target->opacity = args->progress == 1 ? 2 : 1;
                return true;
            """
        try PluginFixtures.compile(PluginFixtures.animator("stuck", apply: body), to: plugin)

        let started = ContinuousClock.now
        let result = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, plugin.path, "--timeout", "1.2"])
        #expect(ContinuousClock.now - started < .seconds(10) * CLI.timeAllowance)
        #expect(result.status == 1, "stderr:\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The hang is found in the first process; the opacity at progress 1, after it in the
        // plan, only in the fresh one that skips the hanging call.
        #expect(lines.contains(#"animator "stuck": apply at progress 0.5 with defaults: did not return within 1.2 s"#))
        #expect(lines.contains(#"animator "stuck": apply at progress 1 with defaults: wrote opacity = 2.0"#))
        // Past a second, what the check is doing goes to standard error.
        #expect(
            result.stderr.contains(
                #"check-plugin: animator "stuck": apply at progress 0.5 with defaults did not return within 1.2 s; "#
                    + "going on in a fresh process\n"), "stderr:\n\(result.stderr)")
    }

    @Test func aNameThePipelineAlreadyHasIsReported() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("my-fade.so")
        try FileManager.default.copyItem(atPath: CLI.builtinPlugins + "/fade.so", toPath: copy.path)

        let result = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, copy.path])
        #expect(result.status == 1, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        let builtin = URL(fileURLWithPath: CLI.builtinPlugins + "/fade.so").resolvingSymlinksInPath().path
        #expect(
            result.stdout.contains(
                #"animator "fade": "# + builtin + " registers the same name: a pipeline that loads both refuses it"),
            "stdout:\n\(result.stdout)")
    }

    /// A library that is a plugin but cannot be used: its init fails, or it was built for another ABI major.
    @Test(arguments: [
        (
            "ANIM_EXPORT const anim_entry_t ANIM_ENTRY = { ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "
                + "\"org.example.refuses\", \"1\", \"\", refuse, NULL };",
            "cannot be checked: init returned false"
        ),
        (
            "ANIM_EXPORT const anim_entry_t anim_entry_v2 = { 2, 0, sizeof(anim_entry_t), 0, "
                + "\"org.example.future\", \"1\", \"\", refuse, NULL };",
            "cannot be checked: built for animator ABI 2"
        ),
    ])
    func aPluginThatCannotBeLoadedCannotBeChecked(entry: String, message: String) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("unusable.so")
        let source = """
            #include "animator.h"
            static bool refuse(const anim_host_t *host) { (void)host; return false; }
            \(entry)
            """
        try PluginFixtures.compile(source, to: plugin)

        let result = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, plugin.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: \(plugin.path): \(message)"), "stderr:\n\(result.stderr)")
    }

    @Test func helpSaysWhatIsCheckedAndWhatTheStatusMeans() throws {
        let result = try CLI.run(["check-plugin", "--help"])
        #expect(result.status == 0)
        let text = result.stdout.replacingOccurrences(of: "\n", with: " ")
        for fragment in [
            "at progress -0.1, 0, 0.25, 0.5, 0.75, 1", "Exit status: 0 no problems, 1 problems found",
            "2 the file cannot be checked", "pipeline check-plugin plugins/wobble.so --json",
        ] {
            #expect(text.contains(fragment), "missing \(fragment) in:\n\(result.stdout)")
        }
    }

    @Test func aFileThatIsNotAPluginCannotBeChecked() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try PluginFixtures.write("not a library\n", to: "notes.so", in: folder)

        let result = try CLI.run(["check-plugin", text.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: \(text.path): cannot be checked: not a loadable shared library"))
        #expect(result.stdout.isEmpty)

        let json = try CLI.run(["check-plugin", text.path, "--json"])
        #expect(json.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(report["status"] as? Int == 2)
        #expect((report["error"] as? String)?.hasPrefix("not a loadable shared library") == true)

        let missing = try CLI.run(["check-plugin", folder.appendingPathComponent("missing.so").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing.so: cannot be checked: no such file"))
    }
}
