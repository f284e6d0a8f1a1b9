import ChildProcess
import Foundation
import Output
import PipelineKit
import Renderer
import Scene

/// A render as a Slurm job array of shard parts and a concat job that runs once every part
/// succeeded: the two batch scripts, written into `<out>/slurm/`, and the sbatch commands that
/// submit them. Every path in the scripts is absolute (the nodes see one shared file system).
public struct SlurmSubmission: Sendable {
    public struct Script: Sendable {
        public let path: String
        public let text: String
    }

    /// What the submission renders and how.
    public struct Request: Sendable {
        /// How many parts (array tasks).
        public var parts: Int
        /// The picture every task renders and the folder they write into; each task's shard and
        /// threads are its own.
        public var render = Pipeline.RenderOptions()
        /// A variants file: each task renders its share of the variants, with nothing to join.
        public var batch: String?
        /// Only these tasks of the array (Slurm's `--array` list, from 0: `3`, `0,2`, `4-7`).
        public var tasks: String?
        /// The pipeline executable the nodes run; the installation's by default.
        public var executable: String?
        /// Options given to sbatch for both jobs (a partition, a time limit).
        public var sbatchOptions: [String] = []

        public init(parts: Int) { self.parts = parts }
    }

    public let folder: String
    public let renderScript: Script
    /// Nil when there is nothing to join (PNG frames only, one part, or a batch).
    public let concatScript: Script?
    let tasks: String?
    let sbatchOptions: [String]

    /// The most parts (array tasks) a render may be submitted in.
    public static let maximumParts = FrameSelection.maximumShards

    /// The submission of `pipeline` (opened with `options`, whose plugin folders, props and image
    /// settings every task repeats) as `request` asks.
    public init(_ pipeline: Pipeline, options: Pipeline.OpenOptions, request: Request) throws(PipelineError) {
        func refuse(_ message: String) -> PipelineError { PipelineError(.argument, message) }
        try request.check()
        let checked = try request.render.checkedOutputs()
        let scene = pipeline.scene
        let parts = request.parts
        let out = Self.absolute(request.render.directory ?? scene.output.directory)
        folder = "\(out)/slurm"
        guard let executable = request.executable.map(Self.absolute) ?? options.installation.executable else {
            throw refuse("the pipeline executable the nodes run was not found: name it")
        }
        let name = scene.output.name
        let formats = checked.formats ?? scene.output.formats
        let previews = checked.previews ?? (checked.formats == nil ? scene.output.previews : [])
        let frameCount = request.render.fps.map { scene.retimed(fps: $0).frameCount } ?? scene.frameCount
        let batch = request.batch.map(Self.absolute)
        if batch == nil && parts > frameCount {
            throw refuse("parts \(parts) is more than the render's \(frameCount) frames: give at most \(frameCount)")
        }
        if batch == nil && parts > 1 && formats.contains(.webp) {
            throw refuse(
                "animated WebP parts cannot be joined (ffmpeg cannot read them back): leave webp out of the "
                    + "formats, or render it in one part")
        }
        if batch == nil && parts > 1, let preview = previews.first {
            throw refuse(
                "the preview \(preview.spec) takes its frames from the whole render, which parts split: render it in "
                    + "one part, or leave it out of the formats")
        }
        let label = "pipeline-\(Self.jobName(name))"
        typealias Setting = Pipeline.RenderOptions.Setting
        var run = [
            executable, "run", Self.absolute(pipeline.file), Setting.directory.option, out, Setting.resume.option,
        ]
        if let batch { run += [Pipeline.Option.batch.option, batch] }
        run += request.render.arguments(Pipeline.RenderOptions.Setting.picture) + (try Self.arguments(options))
        // One part is the whole render, written under the names a render on one machine gives.
        let shard = parts > 1 ? " \(Setting.shard.option) \"$((SLURM_ARRAY_TASK_ID + 1))/\(parts)\"" : ""
        let threads = "${SLURM_CPUS_PER_TASK:+\(Setting.threads.option) \"$SLURM_CPUS_PER_TASK\"}"
        renderScript = Script(
            path: "\(folder)/render.sbatch",
            text: Self.script(
                lines: ["#SBATCH --job-name=\(label)", "#SBATCH --array=0-\(parts - 1)"],
                comment: parts > 1
                    ? "Task T renders shard T+1 of \(parts); complete frames of an earlier try are kept."
                    : "One task renders the whole; complete frames of an earlier try are kept.",
                command: Self.shellWords(run) + "\(shard) \(threads)"))
        let videos = batch != nil || parts == 1 ? [] : formats.filter { $0 != .png }
        let joins = videos.map { format in
            let files = (1...parts).compactMap { index -> String? in
                let range = (try? FrameSelection.shard(index, of: parts).range(frameCount: frameCount)) ?? 0..<0
                guard !range.isEmpty else { return nil }
                return "\(out)/" + VideoPart(base: name, frames: range, frameCount: frameCount, format: format).fileName
            }
            return Self.shellWords([executable, "concat", "\(out)/\(name).\(format.rawValue)"] + files)
        }
        concatScript =
            joins.isEmpty
            ? nil
            : Script(
                path: "\(folder)/concat.sbatch",
                text: Self.script(
                    lines: ["#SBATCH --job-name=\(label)-concat"],
                    comment: "Joins the parts of every video once all of \(parts) tasks succeeded.",
                    command: joins.joined(separator: "\n")))
        (tasks, sbatchOptions) = (request.tasks, request.sbatchOptions)
    }

