import ArgumentParser
import Foundation
import Output
import PipelineKit
import PluginCheck
import PluginIsolation
import PluginRegistry
import Scene

/// The `pipeline` command: configuration only; each subcommand lives in its own file.
@main
struct Pipeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Render UI transition animations from JSON pipelines and animator plugins.",
        discussion: """
            Animators, mixers and timing curves come from plugins (shared libraries) found in, in order: \
            --plugins DIR (repeatable), $PIPELINE_PLUGIN_PATH (colon-separated), plugins/ beside the \
            pipeline file, and the built-in plugin folder installed with pipeline.

            Exit status: 0 done, 1 the input was wrong, 2 a plugin or the environment failed.
            """,
        version: Versions.text,
        subcommands: [
            Run.self, Frame.self, Validate.self, Plugins.self, Sheet.self, Preview.self, Schema.self, NewAnimator.self,
            CheckPlugin.self, Concat.self, Submit.self,
        ])

    /// The child processes pipeline starts running itself, by their hidden first argument: each
    /// module that starts one reads its arguments.
    static let children: [String: @Sendable ([String]) -> Int32] = [
        "_scan-plugin": PluginScanner.childMain, "_plugin-child": PluginChildServer.main,
        "_check-plugin-child": PluginCheckChild.main,
    ]

    /// As argument-parser's `main`, except that a usage error (a missing --plugins folder, an
    /// unknown --format, an unknown command) exits 1, "the input was wrong", instead of 64:
    /// users script against 0/1/2.
    static func main() {
        let arguments = CommandLine.arguments
        if arguments.count > 1, let child = children[arguments[1]] {
            Foundation.exit(child(Array(arguments.dropFirst(2))))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let unknown = unknownCommand(CommandLine.arguments.dropFirst().first)
            let message = unknown.map { "error: \($0)" } ?? fullMessage(for: error)
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(withError: ExitCode.failure)
        }
    }
}

/// Options every command shares.
struct PluginOptions: ParsableArguments {
    @Option(
        name: .customLong("plugins"),
        help: ArgumentHelp("A folder of plugins to load first (repeatable).", valueName: "dir"),
        completion: .directory)
    var directories: [String] = []

    func validate() throws {
        for directory in directories {
            if let problem = PathLimits.problem(directory) {
                throw ValidationError("plugin folder \(directory): its path \(problem)")
            }
        }
        for directory in directories where !PluginSearchPath.isDirectory(directory) {
            throw ValidationError("plugin folder \(directory) does not exist or is not a folder")
        }
    }
}
