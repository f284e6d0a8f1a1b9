import CommandTestSupport
import Foundation
import Testing

/// Plugins are scanned in a child process: one that crashes, hangs or exits in `init` is
/// skipped with the reason, and commands that do not need it succeed. Scans are cached until
/// the file changes or `plugins --rescan`.
@Suite struct PluginScanTests {
    @Test(arguments: [
        ("crasher", "*(volatile int *)0 = 0;", "crashed with SIGSEGV during scan"),
        ("hanger", "for (;;) {}", "did not finish scanning within 1 s"),
        ("quitter", "exit(3);", "exited with status 3 during scan"),
    ])
    func misbehavingPluginIsSkippedAndOthersWork(name: String, body: String, reason: String) throws {
        let workspace = try PluginScanWorkspace()
        defer { workspace.remove() }
        let bad = workspace.plugins.appendingPathComponent("\(name).so")
        try PluginFixtures.compile(PluginScanWorkspace.plugin(name, initBody: body), to: bad)

        let listing = try workspace.run(["plugins"], timeout: "1")
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("skipped plugin files\n  \(bad.path): \(reason)"), "\(listing.stdout)")
        #expect(listing.stdout.contains("  steady 1.0.0"), "\(listing.stdout)")

        let fade = try workspace.run(["run", "fade.json", "--out", "fade-out", "--format", "png"], timeout: "1")
        #expect(fade.status == 0, "\(fade.stderr)")
        #expect(fade.stderr.contains("warning: skipped plugin \(bad.path): \(reason)"), "\(fade.stderr)")
        #expect(try SmallPipeline.contents(of: workspace.folder.appendingPathComponent("fade-out")).count == 5)

        let steady = try workspace.run(["run", "steady.json", "--out", "steady-out", "--format", "png"], timeout: "1")
        #expect(steady.status == 0, "\(steady.stderr)")
        #expect(try SmallPipeline.contents(of: workspace.folder.appendingPathComponent("steady-out")).count == 5)

