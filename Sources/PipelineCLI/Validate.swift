import ArgumentParser
import PipelineKit

extension Pipeline {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check a pipeline file without rendering.",
            discussion: OpenPipeline.validationGuide)

        @Argument(help: PipelineInput.argumentHelp(), completion: .file(extensions: ["json"])) var file: String
        @Flag(help: "Treat warnings as errors: exit with status 1 if there is any.") var strict = false
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func run() throws {
            // Plugins are scanned, never opened in this process: checking runs no plugin code.
            let pipeline = try Session.open(file, plugins, images, placement: .isolated, headersOnly: true)
            defer { pipeline.close() }
            for warning in pipeline.warnings { Console.line("\(strict ? "error" : "warning"): \(warning)") }
            if strict && !pipeline.warnings.isEmpty { throw ExitCode.failure }
            for line in pipeline.summary { print(line) }
        }
    }
}
