import CommandTestSupport
import Foundation
import Testing

/// The plugin guide's (docs/PLUGINS.md) "write your own animator in C" section works as printed: its C block compiles
/// against the header alone with the guide's cc line (and -Werror), loads, and animates a layer. So does
/// "write your own effect"'s, loaded by `EffectHarness` as a 1.2 host would.
@Suite struct ReadmePluginTests {
    /// The first C block of the plugin guide after `heading` (by default, the first of all).
    static func readmePlugin(after heading: String? = nil) throws -> String {
        let readme = try String(
            contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/PLUGINS.md"), encoding: .utf8)
        let from = try heading.map { try #require(readme.range(of: $0)).upperBound } ?? readme.startIndex
        let start = try #require(readme.range(of: "```c\n", range: from..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    @Test func theReadmeEffectBuildsWithTheReadmesCommandAndBlurs() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.readmePlugin(after: "## Write your own effect\n")
        #expect(source.split(separator: "\n").count <= 55, "about 40 lines of C")
        try source.write(to: folder.appendingPathComponent("box-blur.c"), atomically: true, encoding: .utf8)
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let compile = try CLI.runProgram(
            "/usr/bin/env",
            [
                "cc", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I",
                CLI.header, "box-blur.c", "-o", "plugins/box-blur.so", "-lm",
            ], in: folder)
        try #require(compile.status == 0, "cc failed: \(compile.stderr)")
        let checked = try #require(
            try EffectHarness.run(
                plugins.appendingPathComponent("box-blur.so"), radius: 3, renderScale: 2, in: folder))
        EffectHarness.expectBlur(
            checked, name: "box-blur", pluginID: "org.example.box-blur", version: "1.0.0",
            flags: 1 | 8, doc: "Blurs the layer",  // ANIM_EFFECT_NATIVE_PIXELS | ANIM_EFFECT_TRANSPARENT_EDGES
            parameter: "param radius type 1 0...20 px default 4: how far each pixel spreads")
    }

    @Test func theReadmePluginBuildsLoadsAndMovesALayer() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.readmePlugin().write(to: folder.appendingPathComponent("nudge.c"), atomically: true, encoding: .utf8)
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let compile = try CLI.runProgram(
            "/usr/bin/env",
            [
                "cc", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I",
                CLI.header, "nudge.c", "-o", "plugins/nudge.so", "-lm",
            ], in: folder)
        #expect(compile.status == 0, "cc failed: \(compile.stderr)")

        let listing = try CLI.run(["plugins", "--plugins", plugins.path])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("nudge 1.0.0 — Moves the layer by an offset"))
        #expect(listing.stdout.contains("by: point -10000...10000 px, default [0, -40]"))

        // A white square on black, nudged 20 px right: at the end its left edge is at x = 30.
        try """
        { "version": 1, "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 0.5, "background": "#000000" },
          "layers": [ { "name": "card", "frame": [10, 10, 20, 20], "fill": "#ffffff" } ],
          "timeline": [ { "animator": "nudge", "target": "card", "duration": 0.4, "params": { "by": [20, 0] } } ] }
        """.write(to: folder.appendingPathComponent("nudge.json"), atomically: true, encoding: .utf8)
        let still = try CLI.run(["frame", "nudge.json", "--at", "0.4", "-o", "end.png"], in: folder)
        #expect(still.status == 0, "\(still.stderr)")
        let pixels = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-i", "end.png", "-f", "rawvideo", "-pix_fmt", "gray", "-"],
            in: folder)
        let gray = Array(pixels.stdoutData)
        #expect(gray.count == 64 * 64)
        #expect(gray[20 * 64 + 29] < 16, "left of the moved square is background")
        #expect(gray[20 * 64 + 31] > 240, "the moved square starts at x = 30")
    }
}
