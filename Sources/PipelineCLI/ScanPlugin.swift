import ArgumentParser
import Foundation
import PluginRegistry

extension Pipeline {
    /// The child side of the plugin scan (see `PluginScanner`): hidden, run by the host itself.
    struct ScanPlugin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_scan-plugin",
            abstract: "Open one plugin file and print what it registers, as JSON (used by pipeline itself).",
            shouldDisplay: false)

        @Argument(help: "The plugin file, symlinks resolved.") var file: String
        @Option(help: "The path the plugin is shown as in messages.") var shownAs: String

        func run() throws {
            FileHandle.standardOutput.write(try PluginScanner.report(file: file, shownAs: shownAs))
        }
    }
}

extension PluginScanner {
    /// Scans with this executable's hidden `_scan-plugin` subcommand.
    static var thisExecutable: PluginScanner {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return PluginScanner(command: [executable, "_scan-plugin"])
    }
}
