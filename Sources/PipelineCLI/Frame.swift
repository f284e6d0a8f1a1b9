import ArgumentParser
import Foundation
import PipelineKit

extension Pipeline {
    struct Frame: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "frame", "Render the frame at one time to a PNG.",
            guide: OpenPipeline.frameGuide)

        @OptionGroup var input: PipelineFile
        @Option(parsing: .unconditional, help: .init("The time in seconds.", valueName: "seconds")) var at: Double
        @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write.", valueName: "path"), completion: .file())
        var output: String = "frame.png"
        @OptionGroup var size: ScaleOption
        @OptionGroup var isolation: IsolationFlags
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func validate() throws {
            guard at.isFinite, (0...OpenPipeline.maximumDuration).contains(at) else {
                throw ValidationError(
                    "--at must be a time in seconds in 0...\(Int(OpenPipeline.maximumDuration)), got \(at)")
            }
            try checkOutput(output, option: "-o")
        }

        func run() throws {
            let pipeline = try Session.open(input.file, plugins, images, placement: try isolation.placement)
            defer { pipeline.close() }
            if let problem = pipeline.pastTheEnd(at) {
                Console.error("--at \(problem)")
                throw ExitCode.failure
            }
            let substitutions = try Session.attempt { try pipeline.writeFrame(at: at, to: output, scale: size.scale) }
            substitutions.forEach(Console.warn)
            Console.note("wrote \(output)")
            if !substitutions.isEmpty { throw Session.writtenWithSubstitutions() }
        }
    }
}
