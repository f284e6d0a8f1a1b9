import ArgumentParser
import Compositor
import PipelineKit
import Scene

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
            let scene = pipeline.scene
            let counts = [(scene.frameCount, "frame"), (scene.layers.count, "layer"), (scene.steps.count, "step")]
                .map { count, noun in "\(count) \(noun)\(count == 1 ? "" : "s")" }
            let warnings = scene.warnings
            for warning in warnings {
                Console.line("\(strict ? "error" : "warning"): \(warning.description)")
            }
            if strict && !warnings.isEmpty { throw ExitCode.failure }
            let size = "\(scene.canvas.width)×\(scene.canvas.height)"
            let rate = "\(scene.fps.formatted) fps"
            print("\(PipelineInput.name(file)): ok — \(size), \(counts[0]) at \(rate), \(counts[1]), \(counts[2])")
            for line in pipeline.images.vectors.summary(of: scene) { print("  \(line)") }
            for line in scene.filterSummary { print("  \(line)") }
        }
    }
}

extension Double {
    /// 60 rather than 60.0; 29.97 as is.
    var formatted: String { rounded() == self ? String(Int(self)) : String(self) }
}
