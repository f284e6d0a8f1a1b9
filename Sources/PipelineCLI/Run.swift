import ArgumentParser
import Foundation
import Output
import Renderer
import Scene

extension Pipeline {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a pipeline to PNG frames and videos.",
            discussion: """
                Writes one PNG per frame (frame_0000.png …) and, through ffmpeg, <name>.mp4 and <name>.gif, \
                where <name> is the pipeline file's name. Files appear only when complete.

                Examples:
                  pipeline run pipeline.json
                  pipeline run pipeline.json --out /tmp/render --format png,mp4
                  pipeline run transition.json --plugins ./my-plugins
                """)

        @Argument(help: "The pipeline file.") var file: String
        @Option(name: .customLong("out"), help: ArgumentHelp("Write here instead of the file's output.dir.", valueName: "dir"))
        var outputDirectory: String?
        @Option(name: .customLong("format"), help: ArgumentHelp("Comma-separated formats instead of the file's output.formats: png, mp4, gif.", valueName: "list"))
        var formatList: String?
        @Option(help: "Frames rendered in parallel; the default is the number of cores.") var threads: Int = min(ProcessInfo.processInfo.activeProcessorCount, 256)
        @Flag(help: "Print nothing but errors.") var quiet = false
        @OptionGroup var plugins: PluginOptions

        func validate() throws {
            if let formats = try formats(), formats.isEmpty {
                throw ValidationError("--format lists no format: give one or more of \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard (1...256).contains(threads) else { throw ValidationError("--threads must be 1...256, got \(threads)") }
        }

        func run() throws {
            let registry = Session.registry(plugins, pipelineFile: file)
            defer { registry.shutdown() }
            let scene = try Session.scene(file, registry: registry)
            let directory = outputDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? scene.output.directory
            var plan = OutputPlan(scene: scene, directory: directory, formats: try formats() ?? scene.output.formats)
            let sinks = plan.openSinks()
            // Nothing to write to: rendering would be wasted (the problems are already reported).
            guard !sinks.isEmpty else { throw ExitCode(2) }
            do throws(RenderError) {
                try render(scene, into: sinks.map { $0.sink })
            } catch {
                sinks.forEach { $0.sink.abandon() }
                throw Session.fail(error)
            }
            let written = finishAll(sinks)
            if !quiet && !written.isEmpty { Console.note("wrote \(written.joined(separator: ", "))") }
            if !plan.problems.isEmpty || written.count < sinks.count { throw ExitCode(2) }
        }

        /// Finishes every output, so one failing encoder does not cost the others; returns
        /// what was written.
        private func finishAll(_ sinks: [(path: String, sink: any FrameSink)]) -> [String] {
            sinks.compactMap { path, sink in
                do throws(OutputError) {
                    try sink.finish()
                    return path
                } catch {
                    Console.error(error.description)
                    return nil
                }
            }
        }

        private func render(_ scene: Scene, into sinks: [any FrameSink]) throws(RenderError) {
            let renderer = FrameRenderer(evaluator: try FrameEvaluator(scene: scene), threads: threads)
            let progress = ProgressReporter(total: scene.frameCount, quiet: quiet)
            try renderer.render(frames: 0..<scene.frameCount) { index, frame throws(RenderError) in
                for sink in sinks {
                    do throws(OutputError) { try sink.write(frame, index: index) } catch { throw RenderError.output(error) }
                }
                progress.advance()
            }
            progress.finish()
        }

        /// `--format png,mp4`, checked against the known formats.
        private func formats() throws -> [OutputFormat]? {
            guard let formatList else { return nil }
            let names = formatList.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw ValidationError("--format lists \"\(twice)\" twice")
            }
            return try names.map { name in
                guard let format = OutputFormat(rawValue: name) else {
                    throw ValidationError("unknown format \"\(name)\" in --format: expected \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return format
            }
        }
    }
}
