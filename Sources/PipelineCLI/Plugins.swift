import ArgumentParser
import PluginRegistry

extension Pipeline {
    struct Plugins: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plugins",
            abstract: "List the animators, mixers, effects and timing curves the plugins provide.",
            discussion: """
                Shows every registered name with its parameters (type, range, default), the plugin file and \
                version it comes from, and every plugin file that was skipped, with the reason (a GLSL transition \
                that does not compile among them), and the GL renderer GLSL transitions run on (JSON: \
                glslRenderer). Plugin files are scanned once until they change; --rescan scans them all again.

                Examples:
                  pipeline plugins
                  pipeline plugins --plugins ./my-plugins --json
                  pipeline plugins --rescan
                  pipeline plugins --strict --plugins ./my-plugins   # exit 1 if any plugin was skipped

                With --strict, a plugin file that was skipped, or a name two plugins register, makes the exit \
                status 1 (the listing still says why), so a script or CI can check a plugin folder.
                """)

        @Flag(help: "Print JSON instead of text.") var json = false
        @Flag(help: "Forget what earlier scans found and open every plugin file again.") var rescan = false
        @Flag(help: "Exit with status 1 when a plugin file was skipped or two plugins register one name.")
        var strict = false
        @OptionGroup var plugins: PluginOptions

        func run() throws {
            let searchPath = PluginSearchPath.directories(explicit: plugins.directories, pipelineFile: nil)
            let registry = Session.registry(
                plugins, pipelineFile: nil, reportProblems: false, rescan: rescan, isolated: true)
            defer { registry.shutdown() }
            registry.scanAllFrei0r()
            let listing = PluginListing(registry: registry, searchPath: searchPath)
            print(json ? try listing.json() : listing.text, terminator: "")
            if strict && !(registry.broken.isEmpty && registry.clashes.isEmpty) { throw ExitCode.failure }
        }
    }
}
