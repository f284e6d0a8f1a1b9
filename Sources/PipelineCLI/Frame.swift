import ArgumentParser
import Compositor
import Foundation
import Output
import Renderer
import Scene

extension Pipeline {
    struct Frame: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "frame",
            abstract: "Render the frame at one time to a PNG.",
            discussion: """
                --at is a time from 0 to the end of the render; between two frames the still shows that \
                exact moment.

                Examples:
                  pipeline frame pipeline.json --at 0.5 -o still.png
                  pipeline frame pipeline.json --at 1.2 --scale 0.5 -o draft.png
                  jq '.canvas.width = 390' pipeline.json | pipeline frame - --at 0 -o narrow.png
                """)

        @Argument(help: PipelineInput.argumentHelp(), completion: .file(extensions: ["json"])) var file: String
        @Option(parsing: .unconditional, help: ArgumentHelp("The time in seconds.", valueName: "seconds")) var at:
            Double
        @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write.", valueName: "path"), completion: .file())
        var output: String = "frame.png"
        @Option(
            help: ArgumentHelp("Render at this size factor; the picture scales, timing does not.", valueName: "factor"))
        var scale: Double = 1
        @Flag(
            help:
                "Run plugin code in a child process: a plugin that crashes or hangs fails with a message instead of ending pipeline."
        )
        var isolate = false
        @Flag(
            help:
                "Run plugin code in a sandboxed child process: as --isolate, and plugins cannot read or write your files, use the network or start programs."
        )
        var sandbox = false
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func validate() throws {
            guard at.isFinite, (0...SceneDecoder.maxDuration).contains(at) else {
                throw ValidationError(
                    "--at must be a time in seconds in 0...\(Int(SceneDecoder.maxDuration)), got \(at)")
            }
            guard scale.isFinite, Run.scales.contains(scale) else {
                throw ValidationError("--scale must be \(Run.scales), got \(scale)")
            }
            try PathLimits.checkOutput(output, option: "-o")
        }

        func run() throws {
            let isolation = try Session.isolation(isolate: isolate, sandbox: sandbox)
            let registry = Session.registry(plugins, pipelineFile: file, isolated: isolation != nil)
            defer { registry.shutdown() }
            let (scene, decoded) = try Session.scene(file, registry: registry, options: try images.decoderOptions)
            if scene.isPastTheEnd(at) {
                Console.error("--at \(at.formatted) is past the end: \(scene.endDescription)")
                throw ExitCode.failure
            }
            let substituted: Bool
            do throws(RenderError) {
                let renderer = try FrameRenderer(
                    evaluator: try FrameEvaluator(
                        scene: scene, isolation: isolation, renderScale: scale),
                    images: decoded, threads: 1)
                let frame = try renderer.render(time: at)
                do throws(OutputError) { try writePNG(frame.view, to: output) } catch {
                    throw RenderError.output(error)
                }
                substituted = Session.warn(about: renderer.evaluator.substitutions)
            } catch {
                throw Session.fail(error)
            }
            Console.note("wrote \(output)")
            if substituted { throw Session.writtenWithSubstitutions() }
        }
    }
}
