import ArgumentParser
import FarmSubmission
import Foundation
import PipelineKit

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

    @Argument(help: "The pipeline file.", completion: .file(extensions: ["json"])) var file: String
    @Option(help: .init("How many parts (array tasks) to render the pipeline in.", valueName: "N")) var parts: Int
    @Option(
        name: .setting(.directory),
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

    /// What the flags ask for.
    private func makeRequest() throws -> SlurmSubmission.Request {
        var request = SlurmSubmission.Request(parts: parts)
        request.render = try OpenPipeline.RenderOptions(picture.given + [(.directory, outputDirectory)])
        request.render.scale = picture.size.scale
        (request.batch, request.tasks, request.sbatchOptions) = (batch, tasks, sbatchOptions)
        request.executable = executable
        return request
    }

    func validate() throws {
        let request = try makeRequest()
        try Session.usage { try request.check(naming: { "--\($0)" }) }
        if now && dryRun { throw ValidationError("give --now or --dry-run, not both") }
        try request.render.validate()
    }

    func run() throws {
        let pipeline = try Session.open(file, plugins, images, placement: .isolated, headersOnly: true)
        defer { pipeline.close() }
        let request = try makeRequest()
        let options = Session.options(file, plugins, images, placement: .isolated)
        try Session.attempt {
            let job = try SlurmSubmission(pipeline, options: options, request: request)
            if dryRun { return print(job.scriptsAndCommands, terminator: "") }
            try job.write()
            guard now else { return Console.note(job.writtenNote) }
            let ids = try job.submit()
            if let failure = ids.concatFailure {
                print(ids.render)
                throw failure
            }
            print(ids.all.joined(separator: " "))
            Console.note(job.note(submitted: ids))
        }
    }
}
