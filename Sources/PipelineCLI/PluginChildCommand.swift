import ArgumentParser
import Foundation
import PluginIsolation
import Renderer

extension Pipeline {
    /// The child side of `--isolate` (see `PluginChildServer`): hidden, run by the host itself.
    struct PluginChildCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_plugin-child",
            abstract: "Run plugin calls sent on standard input (used by pipeline run --isolate).",
            shouldDisplay: false)

        func run() throws {
            let status = PluginChildServer().serve()
            if status != 0 { throw ExitCode(status) }
        }
    }
}

extension Isolation {
    /// Children running this executable's hidden `_plugin-child` subcommand, with the call
    /// limit from `PIPELINE_CALL_TIMEOUT`.
    static var thisExecutable: Isolation {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return Isolation(
            command: [executable, "_plugin-child"], limit: CallLimit.from(ProcessInfo.processInfo.environment))
    }
}
