import ArgumentParser
import Foundation
import PipelineKit

extension Pipeline {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "run", "Render a pipeline to PNG frames, videos and animations.",
            guide: OpenPipeline.RenderOptions.guide)

        @Argument(help: PipelineInput.argumentHelp(namingVideos: true), completion: .file(extensions: ["json"]))
        var file: String
        @OptionGroup var render: RenderFlags
        @Option(name: .option(.batch), help: ArgumentHelp(option: .batch), completion: .file(extensions: ["jsonl"]))
        var batch: String?
        @Flag(help: "Print nothing but errors.") var quiet = false
        @OptionGroup var isolation: IsolationFlags
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        /// The scheduler's variables `--shard auto` reads (Slurm's, Kubernetes'): read here, at the edge.
        static var environment: [String: String] { ProcessInfo.processInfo.environment }

        /// The render options the flags give; with `--batch`, `--shard` is the variants' (checked apart).
        private func options() throws -> OpenPipeline.RenderOptions {
            var options = try OpenPipeline.RenderOptions(render.given, environment: Self.environment)
            options.scale = render.picture.size.scale
            if batch != nil { options.shard = nil }
            options.stopsOnSignals = true
            return options
        }

        func validate() throws {
            try options().validate()
            if batch != nil {  // --shard takes a share of the variants
                try OpenPipeline.RenderOptions([(.shard, render.shard)], environment: Self.environment).validate()
            }
            guard render.directory == "-" else { return }
            let formats = render.picture.formats?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let (resume, discard, format) = (
                RenderSetting.resume.option, RenderSetting.discard.option, RenderSetting.formats.option
            )
            if render.resume { throw ValidationError("\(resume) continues a run into a folder: leave out -o -") }
            if render.discard {
                throw ValidationError(
                    "\(discard) writes nothing: leave out \(format) and \(RenderSetting.directory.option)")
            }
            if batch != nil {
                throw ValidationError("\(OpenPipeline.Option.batch.option) writes a folder per variant: leave out -o -")
            }
            guard formats == ["y4m"] else {
                throw ValidationError("-o - streams Y4M to standard output: give \(format) y4m, and no other format")
            }
            guard isatty(STDOUT_FILENO) == 0 else {
                throw ValidationError(
                    "-o - would write video onto the terminal: pipe it (| ffplay -) or redirect it (> clip.y4m)")
            }
        }

        func run() throws {
            if let batch { return try runBatch(batch) }
            var options = try options()
            // Claimed first, so nothing (not even a plugin's printf) can reach the stream but the stream.
            if render.directory == "-" { options.stream = Self.claimStandardOutput() }
            OpenPipeline.rasterizeGLSLOnLanes(options.threads)
            let pipeline = try Session.open(
                file, plugins, images, placement: try isolation.placement, threads: options.threads)
            defer { pipeline.close() }
            let result = try Session.attempt { try pipeline.render(options, observer: ProgressReporter(quiet: quiet)) }
            if result.substitutedValues { throw Session.writtenWithSubstitutions() }
            if !result.isComplete { throw ExitCode(2) }
        }

        /// Moves the real standard output to a new descriptor for the stream, and points
        /// descriptor 1 at standard error for everything else.
        private static func claimStandardOutput() -> FileHandle {
            let stream = dup(STDOUT_FILENO)
            dup2(STDERR_FILENO, STDOUT_FILENO)
            return FileHandle(fileDescriptor: stream, closeOnDealloc: true)
        }

        /// `--batch`: every variant (the shard's, with `--shard`) rendered into a folder of its own.
        private func runBatch(_ variants: String) throws {
            var options = try options()
            options.shard = render.shard
            let openOptions = Session.options(file, plugins, images, placement: try isolation.placement)
            let bytes = OpenPipeline.StandardInput.isNamed(by: file) ? try PipelineInput.standardInput() : nil
            let result = try Session.attempt {
                try OpenPipeline.renderBatch(
                    file: OpenPipeline.StandardInput.shownName(file), bytes: bytes, variantsFile: variants,
                    options: openOptions,
                    render: options, observer: ProgressReporter(quiet: quiet))
            }
            if result.variants.isEmpty, let shard = render.shard {
                if !quiet { Console.note("shard \(shard) of \(result.total) variants has none: nothing to render") }
                return
            }
            result.failures.forEach(Console.error)
            switch result.status {
            case 0: if !quiet { Console.note(result.summary) }
            case 130: Console.note(result.summary)
            default: Console.error(result.summary)
            }
            if result.status != 0 { throw ExitCode(result.status) }
        }
    }
}
