import ArgumentParser
import Foundation
import PipelineKit
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
        @OptionGroup var isolation: IsolationFlags
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func validate() throws {
            guard at.isFinite, (0...SceneDecoder.maxDuration).contains(at) else {
                throw ValidationError(
                    "--at must be a time in seconds in 0...\(Int(SceneDecoder.maxDuration)), got \(at)")
            }
            guard scale.isFinite, OpenPipeline.scales.contains(scale) else {
                throw ValidationError("--scale must be \(OpenPipeline.scales), got \(scale)")
            }
            try PathLimits.checkOutput(output, option: "-o")
        }

        func run() throws {
            let pipeline = try Session.open(
                file, plugins, images, placement: try isolation.placement)
            defer { pipeline.close() }
            if pipeline.scene.isPastTheEnd(at) {
                Console.error("--at \(at.formatted) is past the end: \(pipeline.scene.endDescription)")
                throw ExitCode.failure
            }
            let substitutions: [String]
            do throws(PipelineError) {
                substitutions = try pipeline.writeFrame(at: at, to: output, scale: scale)
            } catch {
                throw Session.fail(error)
            }
            substitutions.forEach(Console.warn)
            Console.note("wrote \(output)")
            if !substitutions.isEmpty { throw Session.writtenWithSubstitutions() }
        }
    }
}
