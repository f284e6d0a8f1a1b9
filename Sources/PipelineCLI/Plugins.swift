import ArgumentParser
import PipelineKit

extension Pipeline {
    struct Plugins: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "plugins", "List the animators, mixers, effects and timing curves the plugins provide.",
            guide: PluginCatalog.guide)

        @Argument(help: "Only names matching this shell pattern ('blur*', '*wipe*').") var pattern: String?
        @Option(help: "Only one kind: animator, mixer, effect or curve.") var kind: String?
        @Option(help: "Only one origin: native, frei0r or glsl.") var origin: String?
        @Option(help: "Only the plugins in this folder.", completion: .directory) var folder: String?
        @Option(help: "Also the plugins/ folder beside this pipeline file.", completion: .file(extensions: ["json"]))
        var pipeline: String?
        @Flag(help: "List the built-in and system plugins in full too, not a line per folder.") var all = false
        @Flag(help: "Print JSON (every plugin the filters keep) instead of text.") var json = false
        @Flag(help: "Forget what earlier scans found and open every plugin file again.") var rescan = false
        @Flag(help: "Exit with status 1 if a kept plugin file was skipped or a name registered twice.") var strict =
            false
        @OptionGroup var plugins: PluginOptions

        var filter: PluginCatalog.Filter {
            get throws { try Session.usage { try .init(pattern: pattern, kind: kind, origin: origin, folder: folder) } }
        }

        func validate() throws {
            _ = try filter
            if let pipeline, let problem = PluginCatalog.problem(withPipelineFile: pipeline) {
                throw ValidationError("--pipeline \(pipeline): \(problem)")
            }
        }

        func run() throws {
            let filter = try filter
            let catalog = PluginCatalog(folders: plugins.directories, pipelineFile: pipeline, rescan: rescan)
            defer { catalog.close() }
            print(json ? try catalog.listingJSON(filter) : catalog.listing(filter, all: all), terminator: "")
            if strict && catalog.hasProblems(filter) { throw ExitCode.failure }
        }
    }
}
