import Foundation
import Testing

/// Plugins and pipeline files written into a test's temporary folder, built the way an outside
/// author builds them: `cc` against the header alone.
public enum PluginFixtures {
    public struct ToolFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `source` beside `library` (same name, `.c`) and compiles it into `library`, against
    /// the `animator.h` in `header` (the current one unless said otherwise).
    public static func compile(_ source: String, to library: URL, header: String = CLI.header) throws {
        try FileManager.default.createDirectory(
            at: library.deletingLastPathComponent(), withIntermediateDirectories: true)
        let sourceFile = library.deletingPathExtension().appendingPathExtension("c")
        try source.write(to: sourceFile, atomically: true, encoding: .utf8)
        let result = try CLI.runProgram(
            "/usr/bin/env",
            [
                "cc", "-std=c99", "-shared", "-fPIC", "-I", header,
                sourceFile.path, "-o", library.path, "-lm",
            ])
        guard result.status == 0 else { throw ToolFailure(description: "cc failed: \(result.stderr)") }
    }

    /// A plugin with one parameterless animator `name` whose `apply` runs `body`.
    public static func animator(
        _ name: String, pluginID: String = "org.example.fixture", apply body: String = "return true;"
    )
        -> String
    {
        """
        #include "animator.h"
        #include <stdio.h>

        static bool fixture_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
            (void)args, (void)target, (void)error, (void)error_size;
            \(body)
        }

        static const anim_animator_desc_t fixture_desc = {
            .struct_size = sizeof(anim_animator_desc_t), .name = "\(name)", .version = "1.0.0",
            .doc = "A test fixture", .apply = fixture_apply,
        };

        static bool fixture_init(const anim_host_t *host) { return host->register_animator(host, &fixture_desc); }

        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "\(pluginID)", "1.0.0", "A test fixture",
            fixture_init, NULL,
        };
        """
    }

    /// A 64×64, 10 fps, 0.5 s pipeline: one red square, one step of `animator` (fade by default).
    public static func pipeline(
        animator: String = "fade", params: String = #"{ "to": 0.5 }"#, step extra: String = "",
        top: String = "", layer: String = ##""fill": "#ff0000""##
    ) -> String {
        """
        {
          "version": 1,\(top)
          "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 0.5, "background": "#000000" },
          "layers": [
            { "name": "box", \(layer), "frame": [8, 8, 16, 16] }
          ],
          "timeline": [
            { "animator": "\(animator)", "target": "box", "start": 0, "duration": 0.5, "params": \(params)\(extra) }
          ],
          "output": { "dir": "out", "formats": ["png"] }
        }
        """
    }

    /// Writes `text` to `folder/name` and returns its URL.
    @discardableResult
    public static func write(_ text: String, to name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Lines of `text` that mention `needle`.
    public static func lines(_ text: String, mentioning needle: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(needle) }
    }
}
