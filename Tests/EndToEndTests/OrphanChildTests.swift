import Foundation
import Testing

/// A child process stuck in a plugin (a scan's `init`, an `--isolate` call) whose pipeline is
/// killed outright (SIGKILL: nothing of pipeline runs again to kill the child) ends itself once
/// the limit pipeline would have applied, and two seconds more, have passed.
@Suite struct OrphanChildTests {
    /// The hanging code notes its process id in `pid` first.
    static func hang(notingPidIn pid: URL) -> String {
        #"FILE *pid = fopen("\#(pid.path)", "w"); if (pid) { fprintf(pid, "%d", (int)getpid()); fclose(pid); } for (;;) pause();"#
    }

    @Test func aScanChildStuckInInitEndsAfterItsHostIsKilled() throws {
        let workspace = try PluginScanWorkspace()
        defer { workspace.remove() }
        let pidFile = workspace.folder.appendingPathComponent("child.pid")
        let source =
            "#include <unistd.h>\n" + PluginScanWorkspace.plugin("hanger", initBody: Self.hang(notingPidIn: pidFile))
        try PluginFixtures.compile(source, to: workspace.plugins.appendingPathComponent("hanger.so"))
        try expectChildEnds(
            ["plugins", "--plugins", workspace.plugins.path], in: workspace.folder, pidFile: pidFile,
            environment: ["PIPELINE_CACHE_DIR": workspace.cache.path, "PIPELINE_SCAN_TIMEOUT": "3"])
    }

    @Test func anIsolatedChildStuckInACallEndsAfterItsHostIsKilled() throws {
        let folder = try CLI.temporaryDirectory()
        let pidFile = folder.appendingPathComponent("child.pid")
        let fixture = try CrashingPluginFixture(misbehave: Self.hang(notingPidIn: pidFile), in: folder)
        defer { fixture.remove() }
        try expectChildEnds(
            ["run", "pipeline.json", "--isolate", "--threads", "1"], in: fixture.folder, pidFile: pidFile,
            environment: [
                "PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path,
                "PIPELINE_CALL_TIMEOUT": "3",
            ])
    }

    /// Starts pipeline, kills it with SIGKILL as soon as the plugin has noted its child's
    /// process id, then expects that child alive at once (pipeline's 3 s limit has not passed)
    /// and gone within 15 s (it ends itself after 3 + 1 + 2 s).
    private func expectChildEnds(_ arguments: [String], in folder: URL, pidFile: URL, environment: [String: String])
        throws
    {
        let host = Process()
        host.executableURL = URL(fileURLWithPath: CLI.executable)
        host.arguments = arguments
        host.currentDirectoryURL = folder
        host.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        (host.standardOutput, host.standardError, host.standardInput) = (
            FileHandle.nullDevice, FileHandle.nullDevice, FileHandle.nullDevice
        )
        try host.run()
        let child = wait(seconds: 60) { (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0) } }
        kill(host.processIdentifier, SIGKILL)
        host.waitUntilExit()
        guard let child else {
            Issue.record("the plugin never ran in a child process")
            return
        }
        defer { kill(child, SIGKILL) }
        #expect(Self.isRunning(child), "the child was still in the plugin when its host died")
        let ended = wait(seconds: 15) { Self.isRunning(child) ? nil : true } ?? false
        #expect(ended, "the child of a killed host ended itself")
    }

    /// Polls `value` every 50 ms until it is not nil or `seconds` have passed.
    private func wait<Value>(seconds: Double, for value: () -> Value?) -> Value? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = value() { return found }
            usleep(50_000)
        }
        return value()
    }

    /// Whether `pid` is a live process (a zombie, ended but not yet reaped, is not).
    private static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
        return state != "Z" && state != "X"
    }
}