    /// The `pipeline run` arguments that open the pipeline as `options` do, paths made absolute.
    static func arguments(_ options: Pipeline.OpenOptions) throws(PipelineError) -> [String] {
        guard options.props == nil else {
            throw PipelineError(.argument, "a farm's tasks read props from a file: give propsFile, not props")
        }
        var arguments = options.pluginFolders.flatMap { [Pipeline.Option.pluginFolders.option, absolute($0)] }
        if options.allowsOutsideFiles { arguments.append(Pipeline.Option.allowsOutsideFiles.option) }
        if options.imageMemoryLimit != SceneDecoder.Options.defaultImageMemoryLimit {
            arguments += [Pipeline.Option.imageMemoryLimit.option, String(options.imageMemoryLimit >> 20)]
        }
        if let props = options.propsFile { arguments += [Pipeline.Option.props.option, absolute(props)] }
        return arguments + options.set.flatMap { [Pipeline.Option.set.option, $0] }
    }

    /// `3`, `0,2`, `4-7`, `0-6:2`, `1,4-5`: Slurm's array syntax, every task below `count`.
    public static func isArrayList(_ text: String, below count: Int) -> Bool {
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

    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// Letters, digits, `-`, `_` and `.` of the pipeline's name, for squeue's listing.
    private static func jobName(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
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
    /// in a log's name as a pattern), the extra options, and the tasks to submit.
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

    private static func logPattern(_ path: String) -> String { path.replacingOccurrences(of: "%", with: "%%") }

    /// The sbatch commands that submit the scripts, as a user types them.
    public var commands: [String] {
        let render = "jobid=$(sbatch --parsable \(Self.shellWords(renderSbatchArguments + [renderScript.path])))"
        guard let concatScript else { return [render] }
        let concat = Self.shellWords(concatSbatchArguments(after: "RENDER") + [concatScript.path])
        return [
            render, "sbatch " + concat.replacingOccurrences(of: "afterok:RENDER", with: "afterok:'\"${jobid%%;*}\"'"),
        ]
    }

    /// Each script under its path, then the commands that submit them: what a dry run shows.
    public var scriptsAndCommands: String {
        ([renderScript] + (concatScript.map { [$0] } ?? [])).map { "# \($0.path)\n\($0.text)\n" }.joined()
            + "# submitted with:\n\(commands.joined(separator: "\n"))\n"
    }

    /// Where the scripts were written, and the commands that submit them.
    public var writtenNote: String {
        "wrote \(renderScript.path)" + (concatScript.map { " and \($0.path)" } ?? "") + "; submit them with:\n"
            + commands.joined(separator: "\n")
    }

    /// What the jobs `submitted` are, and how to follow them: squeue, the logs, sacct.
    public func note(submitted ids: Submitted) -> String {
        let list = ids.all.joined(separator: ",")
        return "submitted job \(ids.render): the render array, \(renderScript.path)"
            + (ids.concat.map { "; job \($0): the join, once every task of \(ids.render) succeeded" } ?? "")
            + "\nfollow them: squeue -j \(list)   logs: \(folder)/   when done: sacct -j \(list)"
    }

    /// Writes the scripts (executable) into `folder`.
    public func write() throws(PipelineError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for script in [renderScript] + (concatScript.map { [$0] } ?? []) {
                try Data(script.text.utf8).write(to: URL(fileURLWithPath: script.path))
                chmod(script.path, 0o755)
            }
        } catch {
            throw PipelineError(.render, "cannot write the scripts into \(folder): \(error.localizedDescription)")
        }
    }

    /// The ids of the jobs submitted.
    public struct Submitted: Sendable {
        public let render: String
        /// Nil when there is nothing to join, or when its submission failed (`concatFailure`).
        public let concat: String?
        /// Why the concat job was not submitted though the array was, with the command that
        /// submits it by hand.
        public let concatFailure: PipelineError?

        /// The ids of every job submitted, the render array's first.
        public var all: [String] { [render] + (concat.map { [$0] } ?? []) }
    }

    /// Submits the array, then the concat job depending on it. An array that cannot be
    /// submitted is an error; a concat job that cannot be is `concatFailure`, the array queued.
    public func submit() throws(PipelineError) -> Submitted {
        let render = try Self.sbatch(renderSbatchArguments, renderScript.path)
        guard let concatScript else { return Submitted(render: render, concat: nil, concatFailure: nil) }
        let concatArguments = concatSbatchArguments(after: render)
        do throws(PipelineError) {
            let concat = try Self.sbatch(concatArguments, concatScript.path)
            return Submitted(render: render, concat: concat, concatFailure: nil)
        } catch {
            let failure = PipelineError(
                .render,
                error.description + "\nthe render array is submitted (job \(render)) but its concat job is not; "
                    + "submit it with:\nsbatch " + Self.shellWords(concatArguments + [concatScript.path]))
            return Submitted(render: render, concat: nil, concatFailure: failure)
        }
    }

    /// Runs `sbatch --parsable ARGUMENTS SCRIPT`; the job id it prints.
    private static func sbatch(_ arguments: [String], _ script: String) throws(PipelineError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sbatch", "--parsable"] + arguments + [script]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do throws(ChildStartFailure) {
            try process.start()
        } catch {
            throw PipelineError(.render, "cannot run sbatch: \(error.reason)")
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let id = printed.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        guard process.terminationStatus == 0, !id.isEmpty, id.allSatisfy(\.isNumber) else {
            let reason = complaint.trimmingCharacters(in: .whitespacesAndNewlines)
            throw PipelineError(
                .render,
                "sbatch \(script) failed (exit \(process.terminationStatus))" + (reason.isEmpty ? "" : ": \(reason)")
                    + (process.terminationStatus == 127 ? ": is Slurm installed (sbatch on PATH)?" : ""))
        }
        return id
    }
}

extension SlurmSubmission.Request {
    /// Checks the parts, the sbatch options and the tasks, throwing the first problem. `name`
    /// spells `parts` and `tasks` in the message: as is by default, `--parts` for a command.
    public func check(naming name: (String) -> String = { $0 }) throws(PipelineError) {
        guard (1...SlurmSubmission.maximumParts).contains(parts) else {
            throw PipelineError(.argument, "\(name("parts")) must be 1...\(SlurmSubmission.maximumParts), got \(parts)")
        }
        if let option = sbatchOptions.first(where: { $0.contains("\n") }) {
            throw PipelineError(.argument, "an sbatch option holds a line break: \(option.debugDescription)")
        }
        if let tasks, !SlurmSubmission.isArrayList(tasks, below: parts) {
            throw PipelineError(
                .argument,
                "\(name("tasks")) takes task numbers from 0 to \(parts - 1), as Slurm's --array writes them "
                    + "(3, 0,2, 4-7), got \"\(tasks)\"")
        }
    }
}
