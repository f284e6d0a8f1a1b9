import ArgumentParser
import Foundation
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
        @Option(
            help: "Also the plugins in the plugins/ folder beside this pipeline file, as run finds them.",
            completion: .file(extensions: ["json"]))
        var pipeline: String?
        @Flag(help: "List the built-in and system plugins in full too, not a line per folder.") var all = false
        @Flag(help: "Print JSON (every plugin the filters keep) instead of text.") var json = false
        @Flag(help: "Forget what earlier scans found and open every plugin file again.") var rescan = false
        @Flag(
            help:
                "Exit with status 1 when a plugin file the filters keep was skipped for a fault, or two plugins register one name."
        )
        var strict = false
        @OptionGroup var plugins: PluginOptions

        var filter: PluginCatalog.Filter {
            get throws { try Session.usage { try .init(pattern: pattern, kind: kind, origin: origin, folder: folder) } }
        }

        func validate() throws {
            _ = try filter
            guard let pipeline else { return }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: pipeline, isDirectory: &isFolder), !isFolder.boolValue else {
                throw ValidationError(
                    "--pipeline \(pipeline): \(isFolder.boolValue ? "is a folder" : "no such file"): give the "
                        + "pipeline file whose plugins/ folder to list as well")
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
