import ArgumentParser
import Foundation
import Output
import Renderer
import Scene

extension Pipeline {
    struct Frame: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render the frame at one time to a PNG.",
            discussion: "Example: pipeline frame pipeline.json --at 0.5 -o still.png")

        @Argument(help: "The pipeline file.") var file: String
        @Option(parsing: .unconditional, help: ArgumentHelp("The time in seconds.", valueName: "seconds")) var at: Double
        @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write.", valueName: "path")) var output: String = "frame.png"
        @OptionGroup var plugins: PluginOptions

        func validate() throws {
            guard at.isFinite, (0...SceneDecoder.maxDuration).contains(at) else {
                throw ValidationError("--at must be a time in seconds in 0...\(Int(SceneDecoder.maxDuration)), got \(at)")
            }
        }

        func run() throws {
            let registry = Session.registry(plugins, pipelineFile: file)
            defer { registry.shutdown() }
            let scene = try Session.scene(file, registry: registry)
            do throws(RenderError) {
                let renderer = FrameRenderer(evaluator: try FrameEvaluator(scene: scene), threads: 1)
                let frame = try renderer.render(time: at)
                do throws(OutputError) { try writePNG(frame.view, to: output) } catch { throw RenderError.output(error) }
            } catch {
                throw Session.fail(error)
            }
            Console.note("wrote \(output)")
        }
    }
}
