import Foundation
import Testing

/// A folder with `plugins/`, a pipeline using the good fixture plugin `steady` and one using
/// the built-in fade only, and its own scan cache (`PIPELINE_CACHE_DIR`).
struct PluginScanWorkspace {
    let folder: URL
    var plugins: URL { folder.appendingPathComponent("plugins") }
    var cache: URL { folder.appendingPathComponent("cache") }
    var cacheFile: URL { cache.appendingPathComponent("plugin-scan.json") }
    /// Each `init` of the counting fixture appends a line here.
    var initLog: URL { folder.appendingPathComponent("inits.log") }

    init() throws {
        folder = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try PluginFixtures.write(PluginFixtures.pipeline(), to: "fade.json", in: folder)
        try PluginFixtures.write(
            PluginFixtures.pipeline(animator: "steady", params: "{}"), to: "steady.json", in: folder)
        try PluginFixtures.compile(
            Self.countingPlugin(log: initLog.path), to: plugins.appendingPathComponent("steady.so"))
    }

    func run(_ arguments: [String], timeout: String? = nil) throws -> CLI.Result {
        var environment = ["PIPELINE_CACHE_DIR": cache.path]
        if let timeout { environment["PIPELINE_SCAN_TIMEOUT"] = timeout }
        let result = try CLI.run(arguments + ["--plugins", plugins.path], in: folder, environment: environment)
        #expect(!result.crashed, "\(result.stderr)")
        return result
    }

    /// How many times the counting plugin's `init` ran.
    var initCount: Int {
        ((try? String(contentsOf: initLog, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A plugin whose `init` runs `body` before registering one animator (`name`).
    static func plugin(_ name: String, initBody body: String) -> String {
        PluginFixtures.animator(name, pluginID: "org.example.\(name)")
            .replacingOccurrences(
                of: "static bool fixture_init(const anim_host_t *host) { return",
                with: "static bool fixture_init(const anim_host_t *host) { \(body) return"
            )
            .replacingOccurrences(of: "#include <stdio.h>", with: "#include <stdio.h>\n#include <stdlib.h>")
    }

    /// The animator "steady", which notes each `init` in `log`.
    static func countingPlugin(log: String) -> String {
        plugin(
            "steady", initBody: #"FILE *log = fopen("\#(log)", "a"); if (log) { fputs("init\n", log); fclose(log); }"#)
    }
}
