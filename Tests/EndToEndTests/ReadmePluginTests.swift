import Foundation
import Testing

/// The README's "write your own animator in C" section works as printed: its C block compiles
/// against the header alone with the README's cc line, loads, and animates a layer.
@Suite struct ReadmePluginTests {
    static func readmePlugin() throws -> String {
        let readme = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```c\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
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
                "cc", "-std=c99", "-shared", "-fPIC", "-I", CLI.header,
                "nudge.c", "-o", "plugins/nudge.so",
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
