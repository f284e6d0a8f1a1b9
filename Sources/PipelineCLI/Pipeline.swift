import ArgumentParser
import Foundation
import PipelineKit
import PluginAuthoring

/// The `pipeline` command: configuration only; each subcommand lives in its own file.
@main
struct Pipeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Render UI transition animations from JSON pipelines and animator plugins.",
        discussion: """
            Animators, mixers and timing curves come from plugins (shared libraries) found in, in order: \
            \(OpenPipeline.Option.pluginFolders.option) DIR (repeatable), $PIPELINE_PLUGIN_PATH (colon-separated), plugins/ beside the \
            pipeline file, and the built-in plugin folder installed with pipeline.

            Exit status: 0 done, 1 the input was wrong, 2 a plugin or the environment failed.
            """,
        version: Versions.text,
        subcommands: [Run.self, Frame.self, Validate.self, Plugins.self, Sheet.self] + studio + [
            Schema.self, NewAnimator.self, CheckPlugin.self, Concat.self, Submit.self,
        ])

    /// `preview`, in every build but a sanitizer's, which leaves the studio out (Package.swift).
    #if PIPELINE_STUDIO
        static var studio: [any ParsableCommand.Type] { [Preview.self] }
    #else
        static var studio: [any ParsableCommand.Type] { [] }
    #endif

    /// As argument-parser's `main`, except that a usage error (a missing --plugins folder, an
    /// unknown --format, an unknown command) exits 1, "the input was wrong", instead of 64:
    /// users script against 0/1/2.
    static func main() {
        // The child processes pipeline starts running itself (plugin scans, isolated plugins, checks); --version.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = PipelineInstallation.runWithoutParsing(arguments, children: PluginFileCheck.children) {
            Foundation.exit(status)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let unknown = unknownCommand(CommandLine.arguments.dropFirst().first)
            let message = unknown.map { "error: \($0)" } ?? fullMessage(for: error)
            Console.line(message)
            exit(withError: ExitCode.failure)
        }
    }
}

/// Options every command shares.
struct PluginOptions: ParsableArguments {
    @Option(
        name: .option(.pluginFolders), help: ArgumentHelp(option: .pluginFolders),
        completion: .directory)
    var directories: [String] = []

    func validate() throws {
        if let problem = PluginCatalog.problem(folders: directories) { throw ValidationError(problem) }
    }
}

/// Refuses a file named by `option` (`-o`, `--chart`) that cannot be written for its length:
/// a usage error, named before anything is rendered.
func checkOutput(_ path: String, option: String) throws {
    if let problem = OpenPipeline.problem(writing: path) { throw ValidationError("\(option) \(path): it \(problem)") }
}

extension CommandConfiguration {
    /// A subcommand's configuration: its name, its one line of help and its long guide.
    static func subcommand(_ name: String, _ abstract: String, guide: String) -> CommandConfiguration {
        CommandConfiguration(commandName: name, abstract: abstract, discussion: guide)
    }
}
