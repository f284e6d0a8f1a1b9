import ArgumentParser
import Foundation
import PipelineKit
import PluginAuthoring

extension Pipeline {
    struct CheckPlugin: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "check-plugin", "Check a plugin file: call everything it registers and report what is wrong.",
            guide: PluginFileCheck.guide)

        @Argument(
            help: ArgumentHelp("The plugin file (or GLSL transition).", valueName: "file.so"),
            completion: .file(extensions: ["so", "glsl"]))
        var file: String
        @Flag(help: "Print the report as JSON.") var json = false
        @Option(
            name: .customLong("budget-ms"),
            help: ArgumentHelp(
                "How long one apply, mix or curve call (an effect's reach and apply) may take, in milliseconds.",
                valueName: "ms"))
        var budget: Double = 50
        @Option(help: ArgumentHelp("Seconds after which a call counts as hung.", valueName: "seconds"))
        var timeout: Double = 5
        @OptionGroup var plugins: PluginOptions

        func validate() throws {
            guard budget > 0, budget.isFinite else { throw ValidationError("--budget-ms must be a positive number") }
            guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number") }
        }

        func run() throws {
            let started = ContinuousClock.now
            let report = PluginFileCheck(
                file: file, executable: PipelineInstallation.current.executable ?? CommandLine.arguments[0],
                namesAmong: plugins.directories, budget: .milliseconds(budget), timeLimit: .milliseconds(timeout * 1000)
            ) { line in
                // Quick checks stay quiet; a slow one says what it is doing.
                if ContinuousClock.now - started > .seconds(1) { Console.note("check-plugin: \(line)") }
            }
            if json { print(report.json, terminator: "") }
            if let error = report.error {
                Console.error("\(file): cannot be checked: \(error)")
            } else if !json {
                print(report.text, terminator: "")
            }
            if report.status != 0 { throw ExitCode(report.status) }
        }
    }
}
