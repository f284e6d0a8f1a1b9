import Foundation
import Testing

/// A folder with `plugins/`, a pipeline using the good fixture plugin `steady` and one using
/// the built-in fade only, and its own scan cache (`PIPELINE_CACHE_DIR`).
public struct PluginScanWorkspace {
    public let folder: URL
    public var plugins: URL { folder.appendingPathComponent("plugins") }
    public var cache: URL { folder.appendingPathComponent("cache") }
    /// The scan cache's file for `plugins/` (the cache keeps a file for each folder of plugin
    /// files, named after its path with `/` written `%2F`).
    public var cacheFile: URL {
        let path = plugins.resolvingSymlinksInPath().path
        let name = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
        return cache.appendingPathComponent("plugin-scan/\(name).json")
    }
    /// A line for each `init` of the counting fixture in the commands run so far. The plugin
    /// says so on standard error (the scan's sandbox lets it write no file), which `run` reads.
    public var initLog: URL { folder.appendingPathComponent("inits.log") }

    public init() throws {
        folder = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: initLog.path, contents: nil)
        try PluginFixtures.write(PluginFixtures.pipeline(), to: "fade.json", in: folder)
        try PluginFixtures.write(
            PluginFixtures.pipeline(animator: "steady", params: "{}"), to: "steady.json", in: folder)
        try PluginFixtures.compile(Self.countingPlugin, to: plugins.appendingPathComponent("steady.so"))
    }

    public func run(_ arguments: [String], timeout: String? = nil) throws -> CLI.Result {
        var environment = ["PIPELINE_CACHE_DIR": cache.path]
        if let timeout { environment["PIPELINE_SCAN_TIMEOUT"] = timeout }
        let result = try CLI.run(arguments + ["--plugins", plugins.path], in: folder, environment: environment)
        #expect(!result.crashed, "\(result.stderr)")
        let inits = result.stderr.components(separatedBy: Self.initLine).count - 1
        let log = try FileHandle(forWritingTo: initLog)
        defer { try? log.close() }
        try log.seekToEnd()
        try log.write(contentsOf: Data(String(repeating: "init\n", count: inits).utf8))
        return result
    }

    /// How many times the counting plugin's `init` ran.
    public var initCount: Int {
        ((try? String(contentsOf: initLog, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A plugin whose `init` runs `body` before registering one animator (`name`).
    public static func plugin(_ name: String, initBody body: String) -> String {
        PluginFixtures.animator(name, pluginID: "org.example.\(name)")
            .replacingOccurrences(
                of: "static bool fixture_init(const anim_host_t *host) { return",
                with: "static bool fixture_init(const anim_host_t *host) { \(body) return"
            )
            .replacingOccurrences(of: "#include <stdio.h>", with: "#include <stdio.h>\n#include <stdlib.h>")
    }

    /// What the counting fixture prints on standard error in each `init`.
    public static let initLine = "steady: init ran\n"

    /// The animator "steady", which prints `initLine` in each `init`.
    public static var countingPlugin: String {
        plugin("steady", initBody: #"fputs("steady: init ran\n", stderr); fflush(stderr);"#)
    }
}