        try PluginFixtures.write(
            PluginFixtures.pipeline(animator: name, params: "{}"), to: "\(name).json", in: workspace.folder)
        let uses = try workspace.run(["validate", "\(name).json"], timeout: "1")
        #expect(uses.status == 1)
        #expect(
            uses.stderr.contains("animator \"\(name)\" comes from a plugin that was skipped: "), "\(uses.stderr)")
    }

    @Test func secondListingUsesTheCacheAndAChangedFileIsScannedAgain() throws {
        let workspace = try PluginScanWorkspace()
        defer { workspace.remove() }
        #expect(try workspace.run(["plugins"]).status == 0)
        #expect(workspace.initCount == 1)
        let cached = try String(contentsOf: workspace.cacheFile, encoding: .utf8)
        #expect(cached.contains(workspace.plugins.appendingPathComponent("steady.so").path))

        #expect(try workspace.run(["plugins"]).status == 0)
        #expect(workspace.initCount == 1, "the second listing reads the cache")

        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes(
            [.modificationDate: later], ofItemAtPath: workspace.plugins.appendingPathComponent("steady.so").path)
        #expect(try workspace.run(["plugins"]).status == 0)
        #expect(workspace.initCount == 2, "a touched file is scanned again")

        #expect(try workspace.run(["plugins", "--rescan"]).status == 0)
        #expect(workspace.initCount == 3, "--rescan scans every file again")
    }

    /// A time limit that passed says something of the machine and of the limit, not of the file:
    /// the cache does not keep it, and a higher limit lets the same file register.
    @Test func aScanThatRanOutOfTimeIsNotCached() throws {
        let workspace = try PluginScanWorkspace()
        defer { workspace.remove() }
        let slow = workspace.plugins.appendingPathComponent("slow.so")
        try PluginFixtures.compile(
            PluginScanWorkspace.plugin("slow", initBody: "extern unsigned sleep(unsigned); sleep(2);"), to: slow)

        let hurried = try workspace.run(["plugins"], timeout: "1")
        #expect(hurried.status == 0, "\(hurried.stderr)")
        #expect(hurried.stdout.contains("  \(slow.path): did not finish scanning within 1 s"), "\(hurried.stdout)")
        let cached = try String(contentsOf: workspace.cacheFile, encoding: .utf8)
        #expect(cached.contains(workspace.plugins.appendingPathComponent("steady.so").path))
        #expect(!cached.contains(slow.path), "\(cached)")

        let patient = try workspace.run(["plugins"], timeout: "60")
        #expect(patient.stdout.contains("  slow 1.0.0"), "\(patient.stdout)")
        #expect(!patient.stdout.contains("skipped plugin files"), "\(patient.stdout)")
        #expect(try String(contentsOf: workspace.cacheFile, encoding: .utf8).contains(slow.path))
    }

    @Test func renderingOpensOnlyThePluginsItUses() throws {
        let workspace = try PluginScanWorkspace()
        defer { workspace.remove() }
        #expect(try workspace.run(["plugins"]).status == 0)
        let fade = try workspace.run(["run", "fade.json", "--out", "out", "--format", "png"])
        #expect(fade.status == 0, "\(fade.stderr)")
        #expect(workspace.initCount == 1, "fade.json does not use steady.so")
        let validated = try workspace.run(["validate", "steady.json"])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(workspace.initCount == 1, "validate runs no plugin code but the scan's")
        let steady = try workspace.run(["run", "steady.json", "--out", "steady-out", "--format", "png"])
        #expect(steady.status == 0, "\(steady.stderr)")
        #expect(workspace.initCount == 2, "steady.json opens steady.so")
    }

    @Test(arguments: ["{ not json", ""]) func corruptCacheIsIgnoredAndRewritten(content: String) throws {
        let workspace = try PluginScanWorkspace()
        defer { workspace.remove() }
        #expect(try workspace.run(["plugins"]).status == 0)
        #expect(workspace.initCount == 1)
        try content.write(to: workspace.cacheFile, atomically: true, encoding: .utf8)
        let listing = try workspace.run(["plugins"])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains("  steady 1.0.0"), "\(listing.stdout)")
        #expect(workspace.initCount == 2, "the file is scanned again")
        let rewritten = try Data(contentsOf: workspace.cacheFile)
        #expect((try? JSONSerialization.jsonObject(with: rewritten)) != nil)
        #expect(try workspace.run(["plugins"]).status == 0)
        #expect(workspace.initCount == 2, "the rewritten cache is read")
    }

    /// The cache keeps a file for each folder of plugin files: a command reads those of the folders
    /// it scans, and the single file an older pipeline kept for them all is removed.
    @Test func theCacheKeepsAFileForEachFolder() throws {
        let workspace = try PluginScanWorkspace()
        defer { workspace.remove() }
        let former = workspace.cache.appendingPathComponent("plugin-scan.json")
        try FileManager.default.createDirectory(at: workspace.cache, withIntermediateDirectories: true)
        try "{}".write(to: former, atomically: true, encoding: .utf8)
        #expect(try workspace.run(["plugins"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(
            atPath: workspace.cache.appendingPathComponent("plugin-scan").path)
        #expect(files.contains(workspace.cacheFile.lastPathComponent), "\(files)")
        #expect(files.contains { $0.hasSuffix("%2Fpipeline-plugins.json") }, "the built-in folder's: \(files)")
        let cached = try String(contentsOf: workspace.cacheFile, encoding: .utf8)
        #expect(cached.contains(workspace.plugins.appendingPathComponent("steady.so").path))
        #expect(!cached.contains(".glsl"), "the built-in plugins are in their folder's file")
        #expect(!FileManager.default.fileExists(atPath: former.path), "the former single file is removed")
    }
}
