import ArgumentParser
import Foundation
import PluginCheck

extension Pipeline {
    /// The child side of `check-plugin` (see `PluginCheckChild`): hidden, run by the host itself.
    struct CheckPluginChild: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_check-plugin-child",
            abstract: "Check one plugin file and report on standard output (used by pipeline check-plugin).",
            shouldDisplay: false)

        @Argument var file: String
        @Option(name: .customLong("budget-ms")) var budget: Double
        @Option var timeout: Double
        @Option var threads: Int
        @Option(help: "Operations to leave out, as codes separated by ','.") var skip: String = ""

        func run() throws {
            let skipping = Set(skip.split(separator: ",").compactMap(CheckOperation.init(code:)))
            let settings = CheckSettings(
                budget: .microseconds(Int64(budget * 1000)), timeLimit: .milliseconds(Int64(timeout * 1000)),
                threads: threads)
            let status = PluginCheckChild.run(file: file, skipping: skipping, settings: settings)
            if status != 0 { throw ExitCode(status) }
        }

        /// This executable with this subcommand.
        static var command: [String] {
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            return [executable, "_check-plugin-child"]
        }
    }
}
