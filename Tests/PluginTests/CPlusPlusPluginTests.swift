import CommandTestSupport
import Foundation
import Testing

/// A plugin written in C++ against `animator.h`: the header's own entry examples, compiled with
/// `c++`, export the entry the host looks up and its animator renders by name.
@Suite struct CPlusPlusPluginTests {
    /// The header's comment, without its margin, from the line starting with `first` to the
    /// first line after it that ends with `last`.
    static func headerExample(from first: String, to last: String) throws -> String {
        let header = try String(
            contentsOf: URL(fileURLWithPath: CLI.header).appendingPathComponent("animator.h"), encoding: .utf8)
        let lines = header.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(" *     ") ? String($0.dropFirst(" *     ".count)) : nil }
        let start = try #require(lines.firstIndex { $0?.hasPrefix(first) == true }, "no example starting \(first)")
        let end = try #require(lines[start...].firstIndex { $0?.hasSuffix(last) == true })
        return lines[start...end].map { $0 ?? "" }.joined(separator: "\n")
    }

    /// How the header shows a plugin defining its entry: with ANIM_DEFINE_ENTRY, or written out
    /// with requirements and an extension (designated initialisers: C++20).
    enum EntryExample: String, CaseIterable {
        case macro, writtenOut

        /// The macro fills every field, so even -Wextra has nothing to say; C++ (unlike C) warns
        /// under -Wextra about members a designated initialiser leaves out.
        var flags: [String] { self == .macro ? ["-std=c++11", "-Wall", "-Wextra"] : ["-std=c++20", "-Wall"] }

        func source() throws -> String {
            switch self {
            case .macro:
                return try headerExample(from: "ANIM_DEFINE_ENTRY(", to: ");")
            case .writtenOut:
                let requirements = try headerExample(
                    from: "static const anim_requirement_t wobble_requirements[]", to: "};")
                let entry = try headerExample(from: "ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {", to: "};")
                return """
                    const void *wobble_get_extension(const char *, uint32_t) { return NULL; }
                    \(requirements)
                    \(entry)
                    """
            }
        }
    }

    /// The example names `wobble_init`: this animator moves the layer 20 px down.
    static func plugin(_ example: EntryExample) throws -> String {
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

        \(try example.source())
        """
    }

    @Test(arguments: EntryExample.allCases) func theHeadersEntryExampleCompiledAsCPlusPlusLoadsAndRenders(
        example: EntryExample
    ) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(try Self.plugin(example), to: "wobble.cpp", in: folder)
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let compile = try CLI.runProgram(
            "/usr/bin/env",
            [
                "c++"
            ] + example.flags + [
                "-Werror", "-shared", "-fPIC", "-I", CLI.header, "wobble.cpp", "-o",
                "plugins/wobble.so",
            ], in: folder)
        #expect(compile.status == 0, "c++ failed: \(compile.stderr)")
        let environment = ["PIPELINE_CACHE_DIR": CLI.sharedCache]

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
