import ArgumentParser
import Compositor
import Foundation
import Preview
import Renderer
import Scene

extension Pipeline {
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Serve a page on 127.0.0.1 that plays the pipeline, reloading it when its files change.",
            discussion: """
                Prints the page's URL first (preview: http://127.0.0.1:PORT/). The page plays, \
                scrubs and steps through the frames, rendered on demand as `pipeline frame` renders \
                them, and charts each step's progress over time. When the pipeline file or a plugin \
                file changes, the page shows the new version; a pipeline that no longer loads leaves \
                the last good one on show, with the error. Plugin code runs in child processes (as with \
                run --isolate): a plugin that crashes fails the frames it renders, not the server. \
                Open it at a time with ?t=SECONDS. It answers only requests to 127.0.0.1:PORT or \
                localhost:PORT, so other web pages cannot reach it. Ctrl-C stops it.

                Example: pipeline preview pipeline.json --port 8080
                """)

        @Argument(help: "The pipeline file.", completion: .file(extensions: ["json"])) var file: String
        @Option(help: ArgumentHelp("The port on 127.0.0.1 to listen on; 0 picks a free one.", valueName: "n")) var port:
            Int = 0
        @Flag(
            help:
                "Run the plugins' child processes sandboxed: plugins cannot read or write your files, use the network or start programs."
        )
        var sandbox = false
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func validate() throws {
            guard (0...65535).contains(port) else {
                throw ValidationError("--port must be 0 (any free port) to 65535, got \(port)")
            }
            guard !PipelineInput.isStandardInput(file) else {
                throw ValidationError(
                    "preview reloads the pipeline when its file changes, "
                        + "so it needs a file, not standard input (\(file))")
            }
        }

        func run() throws {
            let isolation = try Session.isolation(isolate: true, sandbox: sandbox)!
            let registry = Session.registry(plugins, pipelineFile: file, isolated: true)
            let scene: Scene
            let decoded: SceneImages
            let options: SceneDecoder.Options
            do {
                options = try images.decoderOptions
                (scene, decoded) = try Session.scene(file, registry: registry, options: options)
            } catch {
                registry.shutdown()
                throw error
            }
            let server: PreviewServer
            do throws(RenderError) {
                server = try PreviewServer(
                    file: file, explicitPluginDirectories: plugins.directories, registry: registry, scene: scene,
                    images: decoded,
                    options: options, isolation: isolation, scanner: .thisExecutable, port: port)
            } catch {
                registry.shutdown()
                throw Session.fail(error)
            }
            do throws(PreviewError) {
                try server.serve { url in FileHandle.standardOutput.write(Data("preview: \(url)\n".utf8)) }
            } catch {
                Console.error(error.description)
                throw ExitCode(2)
            }
            Console.note("preview: stopped")
        }
    }
}
