import ArgumentParser
import Compositor
import Scene

extension Pipeline {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check a pipeline file without rendering.",
            discussion: """
                Checks the JSON, every key and value, the names of layers, animators and timing curves, \
                every parameter against its plugin's descriptor, and every image's header: that the file is a \
                PNG, JPEG or WebP within the size limit. SVG and Lottie files are read and checked (an SVG's \
                references must lie in the pipeline file's folder) and listed with their sizes and frames. \
                Pixel data is not decoded (a file cut off in its pixels fails when rendered).

                It also warns, at the place to change, about what is valid but most likely not meant: a step \
                that starts at or after the end of the render, a mixer blending from or into a layer that is \
                hidden or fully transparent when it starts, and two steps running the same animator on the same \
                layer over overlapping spans (the later one wins). A text whose font family is found neither \
                among the pipeline's "fonts" nor installed is an error, unless it sets "fallback": true. \
                Warnings leave the exit status 0; with --strict they are errors (status 1).

                Examples:
                  pipeline validate pipeline.json
                  jq '.canvas.fps = 30' pipeline.json | pipeline validate -
                """)

        @Argument(help: PipelineInput.argumentHelp(), completion: .file(extensions: ["json"])) var file: String
        @Flag(help: "Treat warnings as errors: exit with status 1 if there is any.") var strict = false
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func run() throws {
            let registry = Session.registry(plugins, pipelineFile: file, isolated: true)
            defer { registry.shutdown() }
            let (scene, media, _) = try Session.media(
                file, registry: registry, options: try images.decoderOptions, headersOnly: true, probingSound: true)
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
            for line in media.vectors.summary(of: scene) { print("  \(line)") }
            for line in scene.filterSummary { print("  \(line)") }
        }
    }
}

extension Double {
    /// 60 rather than 60.0; 29.97 as is.
    var formatted: String { rounded() == self ? String(Int(self)) : String(self) }
}
