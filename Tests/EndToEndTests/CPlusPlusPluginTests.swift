import Foundation
import Testing

/// A plugin written in C++ against `animator.h`: the header's own entry example, compiled with
/// `c++`, exports the entry the host looks up and its animator renders by name.
@Suite struct CPlusPlusPluginTests {
    /// The entry definition as the header's comment prints it, without the comment's margin.
    static func headerEntryExample() throws -> String {
        let header = try String(
            contentsOf: URL(fileURLWithPath: CLI.header).appendingPathComponent("animator.h"), encoding: .utf8)
        let start = try #require(header.range(of: " *     ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {"))
        let end = try #require(header.range(of: " *     };\n", range: start.lowerBound..<header.endIndex))
        return header[start.lowerBound..<end.upperBound].split(separator: "\n")
            .map { $0.dropFirst(" *     ".count) }.joined(separator: "\n")
    }

    /// The example names `wobble_init`: this animator moves the layer 20 px down.
    static func plugin() throws -> String {
        """
        #include "animator.h"

        namespace {
        bool wobble_apply(const anim_apply_args_t *args, anim_layer_t *target, char *, uint32_t) {
            target->translation.y += 20 * args->progress;
            return true;
        }

        anim_animator_desc_t wobble_descriptor() {
            anim_animator_desc_t desc = {};
            desc.struct_size = sizeof desc;
            desc.name = "wobble";
            desc.version = "1.0.0";
            desc.doc = "Moves the layer down";
            desc.apply = wobble_apply;
            return desc;
        }

        const anim_animator_desc_t wobble_desc = wobble_descriptor();

        bool wobble_init(const anim_host_t *host) { return host->register_animator(host, &wobble_desc); }
        }

        \(try headerEntryExample())
        """
    }

    @Test func theHeadersEntryExampleCompiledAsCPlusPlusLoadsAndRenders() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(try Self.plugin(), to: "wobble.cpp", in: folder)
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let compile = try CLI.runProgram(
            "/usr/bin/env",
            [
                "c++", "-std=c++17", "-Wall", "-Werror", "-shared", "-fPIC", "-I", CLI.header, "wobble.cpp", "-o",
                "plugins/wobble.so",
            ], in: folder)
        #expect(compile.status == 0, "c++ failed: \(compile.stderr)")
        let environment = ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path]

        let listing = try CLI.run(["plugins", "--plugins", plugins.path], environment: environment)
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("wobble 1.0.0 — Moves the layer down"), "\(listing.stdout)")

        // A white square at y = 10 on black, moved 20 px down: at the end its top edge is at y = 30.
        try PluginFixtures.write(
            """
            { "version": 1, "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 0.5, "background": "#000000" },
              "layers": [ { "name": "card", "frame": [10, 10, 20, 20], "fill": "#ffffff" } ],
              "timeline": [ { "animator": "wobble", "target": "card", "duration": 0.4 } ] }
            """, to: "wobble.json", in: folder)
        let still = try CLI.run(
            ["frame", "wobble.json", "--at", "0.4", "-o", "end.png", "--plugins", plugins.path], in: folder,
            environment: environment)
        #expect(still.status == 0, "\(still.stderr)")
        let end = try RGBAImage.read(folder.appendingPathComponent("end.png"))
        #expect(end[20, 29].distance(to: Pixel(0, 0, 0)) < 16, "above the moved square is background")
        #expect(end[20, 31].distance(to: Pixel(255, 255, 255)) < 16, "the moved square starts at y = 30")
    }
}
