import ArgumentParser
import PipelineKit

extension Pipeline {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "validate", "Check a pipeline file without rendering.",
            guide: OpenPipeline.validationGuide)

        @OptionGroup var input: PipelineFile
        @Flag(help: "Treat warnings as errors: exit with status 1 if there is any.") var strict = false
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func run() throws {
            // Plugins are scanned, never opened in this process: checking runs no plugin code.
            let pipeline = try Session.open(input.file, plugins, images, placement: .isolated, headersOnly: true)
            defer { pipeline.close() }
            for warning in pipeline.warnings { Console.line("\(strict ? "error" : "warning"): \(warning)") }
            if strict && !pipeline.warnings.isEmpty { throw ExitCode.failure }
            for line in pipeline.summary { print(line) }
        }
    }
}
