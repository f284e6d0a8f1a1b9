import CommandTestSupport
import Foundation
import Testing

/// Acceptance: a plugin author writes an animator in C against `animator.h` alone, compiles it
/// with `cc`, drops the `.so` into a plugins folder found by any of the three documented routes,
/// and uses it by name in a pipeline.
@Suite struct ThirdPartyPluginTests {
    enum Route: String, CaseIterable { case pluginsOption, environmentVariable, folderBesideThePipeline }

    @Test(arguments: Route.allCases) func aPluginBuiltAgainstTheHeaderRendersByName(route: Route) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The pipeline lives in project/; only the third route puts the plugin beside it.
        let pluginFolder = folder.appendingPathComponent(
            route == .folderBesideThePipeline ? "project/plugins" : "my-plugins")
        try PluginFixtures.compile(ThirdPartyPluginFixture.nudge, to: pluginFolder.appendingPathComponent("nudge.so"))
        try PluginFixtures.write(ThirdPartyPluginFixture.pipeline, to: "project/nudge.json", in: folder)

        var arguments = ["run", "project/nudge.json", "--out", "frames", "--format", "png"]
        var environment: [String: String] = [:]
        switch route {
        case .pluginsOption: arguments += ["--plugins", pluginFolder.path]
        case .environmentVariable: environment["PIPELINE_PLUGIN_PATH"] = "/nonexistent-plugins:" + pluginFolder.path
        case .folderBesideThePipeline: break
        }
        let result = try CLI.run(arguments, in: folder, environment: environment)
        #expect(!result.crashed)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")

        let frames = folder.appendingPathComponent("frames")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }
            .sorted()
        #expect(names == (0..<5).map { "frame_000\($0).png" })
        let first = try RGBAImage.read(frames.appendingPathComponent("frame_0000.png")).bytes
        let last = try RGBAImage.read(frames.appendingPathComponent("frame_0004.png")).bytes
        #expect(first.count == 64 * 64 * 4 && last.count == 64 * 64 * 4)
        guard first.count == 64 * 64 * 4, last.count == 64 * 64 * 4 else { return }
        func red(_ pixels: [UInt8], x: Int, y: Int) -> UInt8 { pixels[(y * 64 + x) * 4] }
        // At the start the square covers x 8..<24; at the end, 30 px further right, x 38..<54.
        #expect(red(first, x: 12, y: 16) == 255 && red(first, x: 45, y: 16) == 0)
        #expect(red(last, x: 12, y: 16) == 0 && red(last, x: 45, y: 16) == 255)
    }

    @Test func withoutAnyRouteTheNameIsUnknown() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.compile(
            ThirdPartyPluginFixture.nudge, to: folder.appendingPathComponent("elsewhere/nudge.so"))
        try PluginFixtures.write(ThirdPartyPluginFixture.pipeline, to: "nudge.json", in: folder)
        let result = try CLI.run(["validate", "nudge.json"], in: folder)
        #expect(!result.crashed)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"timeline[0].animator: unknown animator "nudge""#), "\(result.stderr)")
    }

    @Test func theListingShowsTheAuthorsDescriptor() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("plugins/nudge.so")
        try PluginFixtures.compile(ThirdPartyPluginFixture.nudge, to: library)
        let result = try CLI.run(["plugins", "--plugins", library.deletingLastPathComponent().path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("nudge 0.3.0 — Moves the layer right by `distance`"), "\(result.stdout)")
        #expect(
            result.stdout.contains("from \(library.path) (native plugin; org.example.nudge 0.3.0)"), "\(result.stdout)")
        #expect(result.stdout.contains("distance: number -1000...1000 px, default 10 — how far to move right"))
    }
}
