import ArgumentParser
import Foundation
import Output
import Renderer
import Scene

extension Pipeline {
    struct Submit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "submit",
            abstract: "Render on a cluster: write, and submit, the jobs that render a pipeline in parts.",
            subcommands: [SubmitSlurm.self])
    }
}

/// `pipeline submit slurm`: a render as a Slurm job array of `--shard` parts and a concat job that
/// runs once every part succeeded.
struct SubmitSlurm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slurm",
        abstract:
            "Write (with --now, submit) a Slurm job array rendering a pipeline in parts, and the job joining them.",
        discussion: """
            Writes two batch scripts into <out>/slurm/: render.sbatch, a job array of --parts tasks, task T \
            rendering shard T+1 of the parts with `pipeline run --shard … --resume` into <out>, and concat.sbatch, \
            which joins each video's parts into <out>/<name>.<ext> with `pipeline concat`. Submitted with --now, \
            the concat job depends on the array (--dependency=afterok, --kill-on-invalid-dep=yes): it runs once \
            every part succeeded, and is cancelled if one fails. Every path in the scripts is absolute: the \
            nodes must see the pipeline, its files, the output folder and the pipeline executable at the same \
            paths (a shared file system). Logs go to <out>/slurm/.

            A task that failed or was cancelled is rendered again with --tasks once the first array has ended: \
            its complete frames are kept (--resume), the other parts are left as they are, and a new concat job \
            waits for it (for the tasks submitted again only, so do not submit them while others still run).

            With --batch, each task renders its share of the variants (--shard over variants), each variant \
            complete in <out>/<id>/: there is nothing to join.

            Options after -- are given to sbatch for both jobs (a partition, a time limit, an account). Each \
            task renders on $SLURM_CPUS_PER_TASK threads when Slurm sets it (sbatch --cpus-per-task), else on \
            every core it sees.

            Examples:
              pipeline submit slurm pipeline.json --parts 8 --format png,mp4 --now
              pipeline submit slurm pipeline.json --parts 8 --dry-run -- --partition=render --time=30:00
              pipeline submit slurm pipeline.json --parts 8 --tasks 3 --now
              pipeline submit slurm pipeline.json --batch variants.jsonl --parts 4 --out renders --now
            """)

    @Argument(help: "The pipeline file.", completion: .file(extensions: ["json"]))
    var file: String
    @Option(help: ArgumentHelp("How many parts (array tasks) to render the pipeline in.", valueName: "N"))
    var parts: Int
    @Option(
        name: [.customShort("o"), .customLong("out")],
        help: ArgumentHelp("Write here instead of the file's output.dir.", valueName: "dir"), completion: .directory)
    var outputDirectory: String?
    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "Comma-separated formats instead of the file's output.formats: \(OutputFormat.names).", valueName: "list"))
    var formatList: String?
    @Option(help: ArgumentHelp("Quality of mp4, webm and webp, 0 to 100.", valueName: "0-100")) var quality: Int?
    @Option(help: ArgumentHelp("Render at this size factor.", valueName: "factor")) var scale: Double?
    @Option(help: ArgumentHelp("Frames per second instead of canvas.fps.", valueName: "rate")) var fps: Double?
    @Option(
        help: ArgumentHelp(
            "Render the variants of this JSON Lines file (see `pipeline run --help`), spread over the tasks.",
            valueName: "variants.jsonl"))
    var batch: String?
    @Option(
        help: ArgumentHelp(
            "Submit only these tasks of the array (Slurm's --array list, from 0: 3 or 0,2 or 4-7).", valueName: "list"))
    var tasks: String?
    @Option(
        help: ArgumentHelp(
            "The pipeline executable the nodes run (default: this one, which they must see at the same path).",
            valueName: "path"))
    var executable: String?
    @Flag(help: "Submit the jobs with sbatch and print their ids.") var now = false
    @Flag(help: "Print the scripts and the sbatch commands; write and submit nothing.") var dryRun = false
    @OptionGroup var plugins: PluginOptions
    @OptionGroup var images: ImageOptions
    @Argument(parsing: .postTerminator, help: "Options for sbatch, after --.") var sbatchOptions: [String] = []

    func validate() throws {
        guard (1...FrameSelection.maximumShards).contains(parts) else {
            throw ValidationError("--parts must be 1...\(FrameSelection.maximumShards), got \(parts)")
        }
        if now && dryRun { throw ValidationError("give --now or --dry-run, not both") }
        try Pipeline.Run.checkPicture(quality: quality, scale: scale, fps: fps)
        if let option = sbatchOptions.first(where: { $0.contains("\n") }) {
            throw ValidationError("an sbatch option holds a line break: \(option.debugDescription)")
        }
        if let tasks, !Self.isArrayList(tasks, below: parts) {
            throw ValidationError(
                "--tasks takes task numbers from 0 to \(parts - 1), as Slurm's --array writes them (3, 0,2, 4-7), "
                    + "got \"\(tasks)\"")
        }
    }

    func run() throws {
        let registry = Session.registry(plugins, pipelineFile: file)
        defer { registry.shutdown() }
        let (scene, _) = try Session.scene(
            file, registry: registry, options: try images.decoderOptions, headersOnly: true)
        let job = try SlurmJob(command: self, scene: scene)
        if dryRun {
            print("# \(job.renderScript.path)\n\(job.renderScript.text)")
            if let concat = job.concatScript { print("# \(concat.path)\n\(concat.text)") }
            print("# submitted with:\n\(job.commands.joined(separator: "\n"))")
            return
        }
        try job.write()
        guard now else {
            Console.note(
                "wrote \(job.renderScript.path)" + (job.concatScript.map { " and \($0.path)" } ?? "")
                    + "; submit them with:\n" + job.commands.joined(separator: "\n"))
            return
        }
        try job.submit()
    }

    /// `3`, `0,2`, `4-7`, `0-6:2`, `1,4-5`: Slurm's array syntax, every task below `count`.
    static func isArrayList(_ text: String, below count: Int) -> Bool {
        text.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { item in
            let stepped = item.split(separator: ":", omittingEmptySubsequences: false)
            guard stepped.count <= 2, stepped.count == 1 || Int(stepped[1]).map({ $0 >= 1 }) == true else {
                return false
            }
            let bounds = stepped[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...2).contains(bounds.count), let first = bounds[0], let last = bounds.last!, first >= 0,
                first <= last, last < count, stepped[0].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") })
            else { return false }
            return true
        }
    }

    /// The `pipeline run` options every task repeats, paths made absolute.
    var renderArguments: [String] {
        var arguments: [String] = []
        if let formatList { arguments += ["--format", formatList] }
        if let quality { arguments += ["--quality", String(quality)] }
        if let scale { arguments += ["--scale", String(scale)] }
        if let fps { arguments += ["--fps", String(fps)] }
        for directory in plugins.directories { arguments += ["--plugins", Self.absolute(directory)] }
        if images.allowOutside { arguments.append("--\(SceneDecoder.Options.allowOutsideImagesFlag)") }
        if images.imageMemory != SceneDecoder.Options.defaultImageMemoryLimit >> 20 {
            arguments += ["--\(SceneDecoder.Options.imageMemoryFlag)", String(images.imageMemory)]
        }
        if let props = images.props.props { arguments += ["--props", Self.absolute(props)] }
        for set in images.props.set { arguments += ["--set", set] }
        return arguments
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// The scripts of one submission, and how they are submitted.
struct SlurmJob {
    struct Script {
        let path: String
        let text: String
    }

    let folder: String
    let renderScript: Script
    /// Nil when there is nothing to join (PNG frames only, one part, or a batch).
    let concatScript: Script?
    let tasks: String?
    let sbatchOptions: [String]

    init(command: SubmitSlurm, scene: Scene) throws {
        let pipelineFile = SubmitSlurm.absolute(command.file)
        let out = SubmitSlurm.absolute(command.outputDirectory ?? scene.output.directory)
        folder = "\(out)/slurm"
        let executable = command.executable.map(SubmitSlurm.absolute) ?? Self.thisExecutable
        let name = scene.output.name
        let formats = try Self.formats(command.formatList) ?? scene.output.formats
        let frameCount = command.fps.map { scene.retimed(fps: $0).frameCount } ?? scene.frameCount
        let batch = command.batch.map(SubmitSlurm.absolute)
        if batch == nil && command.parts > frameCount {
            throw ValidationError(
                "--parts \(command.parts) is more than the render's \(frameCount) frames: give at most \(frameCount)")
        }
        if batch == nil && command.parts > 1 && formats.contains(.webp) {
            throw ValidationError(
                "animated WebP parts cannot be joined (ffmpeg cannot read them back): leave webp out of --format, "
                    + "or render it in one part")
        }
        let label = "pipeline-\(Self.jobName(name))"
        var run = [executable, "run", pipelineFile, "--out", out, "--resume"]
        if let batch { run += ["--batch", batch] }
        run += command.renderArguments
        // One part is the whole render, written under the names a render on one machine gives.
        let shard = command.parts > 1 ? " --shard \"$((SLURM_ARRAY_TASK_ID + 1))/\(command.parts)\"" : ""
        let threads = "${SLURM_CPUS_PER_TASK:+--threads \"$SLURM_CPUS_PER_TASK\"}"
        renderScript = Script(
            path: "\(folder)/render.sbatch",
            text: Self.script(
                lines: ["#SBATCH --job-name=\(label)", "#SBATCH --array=0-\(command.parts - 1)"],
                comment: command.parts > 1
                    ? "Task T renders shard T+1 of \(command.parts); complete frames of an earlier try are kept."
                    : "One task renders the whole; complete frames of an earlier try are kept.",
                command: Self.shellWords(run) + "\(shard) \(threads)"))
        let videos = batch != nil || command.parts == 1 ? [] : formats.filter { $0 != .png }
        let joins = videos.map { format in
            let parts = (1...command.parts).compactMap { index -> String? in
                let range = (try? FrameSelection.shard(index, of: command.parts).range(frameCount: frameCount)) ?? 0..<0
                guard !range.isEmpty else { return nil }
                return "\(out)/" + VideoPart(base: name, frames: range, frameCount: frameCount, format: format).fileName
            }
            return Self.shellWords([executable, "concat", "\(out)/\(name).\(format.rawValue)"] + parts)
        }
        concatScript =
            joins.isEmpty
            ? nil
            : Script(
                path: "\(folder)/concat.sbatch",
                text: Self.script(
                    lines: ["#SBATCH --job-name=\(label)-concat"],
                    comment: "Joins the parts of every video once all of \(command.parts) tasks succeeded.",
                    command: joins.joined(separator: "\n")))
        tasks = command.tasks
        sbatchOptions = command.sbatchOptions
    }

    private static var thisExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? SubmitSlurm.absolute(CommandLine.arguments[0])
    }

    /// Letters, digits, `-`, `_` and `.` of the pipeline's name, for squeue's listing.
    private static func jobName(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
    }

    private static func formats(_ list: String?) throws -> [OutputFormat]? {
        guard let list else { return nil }
        return try list.split(separator: ",").map { item in
            let name = item.trimmingCharacters(in: .whitespaces)
            guard let format = OutputFormat(rawValue: name) else {
                throw ValidationError("unknown format \"\(name)\" in --format: expected \(OutputFormat.names)")
            }
            return format
        }
    }

    private static func script(lines: [String], comment: String, command: String) -> String {
        (["#!/bin/sh"] + lines + ["# \(comment)", "set -e", command]).joined(separator: "\n") + "\n"
    }

    /// Each word single-quoted for sh.
    static func shellWords(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
    }

    /// The arguments sbatch is given before the render script: where its log goes (given here,
    /// not in the script, so a path with spaces stays one path; `%` doubled, as Slurm reads `%`
    /// in a log's name as a pattern), the options given after `--`, and the tasks to submit.
    var renderSbatchArguments: [String] {
        ["--output=\(Self.logPattern(folder))/render-%A_%a.log"] + sbatchOptions
            + (tasks.map { ["--array=\($0)"] } ?? [])
    }

    /// The same before the concat script, which waits for the render array `render`.
    func concatSbatchArguments(after render: String) -> [String] {
        ["--output=\(Self.logPattern(folder))/concat-%j.log"] + sbatchOptions + [
            "--dependency=afterok:\(render)", "--kill-on-invalid-dep=yes",
        ]
    }

    private static func logPattern(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%%")
    }

    /// The sbatch commands that submit the scripts, as a user types them.
    var commands: [String] {
        let render = "jobid=$(sbatch --parsable \(Self.shellWords(renderSbatchArguments + [renderScript.path])))"
        guard let concatScript else { return [render] }
        let concat = Self.shellWords(concatSbatchArguments(after: "RENDER") + [concatScript.path])
        return [
            render, "sbatch " + concat.replacingOccurrences(of: "afterok:RENDER", with: "afterok:'\"${jobid%%;*}\"'"),
        ]
    }

    func write() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for script in [renderScript] + (concatScript.map { [$0] } ?? []) {
            try Data(script.text.utf8).write(to: URL(fileURLWithPath: script.path))
            chmod(script.path, 0o755)
        }
    }

    /// Submits the array, then the concat job depending on it; prints their ids and how to follow them.
    func submit() throws {
        let render = try Self.sbatch(renderSbatchArguments, renderScript.path)
        var ids = [render]
        var said = "submitted job \(render): the render array, \(renderScript.path)"
        if let concatScript {
            let concatArguments = concatSbatchArguments(after: render)
            let concat: String
            do {
                concat = try Self.sbatch(concatArguments, concatScript.path)
            } catch {
                // The array is queued: say so, and how to submit the join by hand.
                print(render)
                Console.error(
                    "the render array is submitted (job \(render)) but its concat job is not; submit it with:\n"
                        + "sbatch " + Self.shellWords(concatArguments + [concatScript.path]))
                throw error
            }
            ids.append(concat)
            said += "; job \(concat): the join, once every task of \(render) succeeded"
        }
        print(ids.joined(separator: " "))
        let list = ids.joined(separator: ",")
        Console.note(
            "\(said)\nfollow them: squeue -j \(list)   logs: \(folder)/   when done: sacct -j \(list)")
    }

    /// Runs `sbatch --parsable ARGUMENTS SCRIPT`; the job id it prints.
    private static func sbatch(_ arguments: [String], _ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sbatch", "--parsable"] + arguments + [script]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            Console.error("cannot run sbatch: \(error.localizedDescription)")
            throw ExitCode(2)
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let id = printed.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        guard process.terminationStatus == 0, !id.isEmpty, id.allSatisfy(\.isNumber) else {
            let reason = complaint.trimmingCharacters(in: .whitespacesAndNewlines)
            Console.error(
                "sbatch \(script) failed (exit \(process.terminationStatus))"
                    + (reason.isEmpty ? "" : ": \(reason)")
                    + (process.terminationStatus == 127 ? ": is Slurm installed (sbatch on PATH)?" : ""))
            throw ExitCode(2)
        }
        return id
    }
}
