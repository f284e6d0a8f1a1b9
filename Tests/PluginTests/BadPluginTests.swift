import CommandTestSupport
import Foundation
import Testing

/// A broken plugin never takes the host down: it is skipped with a warning that names the file
/// and the reason, and pipelines that do not need it still render. A plugin that fails while
/// rendering stops the render with exit status 2 and a message naming it (values it writes
/// that cannot be drawn are ValueSubstitutionTests').
@Suite struct BadPluginTests {
    /// A temporary folder with `plugins/` inside and the small fade pipeline beside it.
    private struct Workspace {
        let folder: URL
        var plugins: URL { folder.appendingPathComponent("plugins") }
        init() throws {
            folder = try CLI.temporaryDirectory()
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("plugins"), withIntermediateDirectories: true)
            try PluginFixtures.write(PluginFixtures.pipeline(), to: "fade.json", in: folder)
        }
        func run(_ arguments: [String]) throws -> CLI.Result {
            let result = try CLI.run(arguments + ["--plugins", plugins.path], in: folder)
            #expect(!result.crashed, "\(result.stderr)")
            return result
        }
        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test(arguments: ["random bytes", "text"]) func corruptLibraryIsSkippedAndTheRunSucceeds(kind: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let junk = workspace.plugins.appendingPathComponent("junk.so")
        let bytes =
            kind == "text"
            ? Data("this is not a plugin\n".utf8) : Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try bytes.write(to: junk)

        let run = try workspace.run(["run", "fade.json", "--out", "out", "--format", "png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("warning: skipped plugin \(junk.path): not a loadable shared library"), "\(run.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(
            atPath: workspace.folder.appendingPathComponent("out").path)
        #expect(frames.filter { $0.hasSuffix(".png") }.count == 5)

        let listing = try workspace.run(["plugins"])
        #expect(listing.status == 0)
        #expect(
            listing.stdout.contains("skipped plugin files\n  \(junk.path): not a loadable shared library"),
            "\(listing.stdout)")
    }

    @Test func libraryWithoutTheEntrySymbolIsSkipped() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let library = workspace.plugins.appendingPathComponent("helper.so")
        try PluginFixtures.compile("int helper(int x) { return x + 1; }\n", to: library)
        let listing = try workspace.run(["plugins"])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("\(library.path): no anim_entry_v1 symbol"), "\(listing.stdout)")
        let validate = try workspace.run(["validate", "fade.json"])
        #expect(validate.status == 0)
        #expect(validate.stderr.contains("warning: skipped plugin \(library.path): no anim_entry_v1 symbol"))
    }

    /// The entry symbol and version fields a plugin built for another ABI would export.
    @Test(arguments: [
        ("anim_entry_v2", "2, 0", ["built for animator ABI 2", "exports anim_entry_v2", "this host speaks ABI 1"]),
        ("anim_entry_v1", "2, 0", ["built for animator ABI 2.0", "this host speaks ABI 1.2"]),
    ])
    func libraryForAnotherABIIsSkippedSayingBothVersions(symbol: String, versions: String, expected: [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let library = workspace.plugins.appendingPathComponent("future.so")
        try PluginFixtures.compile(
            """
            #include "animator.h"
            static bool future_init(const anim_host_t *host) { (void)host; return true; }
            ANIM_EXPORT const anim_entry_t \(symbol) = {
                \(versions), sizeof(anim_entry_t), 0, "org.example.future", "2.0.0", "From the future", future_init, NULL,
            };
            """, to: library)
        let listing = try workspace.run(["plugins"])
        #expect(listing.status == 0)
        let line = try #require(PluginFixtures.lines(listing.stdout, mentioning: "future.so").first)
        for text in expected { #expect(line.contains(text), "\(line)") }
    }

    @Test func nameClashNamesBothFilesAndFailsOnlyPipelinesUsingTheName() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = workspace.plugins.appendingPathComponent("wobble-a.so")
        let second = workspace.plugins.appendingPathComponent("wobble-b.so")
        try PluginFixtures.compile(PluginFixtures.animator("wobble", pluginID: "org.example.a"), to: first)
        try PluginFixtures.compile(PluginFixtures.animator("wobble", pluginID: "org.example.b"), to: second)
        let clash = #"animator "wobble" is registered by more than one plugin: \#(first.path) and \#(second.path)"#

        let listing = try workspace.run(["plugins"])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("problems\n  \(clash)"), "\(listing.stdout)")

        try PluginFixtures.write(
            PluginFixtures.pipeline(animator: "wobble", params: "{}"), to: "wobble.json", in: workspace.folder)
        let uses = try workspace.run(["run", "wobble.json", "--out", "out"])
        #expect(uses.status == 2)
        #expect(uses.stderr.contains("error: wobble.json:"), "\(uses.stderr)")
        #expect(uses.stderr.contains("timeline[0].animator: \(clash)"), "\(uses.stderr)")

        let other = try workspace.run(["run", "fade.json", "--out", "out"])
        #expect(other.status == 0, "\(other.stderr)")
    }

