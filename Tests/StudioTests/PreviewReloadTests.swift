import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview` without a browser: its timeline JSON, a broken edit that keeps the last
/// good scene on show, a plugin rebuilt in place that is loaded again, and a crashing plugin
/// that fails its frames but not the server.
@Suite("preview reload")
struct PreviewReloadTests {
    @Test("timeline.json samples each step's progress over the render")
    func timeline() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let json = try JSONSerialization.jsonObject(with: try await server.get("timeline.json").body) as? [String: Any]
        #expect(json?["fps"] as? Double == 10 && json?["duration"] as? Double == 1 && json?["frameCount"] as? Int == 10)
        let steps = json?["steps"] as? [[String: Any]]
        #expect(steps?.first?["label"] as? String == "move-and-scale → square")
        let progress = try #require(steps?.first?["progress"] as? [Double])
        #expect(progress.count == 10 && abs(progress[5] - 0.5) < 1e-9)
        #expect(try await server.get("frame?t=later").status == 400)
    }

    @Test("timeline.json names a sublayer by its path and carries validate's warnings")
    func treeAndWarnings() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = """
            { "version": 1, "canvas": { "width": 40, "height": 40, "fps": 10, "duration": 1 },
              "layers": [ { "name": "card", "sublayers": [ { "name": "title", "fill": "#ffffff" } ] } ],
              "timeline": [ { "animate": "opacity", "target": "title", "from": 0, "to": 1, "start": 0.5 } ] }
            """
        let file = try PluginFixtures.write(text, to: "tree.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let json = try JSONSerialization.jsonObject(with: try await server.get("timeline.json").body) as? [String: Any]
        let steps = json?["steps"] as? [[String: Any]]
        #expect(steps?.first?["label"] as? String == "opacity → card/title")
        let warnings = json?["warnings"] as? [String]
        #expect(warnings?.count == 1)
        #expect(warnings?.first?.contains(#"layer "title" shows at opacity 1 until this step starts"#) == true)
        #expect(try await server.get("./").body.contains(Data(#"<ul id="warnings""#.utf8)), "the page lists them")
    }

    @Test("a pipeline that stops loading leaves the last good one on show, with the error")
    func brokenEdit() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let before = try await server.get("frame?t=0.5").body

        try PluginFixtures.write(#"{ "version": 1, "canvas": "#, to: "square.json", in: folder)
        let broken = try await server.waitForVersion { $0.error != nil }
        #expect(broken.version == 1)
        #expect(broken.error?.hasPrefix("\(file.path):") == true)
        let during = try await server.get("frame?t=0.5")
        #expect(during.status == 200 && during.body == before)

        try PluginFixtures.write(PreviewTests.squarePipeline(color: "#00ff00"), to: "square.json", in: folder)
        let fixed = try await server.waitForVersion { $0.version == 2 }
        #expect(fixed.version == 2 && fixed.error == nil)
        #expect(try await server.get("frame?t=0.5").body != before)
        #expect(server.stop() == 0)
    }

    @Test("a plugin curve is charted in timeline.json, called in a plugin child as frames call it")
    func pluginCurveCharted() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let params = #"{ "to": [100, 30, 20, 20] }, "timing": "back-out""#
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(params: params), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let json = try JSONSerialization.jsonObject(with: try await server.get("timeline.json").body) as? [String: Any]
        let progress = try #require((json?["steps"] as? [[String: Any]])?.first?["progress"] as? [Any])
        let values = progress.compactMap { $0 as? Double }
        #expect(values.count == 10, "every sample has a value: \(progress)")
        #expect(values.contains { $0 > 1.05 }, "back-out overshoots: \(values)")
    }

    @Test("timeline.json names each step's curve as the file does, a plugin's (run in a child) by name and arguments")
    func curvesNamed() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = """
            { "version": 1,
              "canvas": { "width": 120, "height": 80, "fps": 10, "duration": 1, "background": "#204060" },
              "layers": [ { "name": "square", "fill": "#ff0000", "frame": [0, 30, 20, 20] } ],
              "timeline": [
                { "animator": "move-and-scale", "target": "square", "duration": 1,
                  "params": { "to": [100, 30, 20, 20] }, "timing": { "curve": "back-out", "args": [1.2] } },
                { "animator": "fade", "target": "square", "duration": 1, "params": { "to": 0.5 },
                  "timing": "ease-in-out" },
                { "animator": "fade", "target": "square", "duration": 1, "params": { "to": 1 },
                  "timing": { "spring": { "dampingRatio": 0.7 } } }
              ]
            }
            """
        let file = try PluginFixtures.write(text, to: "curves.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let json = try JSONSerialization.jsonObject(with: try await server.get("timeline.json").body) as? [String: Any]
        let steps = try #require(json?["steps"] as? [[String: Any]])
        #expect(steps.map { $0["curve"] as? String } == ["back-out(1.2)", "ease-in-out", "spring, damping ratio 0.7"])
        let backOut = (steps[0]["progress"] as? [Any] ?? []).compactMap { $0 as? Double }
        #expect(backOut.count == 10 && backOut.contains { $0 > 1.02 }, "back-out(1.2) runs and overshoots: \(backOut)")
    }

    @Test("a plugin that crashes fails only the frames it crashes in; the fixed plugin renders them")
    func pluginCrashes() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins-dev")
        let library = plugins.appendingPathComponent("veil.so")
        let crashing = "if (args->time > 0.45) { volatile int *nowhere = 0; *nowhere = 1; } return true;"
        try PluginFixtures.compile(PluginFixtures.animator("veil", apply: crashing), to: library)
        let file = try PluginFixtures.write(
            PreviewTests.squarePipeline(animator: "veil", params: "{}"), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path, "--plugins", plugins.path], scratch: folder)
        defer { server.stop() }

        let crashed = try await server.get("frame?t=0.5")
        #expect(crashed.status == 500)
        let message =
            #"veil.so (id org.example.fixture): animator \"veil\" crashed with SIGSEGV at frame 5 (timeline[0])"#
        #expect(
            String(decoding: crashed.body, as: UTF8.self).contains(message),
            "\(String(decoding: crashed.body, as: UTF8.self))")
        #expect(server.stderr.contains("preview: t=0.5 s: plugin \(library.path)"), "\(server.stderr)")
        let before = try await server.get("frame?t=0.2")
        #expect(before.status == 200, "a frame before the crash renders in a new child")

        try PluginFixtures.compile(
            PluginFixtures.animator("veil", apply: "target->opacity = 0; return true;"), to: library)
        let status = try await server.waitForVersion { $0.version >= 2 }
        #expect(status.error == nil)
        let fixed = try await server.get("frame?t=0.5")
        #expect(fixed.status == 200)
        let shown = folder.appendingPathComponent("shown.png")
        try fixed.body.write(to: shown)
        #expect(PreviewTests.bounds(of: PreviewTests.red, in: try RGBAImage.read(shown)) == nil)
        #expect(server.stop() == 0)
    }

    /// `veil`, or the name given: creates fail while `marker` exists, applies crash past 0.45 s.
    static func fragileVeil(name: String = "veil", marker: URL) -> String {
        """
        #include "animator.h"
        #include <stdio.h>
        #include <unistd.h>

        static void *veil_create(const anim_create_args_t *args, char *error, uint32_t size) {
            (void)args;
            if (access("\(marker.path)", F_OK) == 0) { snprintf(error, size, "the marker is there"); return NULL; }
            return (void *)1;
        }

        static bool veil_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t size) {
            (void)target, (void)error, (void)size;
            if (args->time > 0.45) { volatile int *nowhere = 0; *nowhere = 1; }
            return true;
        }

        static const anim_animator_desc_t veil = {
            sizeof(anim_animator_desc_t), ANIM_CONCURRENCY_REENTRANT, "\(name)", "1.0.0", "Fragile", NULL, 0, 0,
            veil_create, NULL, veil_apply,
        };

        static bool veil_init(const anim_host_t *host) { return host->register_animator(host, &veil); }

        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.veil", "1.0.0", "Fragile", veil_init, NULL,
        };
        """
    }

    @Test("children that failed are let go, and a plugin changed under the last good version is not run in it")
    func failedChildrenAndChangedPlugins() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins-dev")
        let library = plugins.appendingPathComponent("veil.so")
        let marker = folder.appendingPathComponent("marker")
        try PluginFixtures.compile(Self.fragileVeil(marker: marker), to: library)
        let file = try PluginFixtures.write(
            PreviewTests.squarePipeline(animator: "veil", params: "{}"), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path, "--plugins", plugins.path], scratch: folder)
        defer { server.stop() }

        #expect(try await server.get("frame?t=0.5").status == 500)
        // Foundation may close a finished child's pipes a moment after it is reaped: counts are
        // polled, within a bound, rather than read once.
        let pipes = try await Self.steady { server.openPipes }
        try Data().write(to: marker)
        for t in ["0.1", "0.2", "0.3"] {
            let refused = try await server.get("frame?t=\(t)")
            #expect(
                refused.status == 500 && String(decoding: refused.body, as: UTF8.self).contains("the marker is there"))
        }
        #expect(
            try await Self.eventually({ server.children }, satisfies: \.isEmpty).isEmpty,
            "children whose create failed are stopped: \(server.children)")
        try FileManager.default.removeItem(at: marker)
        for t in ["0.6", "0.7", "0.8"] { #expect(try await server.get("frame?t=\(t)").status == 500) }
        #expect(
            try await Self.eventually({ server.openPipes }, satisfies: { $0 == pipes }) == pipes,
            "crashed children's pipes are closed")
        #expect(try await server.get("frame?t=0.2").status == 200)

        // The rebuilt plugin no longer has `veil`: the pipeline stays at version 1, and once the
        // running child crashes, no new one opens the changed file for it.
        try PluginFixtures.compile(Self.fragileVeil(name: "veiled", marker: marker), to: library)
        let broken = try await server.waitForVersion { $0.error != nil }
        #expect(broken.version == 1 && broken.error?.contains("veil") == true)
        #expect(try await server.get("frame?t=0.5").status == 500)
        let refused = try await server.get("frame?t=0.2")
        let error =
            ((try JSONSerialization.jsonObject(with: refused.body) as? [String: Any])?["error"]
            as? [String: Any])?["message"] as? String
        #expect(refused.status == 500)
        #expect(
            error?.hasPrefix("plugin \(library.path) (id org.example.veil) changed on disk after this render loaded it")
                == true,
            "\(error ?? String(decoding: refused.body, as: UTF8.self))")
        #expect(server.stop() == 0)
    }

    /// `read()` once it satisfies `accept`, polled every 100 ms for up to 20 s; else its last value.
    static func eventually<Value>(_ read: () -> Value, satisfies accept: (Value) -> Bool) async throws -> Value {
        let deadline = Date().addingTimeInterval(20)
        var value = read()
        while !accept(value) && Date() < deadline {
            try await Task.sleep(nanoseconds: 100_000_000)
            value = read()
        }
        return value
    }

    /// `read()` once two reads 200 ms apart agree (for up to 20 s).
    static func steady<Value: Equatable>(_ read: () -> Value) async throws -> Value {
        var previous = read()
        for _ in 0..<100 {
            try await Task.sleep(nanoseconds: 200_000_000)
            let value = read()
            if value == previous { return value }
            previous = value
        }
        return previous
    }

    @Test("a plugin rebuilt in place is loaded again")
    func pluginRebuilt() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins-dev")
        let library = plugins.appendingPathComponent("veil.so")
        try PluginFixtures.compile(PluginFixtures.animator("veil"), to: library)
        let file = try PluginFixtures.write(
            PreviewTests.squarePipeline(animator: "veil", params: "{}"), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path, "--plugins", plugins.path], scratch: folder)
        defer { server.stop() }
        let shown = folder.appendingPathComponent("shown.png")
        try await server.get("frame?t=0.5").body.write(to: shown)
        #expect(PreviewTests.bounds(of: PreviewTests.red, in: try RGBAImage.read(shown)) == [0, 30, 20, 20])

        try PluginFixtures.compile(
            PluginFixtures.animator("veil", apply: "target->opacity = 0; return true;"), to: library)
        let status = try await server.waitForVersion { $0.version == 2 }
        #expect(status.version == 2 && status.error == nil)
        try await server.get("frame?t=0.5").body.write(to: shown)
        #expect(PreviewTests.bounds(of: PreviewTests.red, in: try RGBAImage.read(shown)) == nil)
    }
}
