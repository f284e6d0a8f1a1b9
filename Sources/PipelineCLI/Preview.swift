import ArgumentParser
import Foundation
import PipelineKit
import Preview

extension Pipeline {
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "preview", "Serve a page on 127.0.0.1 that plays the pipeline, reloading it when its files change.",
            guide: PreviewServer.guide)

        @Argument(help: "The pipeline file.", completion: .file(extensions: ["json"])) var file: String
        @Option(help: ArgumentHelp("The port on 127.0.0.1 to listen on; 0 picks a free one.", valueName: "n")) var port:
            Int = 0
        @Flag(
            help:
                "Run the plugins' child processes sandboxed: plugins cannot read or write your files, use the network or start programs."
        )
        var sandbox = false
        @Flag(help: "Edit the pipeline on the page: steps, curves, gestures (see below). The address holds a token.")
        var edit = false
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func validate() throws {
            guard (0...65535).contains(port) else {
                throw ValidationError("--port must be 0 (any free port) to 65535, got \(port)")
            }
            guard !OpenPipeline.StandardInput.isNamed(by: file) else {
                throw ValidationError(
                    "preview reloads the pipeline when its file changes, "
                        + "so it needs a file, not standard input (\(file))")
            }
        }

        func run() throws {
            let placement = try Session.placement(isolate: true, sandbox: sandbox)
            let pipeline = try Session.open(file, plugins, images, placement: placement)
            defer { pipeline.close() }
            try Session.attempt { try pipeline.decodeImages() }
            do throws(PreviewError) {
                let server = try PreviewServer(
                    pipeline, options: Session.options(file, plugins, images, placement: placement), port: port,
                    editing: edit)
                try server.serve { url in FileHandle.standardOutput.write(Data("preview: \(url)\n".utf8)) }
            } catch {
                Console.error(error.description)
                throw ExitCode(2)
            }
            Console.note("preview: stopped")
        }
    }
}