    @Test func failingInitGivesOneWarningWithTheLoggedReason() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try PluginFixtures.compile(
            """
            #include "animator.h"
            static bool refuser_init(const anim_host_t *host) {
                const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
                if (log) log->log(host, ANIM_LOG_ERROR, "licence file /opt/refuser/key not found");
                return false;
            }
            ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
                ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.refuser", "1.0.0", "Refuses", refuser_init, NULL,
            };
            """, to: workspace.plugins.appendingPathComponent("refuser.so"))
        let validate = try workspace.run(["validate", "fade.json"])
        #expect(validate.status == 0)
        let lines = PluginFixtures.lines(validate.stderr, mentioning: "refuser")
        #expect(lines.count == 1, "\(validate.stderr)")
        #expect(lines.first?.hasPrefix("warning: ") == true)
        #expect(
            lines.first?.contains("init returned false: licence file /opt/refuser/key not found") == true,
            "\(validate.stderr)")
    }

    @Test func whatASucceedingInitLogsIsShown() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try PluginFixtures.compile(
            """
            #include "animator.h"
            static bool grumbler_init(const anim_host_t *host) {
                const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
                if (log) log->log(host, ANIM_LOG_ERROR, "no GPU found, drawing slowly");
                return true;
            }
            ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
                ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.grumbler", "1.0.0", "Grumbles", grumbler_init, NULL,
            };
            """, to: workspace.plugins.appendingPathComponent("grumbler.so"))
        let validate = try workspace.run(["validate", "fade.json"])
        #expect(validate.status == 0)
        #expect(
            validate.stderr.contains("error: plugin grumbler.so: no GPU found, drawing slowly"), "\(validate.stderr)")
    }

    @Test func failingApplyStopsTheRenderNamingPluginAnimatorFrameAndStep() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try PluginFixtures.compile(
            PluginFixtures.animator(
                "brittle",
                apply: """
                    if (args->time < 0.15) return true;
                    snprintf(error, error_size, "cannot bend past t=%.1f", args->time);
                    return false;
                    """), to: workspace.plugins.appendingPathComponent("brittle.so"))
        try PluginFixtures.write(
            PluginFixtures.pipeline(animator: "brittle", params: "{}"), to: "brittle.json", in: workspace.folder)
        let run = try workspace.run(["run", "brittle.json", "--out", "out", "--threads", "1"])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                #"error: plugin brittle.so: animator "brittle" failed at frame 2 (timeline[0]): cannot bend past t=0.2"#
            ),
            "\(run.stderr)")

        let still = try workspace.run(["frame", "brittle.json", "--at", "0.3", "-o", "still.png"])
        #expect(still.status == 2)
        #expect(
            still.stderr.contains(#"animator "brittle" failed"#) && still.stderr.contains("cannot bend past t=0.3"),
            "\(still.stderr)")
        #expect(still.stderr.contains("failed at frame 3 "), "0.3 s at 10 fps is frame 3: \(still.stderr)")
    }
}
