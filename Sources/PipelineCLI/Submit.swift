import ArgumentParser
import Foundation
import PipelineKit
import Renderer

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
        discussion: SlurmSubmission.guide)

    @Argument(help: "The pipeline file.", completion: .file(extensions: ["json"]))
    var file: String
    @Option(help: ArgumentHelp("How many parts (array tasks) to render the pipeline in.", valueName: "N"))
    var parts: Int
    @Option(
        name: [.customShort("o"), .setting(.directory)],
        help: ArgumentHelp("Write here instead of the file's output.dir.", valueName: "dir"), completion: .directory)
    var outputDirectory: String?
    @OptionGroup var picture: PictureFlags
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
        try OpenPipeline.RenderOptions(picture.given).validate()
        if let option = sbatchOptions.first(where: { $0.contains("\n") }) {
            throw ValidationError("an sbatch option holds a line break: \(option.debugDescription)")
        }
        if let tasks, !SlurmSubmission.isArrayList(tasks, below: parts) {
            throw ValidationError(
                "--tasks takes task numbers from 0 to \(parts - 1), as Slurm's --array writes them (3, 0,2, 4-7), "
                    + "got \"\(tasks)\"")
        }
    }

    func run() throws {
        let pipeline = try Session.open(file, plugins, images, placement: .isolated, headersOnly: true)
        defer { pipeline.close() }
        var request = SlurmSubmission.Request(parts: parts)
        request.render = try OpenPipeline.RenderOptions(picture.given + [(.directory, outputDirectory)])
        (request.batch, request.tasks, request.sbatchOptions) = (batch, tasks, sbatchOptions)
        request.executable = executable
        let options = Session.options(file, plugins, images, placement: .isolated)
        do throws(PipelineError) {
            let job = try SlurmSubmission(pipeline, options: options, request: request)
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
            let ids = try job.submit()
            if let failure = ids.concatFailure {
                print(ids.render)
                throw failure
            }
            let list = [ids.render] + (ids.concat.map { [$0] } ?? [])
            print(list.joined(separator: " "))
            Console.note(
                "submitted job \(ids.render): the render array, \(job.renderScript.path)"
                    + (ids.concat.map { "; job \($0): the join, once every task of \(ids.render) succeeded" } ?? "")
                    + "\nfollow them: squeue -j \(list.joined(separator: ","))   logs: \(job.folder)/   "
                    + "when done: sacct -j \(list.joined(separator: ","))")
        } catch {
            throw Session.fail(error)
        }
    }
}
