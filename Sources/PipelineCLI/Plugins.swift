import ArgumentParser
import PluginRegistry

extension Pipeline {
    struct Plugins: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plugins",
            abstract: "List the animators, mixers and timing curves the plugins provide.",
            discussion: """
                Shows every registered name with its parameters (type, range, default), the plugin file and \
                version it comes from, and every plugin file that was skipped, with the reason. Plugin files \
                are scanned once until they change; --rescan scans them all again.

                Examples:
                  pipeline plugins
                  pipeline plugins --plugins ./my-plugins --json
                  pipeline plugins --rescan
                """)

        @Flag(help: "Print JSON instead of text.") var json = false
        @Flag(help: "Forget what earlier scans found and open every plugin file again.") var rescan = false
        @OptionGroup var plugins: PluginOptions

        func run() throws {
            let searchPath = PluginSearchPath.directories(explicit: plugins.directories, pipelineFile: nil)
            let registry = Session.registry(plugins, pipelineFile: nil, reportProblems: false, rescan: rescan)
            defer { registry.shutdown() }
            let listing = PluginListing(registry: registry, searchPath: searchPath)
            print(json ? try listing.json() : listing.text, terminator: "")
        }
    }
}
