import ArgumentParser
import Foundation
import PluginIsolation
import PluginRegistry
import Renderer

extension Pipeline {
    /// The child side of `--isolate` (see `PluginChildServer`): hidden, run by the host itself.
    struct PluginChildCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_plugin-child",
            abstract: "Run plugin calls sent on standard input (used by pipeline run --isolate).",
            shouldDisplay: false)

        @Flag(help: "Enter the sandbox before any plugin code runs.") var sandbox = false
        @Option(help: "A plugin file the sandboxed child may open.") var plugin: [String] = []

        func run() throws {
            if sandbox {
                do throws(PluginSandbox.Failure) { try PluginSandbox.enter(plugins: plugin, requireFiles: true) } catch
                {
                    Console.error("could not enter the plugin sandbox: \(error.description)")
                    throw ExitCode(4)
                }
            }
            let status = PluginChildServer().serve()
            if status != 0 { throw ExitCode(status) }
        }
    }
}

extension Isolation {
    /// Children running this executable's hidden `_plugin-child` subcommand, with the call
    /// limit from `PIPELINE_CALL_TIMEOUT`.
    static var thisExecutable: Isolation { thisExecutable(sandboxed: false) }

    /// The same, the children sandboxed when `sandboxed` (`--sandbox`).
    static func thisExecutable(sandboxed: Bool) -> Isolation {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return Isolation(
            command: [executable, "_plugin-child"], limit: CallLimit.from(ProcessInfo.processInfo.environment),
            sandboxed: sandboxed)
    }
}
