import CommandTestSupport
import Foundation
import Testing

/// A child process stuck in a plugin whose pipeline is killed outright (SIGKILL: nothing of
/// pipeline runs again to kill the child) does not outlive it: a sandboxed child (the plugin
/// scan, `--sandbox`) ends at once, by its parent-death signal; an `--isolate` child ends itself
/// once the limit pipeline would have applied, and two seconds more, have passed.
@Suite struct OrphanChildTests {
    /// The hanging code notes its process id in `pid` first.
    static func hang(notingPidIn pid: URL) -> String {
        #"FILE *pid = fopen("\#(pid.path)", "w"); if (pid) { fprintf(pid, "%d", (int)getpid()); fclose(pid); } for (;;) pause();"#
    }

    /// The same for a sandboxed child, which can write no file: it says its process id on
    /// standard error, which is pipeline's.
    static let hangSayingPid = #"fprintf(stderr, "hanging in %d\n", (int)getpid()); fflush(stderr); for (;;) pause();"#

    @Test func aScanChildStuckInInitEndsWithItsHost() throws {
        let workspace = try PluginScanWorkspace()
        defer { workspace.remove() }
        let source = "#include <unistd.h>\n" + PluginScanWorkspace.plugin("hanger", initBody: Self.hangSayingPid)
        try PluginFixtures.compile(source, to: workspace.plugins.appendingPathComponent("hanger.so"))
        // A scan limit far beyond the wait: only the parent-death signal can end the child in time.
        try expectSandboxedChildEndsAtOnce(
            ["plugins", "--plugins", workspace.plugins.path], in: workspace.folder,
            environment: ["PIPELINE_CACHE_DIR": workspace.cache.path, "PIPELINE_SCAN_TIMEOUT": "120"])
    }

    @Test func aSandboxedChildStuckInACallEndsWithItsHost() throws {
        let folder = try CLI.temporaryDirectory()
        let fixture = try CrashingPluginFixture(misbehave: Self.hangSayingPid, in: folder)
        defer { fixture.remove() }
        let probe = try fixture.run(["--sandbox", "--frames", "0-0"])
        try #require(!probe.stderr.contains("--sandbox cannot keep plugins"), "no Landlock here")
        try expectSandboxedChildEndsAtOnce(
            ["run", "pipeline.json", "--sandbox", "--threads", "1"], in: fixture.folder,
            environment: [
                "PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path,
                "PIPELINE_CALL_TIMEOUT": "120",
            ])
    }

    /// Starts pipeline with standard error in a file, kills it with SIGKILL as soon as the plugin
    /// has said its child's process id there, then expects that child gone within 10 s.
    private func expectSandboxedChildEndsAtOnce(
        _ arguments: [String], in folder: URL, environment: [String: String]
    ) throws {
        let log = folder.appendingPathComponent("host-stderr.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let host = try startHost(
            arguments, in: folder, environment: environment, stderr: try FileHandle(forWritingTo: log))
        let child = wait(seconds: 60) {
            (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n")
                .first { $0.hasPrefix("hanging in ") }.flatMap { Int32($0.dropFirst("hanging in ".count)) }
        }
        kill(host.processIdentifier, SIGKILL)
        host.waitUntilExit()
        guard let child else {
            Issue.record(
                "the plugin never ran in a child process: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            return
        }
        defer { kill(child, SIGKILL) }
        let ended = wait(seconds: 10 * CLI.timeAllowance) { Self.isRunning(child) ? nil : true } ?? false
        #expect(
            ended,
            "the sandboxed child of a killed host ended with it: \((try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8)) ?? "")"
        )
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
        let host = try startHost(arguments, in: folder, environment: environment, stderr: FileHandle.nullDevice)
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

    /// Starts pipeline in `folder` with `arguments`, its standard error to `stderr`.
    private func startHost(
        _ arguments: [String], in folder: URL, environment: [String: String], stderr: FileHandle
    ) throws -> Process {
        let host = Process()
        host.executableURL = URL(fileURLWithPath: CLI.executable)
        host.arguments = arguments
        host.currentDirectoryURL = folder
        host.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        (host.standardOutput, host.standardError, host.standardInput) = (
            FileHandle.nullDevice, stderr, FileHandle.nullDevice
        )
        try host.run()
        return host
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
