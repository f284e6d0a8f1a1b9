import CommandTestSupport
import Foundation
import Testing

/// `--shard auto` takes its shard from a scheduler's variables, and `pipeline submit slurm
/// --dry-run` prints a job array and a concat job that depends on it; the Kubernetes example
/// manifests parse and are wired together. (A real cluster runs in `SlurmClusterTests`.)
@Suite struct SubmitTests {
    /// 10 frames: shard 3 of 4 is frames 5 and 6.
    static let pipeline = """
        { "version": 1,
          "canvas": { "width": 20, "height": 20, "fps": 10, "duration": 1, "background": "#000000" },
          "layers": [ { "name": "box", "fill": "#ff0000", "frame": [5, 5, 10, 10] } ],
          "output": { "dir": "out", "formats": ["png", "mp4"] } }
        """

    func folder() throws -> URL {
        let folder = try CLI.temporaryDirectory()
        try PluginFixtures.write(Self.pipeline, to: "clip.json", in: folder)
        return folder
    }

    func frames(_ folder: URL, _ out: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(out).path)
            .filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test func shardAutoReadsASlurmArrayOfAnyRange() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let slurm = ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"]
        let run = try CLI.run(
            ["run", "clip.json", "--format", "png", "--shard", "auto", "--out", "auto"], in: folder,
            environment: slurm)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try frames(folder, "auto") == ["frame_0005.png", "frame_0006.png"], "part 3 of 4")
        // A stepped array (--array=0-6:2): task 4 is the third.
        let stepped = try CLI.run(
            ["run", "clip.json", "--format", "png", "--shard", "auto", "--out", "stepped"], in: folder,
            environment: [
                "SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4",
                "SLURM_ARRAY_TASK_STEP": "2",
            ])
        #expect(stepped.status == 0, "\(stepped.stderr)")
        #expect(try frames(folder, "stepped") == ["frame_0005.png", "frame_0006.png"])
    }

    @Test func shardAutoReadsAKubernetesIndexedJob() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counted = try CLI.run(
            ["run", "clip.json", "--format", "png", "--shard", "auto", "--out", "k8s"], in: folder,
            environment: ["JOB_COMPLETION_INDEX": "0", "PIPELINE_SHARD_COUNT": "5"])
        #expect(counted.status == 0, "\(counted.stderr)")
        #expect(try frames(folder, "k8s") == ["frame_0000.png", "frame_0001.png"])
        let given = try CLI.run(
            ["run", "clip.json", "--format", "png", "--shard", "auto/2", "--out", "given"], in: folder,
            environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try frames(folder, "given").first == "frame_0005.png")
        let uncounted = try CLI.run(
            ["run", "clip.json", "--shard", "auto", "--out", "none"], in: folder,
            environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(uncounted.status == 1)
        #expect(uncounted.stderr.contains("give --shard auto/N, or set PIPELINE_SHARD_COUNT"), "\(uncounted.stderr)")
        let outside = try CLI.run(
            ["run", "clip.json", "--shard", "auto/2", "--out", "none"], in: folder,
            environment: ["JOB_COMPLETION_INDEX": "2"])
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("makes shard 3, but there are 2"), "\(outside.stderr)")
    }

    @Test func shardAutoWithoutASchedulerNamesTheVariables() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["run", "clip.json", "--shard", "auto", "--out", "none"], in: folder)
        #expect(run.status == 1)
        for name in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX"] {
            #expect(run.stderr.contains(name), "\(name): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none").path))
    }

    @Test func dryRunPrintsAnArrayJobAndADependentConcatJob() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(
            ["submit", "slurm", "clip.json", "--parts", "3", "--dry-run", "--", "--partition=render"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let out = folder.appendingPathComponent("out").path
        for expected in [
            "#SBATCH --array=0-2", "'--partition=render' '\(out)/slurm/render.sbatch'",
            "'--partition=render' '--dependency=afterok:'\"${jobid%%;*}\"'' '--kill-on-invalid-dep=yes'",
            "'run' '\(folder.path)/clip.json' '--out' '\(out)'",
            #"--shard "$((SLURM_ARRAY_TASK_ID + 1))/3""#, "--resume",
            "'concat' '\(out)/clip.mp4' '\(out)/clip.0000-0002.mp4' '\(out)/clip.0003-0005.mp4' '\(out)/clip.0006-0009.mp4'",
            "--dependency=afterok:", "--kill-on-invalid-dep=yes",
        ] {
            #expect(run.stdout.contains(expected), "\(expected)\n\(run.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: out), "a dry run writes nothing")
        let written = try CLI.run(["submit", "slurm", "clip.json", "--parts", "3"], in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: "\(out)/slurm/render.sbatch"))
        #expect(written.stderr.contains("sbatch --parsable"), "\(written.stderr)")
    }

    /// A folder with a space, a quote and a percent sign: one word for sbatch, `%` doubled.
    @Test func anOutputFolderWithSpacesStaysOnePath() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("My Renders/it's 100%").path
        let run = try CLI.run(
            ["submit", "slurm", "clip.json", "--parts", "2", "--out", out, "--dry-run", "--", "-p", "render"],
            in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let logs = out.replacingOccurrences(of: "'", with: #"'\''"#).replacingOccurrences(of: "%", with: "%%")
        #expect(run.stdout.contains("'--output=\(logs)/slurm/render-%A_%a.log' '-p' 'render'"), "\(run.stdout)")
        #expect(!run.stdout.contains("#SBATCH --output"), "\(run.stdout)")
    }

    /// `auto/N` on a Slurm array submitted again for one task: the task id is the shard.
    @Test func shardAutoWithACountReadsTaskIdsAsShards() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(
            ["run", "clip.json", "--format", "png", "--shard", "auto/4", "--out", "again"], in: folder,
            environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "2", "SLURM_ARRAY_TASK_COUNT": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try frames(folder, "again") == ["frame_0005.png", "frame_0006.png"], "part 3 of 4")
    }

    /// One part is the whole render under its usual names: no shard, nothing to join.
    @Test func onePartRendersTheWholeWithNothingToJoin() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["submit", "slurm", "clip.json", "--parts", "1", "--dry-run"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("#SBATCH --array=0-0"), "\(run.stdout)")
        #expect(run.stdout.contains("'run' '\(folder.path)/clip.json'"), "\(run.stdout)")
        #expect(!run.stdout.contains("--shard"), "\(run.stdout)")
        #expect(!run.stdout.contains("concat"), "\(run.stdout)")
    }
    @Test(arguments: [
        (["--parts", "0"], "--parts must be"),
        (["--parts", "11"], "more than the render's 10 frames"),
        (["--parts", "3", "--tasks", "3"], "--tasks takes task numbers from 0 to 2"),
        (["--parts", "3", "--format", "png,webp"], "animated WebP parts cannot be joined"),
        (["--parts", "2", "--now", "--dry-run"], "give --now or --dry-run, not both"),
        (["--parts", "2", "--fps", "nan"], "--fps must be 1...240"),
        (["--parts", "2", "--scale", "9"], "--scale must be"),
    ])
    func badSubmissionsSayWhy(arguments: [String], message: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["submit", "slurm", "clip.json"] + arguments, in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func batchesSpreadTheirVariantsOverTheTasksWithNothingToJoin() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(#"{"id": "a"}"# + "\n" + #"{"id": "b"}"#, to: "v.jsonl", in: folder)
        let run = try CLI.run(
            ["submit", "slurm", "clip.json", "--batch", "v.jsonl", "--parts", "2", "--dry-run"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("'--batch' '\(folder.path)/v.jsonl'"), "\(run.stdout)")
        #expect(!run.stdout.contains("concat"), "\(run.stdout)")
    }

    /// The Kubernetes example: a shared volume, an Indexed Job whose pods take `--shard auto` with
    /// the count of its completions, and a concat Job joining what they wrote on the same volume.
    @Test func theKubernetesManifestsParseAndFitTogether() throws {
        let docs = CLI.repositoryRoot.appendingPathComponent("docs/kubernetes")
        let documents = try ["render.yaml", "concat.yaml"].flatMap { name in
            try Self.yamlDocuments(docs.appendingPathComponent(name))
        }
        let kinds = documents.map { $0["kind"] as? String }
        #expect(kinds == ["PersistentVolumeClaim", "Job", "Job"])
        let claim = (documents[0]["metadata"] as? [String: Any])?["name"] as? String
        let render = try #require(documents[1]["spec"] as? [String: Any])
        #expect(render["completionMode"] as? String == "Indexed")
        let completions = try #require(render["completions"] as? Int)
        let container = try #require(Self.containers(render).first)
        let command = try #require(container["command"] as? [String])
        #expect(command.starts(with: ["pipeline", "run"]) && command.contains("--resume"))
        let shard = try #require(command.firstIndex(of: "--shard").map { command[$0 + 1] })
        let env = (container["env"] as? [[String: Any]]) ?? []
        let count = env.first { $0["name"] as? String == "PIPELINE_SHARD_COUNT" }?["value"] as? String
        #expect(shard == "auto/\(completions)" || (shard == "auto" && count == String(completions)))
        let concatSpec = try #require(documents[2]["spec"] as? [String: Any])
        let concat = try #require(Self.containers(concatSpec).first)
        #expect((concat["command"] as? [String])?.starts(with: ["pipeline", "concat"]) == true)
        for job in [documents[1], documents[2]] {
            let volumes = ((job["spec"] as? [String: Any])?["template"] as? [String: Any]).flatMap {
                ($0["spec"] as? [String: Any])?["volumes"] as? [[String: Any]]
            }
            let claimed = volumes?.compactMap {
                ($0["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String
            }
            #expect(claimed == [claim].compactMap { $0 }, "both Jobs mount the shared claim")
        }
    }

    static func containers(_ jobSpec: [String: Any]) -> [[String: Any]] {
        (((jobSpec["template"] as? [String: Any])?["spec"] as? [String: Any])?["containers"] as? [[String: Any]]) ?? []
    }

    /// Every document of a YAML file, read by Python's yaml module and handed over as JSON.
    static func yamlDocuments(_ file: URL) throws -> [[String: Any]] {
        let read = try CLI.runProgram(
            "/usr/bin/python3",
            ["-c", "import json, sys, yaml; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1])))))", file.path])
        try #require(read.status == 0, "\(file.lastPathComponent) does not parse: \(read.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: read.stdoutData) as? [[String: Any]])
    }
}
