import CommandTestSupport
import Foundation
import Testing

/// `pipeline submit slurm` on a real single-node Slurm cluster (`scripts/slurm-cluster`): the job
/// array's parts and the concat job that depends on it give the frames of a single-machine render
/// byte for byte, and the video parts joined; a task cancelled leaves the concat job unrun, and
/// submitting that task again (`--tasks`) completes the render. The daemons are stopped by their
/// process ids, none left running.
@Suite(.serialized, .enabled(if: getuid() == 0, "the test cluster's daemons (munged, slurmctld, slurmd) run as root"))
struct SlurmClusterTests {
    static let script = CLI.repositoryRoot.appendingPathComponent("scripts/slurm-cluster").path
    static let pipeline = CLI.repositoryRoot.appendingPathComponent("pipeline.json").path

    /// A cluster started in a fresh folder; `stop()` ends its daemons.
    struct Cluster {
        let folder: URL
        var environment: [String: String] { ["SLURM_CONF": folder.appendingPathComponent("slurm.conf").path] }

        static func start(in folder: URL) throws -> Cluster {
            let started = try SlurmClusterTests.runScript(["start", folder.path])
            try #require(started.status == 0, "the cluster did not start: \(started.stderr)")
            return Cluster(folder: folder)
        }

        func stop() throws -> [Int32] {
            let pids = ["slurmd.pid", "slurmctld.pid", "munge/munged.pid"].compactMap { name in
                (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
                    .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            _ = try SlurmClusterTests.runScript(["stop", folder.path])
            // A daemon killed with SIGKILL by the script ends a moment later: on a loaded machine
            // that moment can outlast the script.
            let deadline = Date().addingTimeInterval(20)
            while pids.contains(where: SlurmClusterTests.running) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
            }
            return pids
        }

        /// Runs a Slurm command with this cluster's configuration.
        func slurm(_ arguments: [String]) throws -> CLI.Result {
            try CLI.runProgram("/usr/bin/env", arguments, environment: environment)
        }

        /// Waits until none of `jobs` is pending or running.
        func wait(for jobs: [String]) throws {
            let deadline = Date().addingTimeInterval(600)
            while Date() < deadline {
                let queue = try slurm(["squeue", "-h", "-j", jobs.joined(separator: ",")])
                if queue.status == 0 && queue.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return }
                Thread.sleep(forTimeInterval: 0.5)
            }
            Issue.record("jobs \(jobs) still queued after 600 s")
        }

        /// `JobState=…` of a job (the first task's, for an array).
        func state(of job: String) throws -> String {
            let shown = try slurm(["scontrol", "show", "job", job]).stdout
            return shown.components(separatedBy: "JobState=").dropFirst().first?.split(separator: " ").first.map(
                String.init)
                ?? "unknown"
        }
    }

    /// Runs `scripts/slurm-cluster` and waits for it with a blocking `waitpid` on its process id.
    /// (Foundation's `Process` was seen to miss the exit of this script, whose daemons fork away
    /// from it, and wait forever.)
    static func runScript(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("slurm-cluster-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([script] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PIPELINE_PLUGIN_PATH")
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, script, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return (exited, stderr)
    }

    /// True while process `pid` runs (a zombie, exited but not reaped, does not count).
    static func running(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return !status.contains("\nState:\tZ")
    }

    @Test func aJobArrayAndItsConcatJobGiveTheSingleMachineRender() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cluster = try Cluster.start(in: folder.appendingPathComponent("cluster"))
        var pids: [Int32] = []
        defer {
            pids = (try? cluster.stop()) ?? []
            #expect(!pids.isEmpty && !pids.contains(where: Self.running), "no daemon left running: \(pids)")
        }
        let out = folder.appendingPathComponent("farm")
        let submitted = try CLI.run(
            ["submit", "slurm", Self.pipeline, "--parts", "3", "--format", "png,mp4", "--out", out.path, "--now"],
            environment: cluster.environment)
        try #require(submitted.status == 0, "\(submitted.stderr)")
        #expect(submitted.stderr.contains("follow them: squeue -j"), "\(submitted.stderr)")
        let jobs = submitted.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        try #require(jobs.count == 2, "the array and the concat job: \(submitted.stdout)")
        try cluster.wait(for: jobs)
        #expect(try cluster.state(of: jobs[1]) == "COMPLETED")

        // The frames: those of one render on this machine, byte for byte.
        let single = folder.appendingPathComponent("single")
        let whole = try CLI.run(["run", Self.pipeline, "--format", "png", "--out", single.path, "--quiet"])
        try #require(whole.status == 0, "\(whole.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: single.path).filter { $0.hasSuffix(".png") }
        #expect(frames.count == 61)
        for name in frames {
            #expect(
                try Data(contentsOf: out.appendingPathComponent(name))
                    == Data(contentsOf: single.appendingPathComponent(name)), "\(name)")
        }
        // The video: the same three parts rendered and joined here. (A whole render's MP4 is one
        // stream of its own; parts joined by copying their streams are another, frame for frame.)
        let parts = folder.appendingPathComponent("parts")
        for shard in 1...3 {
            let part = try CLI.run(
                ["run", Self.pipeline, "--format", "mp4", "--shard", "\(shard)/3", "--out", parts.path, "--quiet"])
            try #require(part.status == 0, "\(part.stderr)")
        }
        let joined = parts.appendingPathComponent("joined.mp4")
        #expect(try CLI.run(["concat", joined.path, parts.path]).status == 0)
        #expect(try Data(contentsOf: out.appendingPathComponent("pipeline.mp4")) == Data(contentsOf: joined))

        // A task cancelled: the concat job never runs, and the render is not joined.
        let again = folder.appendingPathComponent("again")
        let second = try CLI.run(
            ["submit", "slurm", Self.pipeline, "--parts", "3", "--format", "png,mp4", "--out", again.path, "--now"],
            environment: cluster.environment)
        try #require(second.status == 0, "\(second.stderr)")
        let secondJobs = second.stdout.split(separator: " ").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try #require(secondJobs.count == 2)
        #expect(try cluster.slurm(["scancel", "\(secondJobs[0])_2"]).status == 0)
        try cluster.wait(for: secondJobs)
        #expect(try cluster.state(of: secondJobs[1]) != "COMPLETED")
        #expect(!FileManager.default.fileExists(atPath: again.appendingPathComponent("pipeline.mp4").path))

        // Submitting that task again renders its part and joins the whole.
        let retry = try CLI.run(
            [
                "submit", "slurm", Self.pipeline, "--parts", "3", "--format", "png,mp4", "--out", again.path,
                "--tasks", "2", "--now",
            ], environment: cluster.environment)
        try #require(retry.status == 0, "\(retry.stderr)")
        let retryJobs = retry.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        try cluster.wait(for: retryJobs)
        #expect(try cluster.state(of: retryJobs[1]) == "COMPLETED")
        #expect(try Data(contentsOf: again.appendingPathComponent("pipeline.mp4")) == Data(contentsOf: joined))
        for name in frames {
            #expect(
                try Data(contentsOf: again.appendingPathComponent(name))
                    == Data(contentsOf: single.appendingPathComponent(name)), "\(name)")
        }
    }
}
