import ArgumentParser
import PipelineKit

extension Pipeline {
    struct Plugins: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "plugins", "List the animators, mixers, effects and timing curves the plugins provide.",
            guide: PluginCatalog.guide)

        @Flag(help: "Print JSON instead of text.") var json = false
        @Flag(help: "Forget what earlier scans found and open every plugin file again.") var rescan = false
        @Flag(help: "Exit with status 1 when a plugin file was skipped or two plugins register one name.")
        var strict = false
        @OptionGroup var plugins: PluginOptions

        func run() throws {
            let catalog = PluginCatalog(folders: plugins.directories, rescan: rescan)
            defer { catalog.close() }
            print(json ? try catalog.listingJSON() : catalog.listing, terminator: "")
            if strict && catalog.hasProblems { throw ExitCode.failure }
        }
    }
}
