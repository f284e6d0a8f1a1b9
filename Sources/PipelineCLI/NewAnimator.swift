import ArgumentParser
import Foundation
import PipelineKit
import PluginAuthoring

extension Pipeline {
    struct NewAnimator: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "new-animator", "Create a plugin project for a new animator or effect, in C, C++, Swift or Rust.",
            guide: NewPluginProject.guide)

        @Argument(
            help: ArgumentHelp(
                "The animator's or effect's name, as pipeline files use it: [a-z][a-z0-9-]*.", valueName: "name"))
        var name: String
        @Option(help: ArgumentHelp("The language of the plugin project.", valueName: "language")) var lang:
            NewPluginProject.Language
        @Option(
            help: ArgumentHelp(
                "What the plugin provides: an animator (layer properties over a step) or an effect (a layer's "
                    + "pixels filtered; animator ABI 1.2).", valueName: "kind"))
        var kind: NewPluginProject.Kind = .animator
        @Argument(
            help: ArgumentHelp("The folder to write; it must not exist or be empty.", valueName: "dir"),
            completion: .directory)
        var directory: String

        func validate() throws {
            if let problem = NewPluginProject.problem(withName: name, kind: kind) { throw ValidationError(problem) }
            if let problem = NewPluginProject.problem(with: directory) { throw ValidationError(problem) }
        }

        func run() throws {
            let project = NewPluginProject(name: name, language: lang, kind: kind)!
            project.warnings.forEach(Console.warn)
            do {
                let written = try project.write(into: directory)
                Console.note("wrote \(written.joined(separator: ", "))")
            } catch {
                // A folder that cannot be written is the environment failing: exit status 2.
                Console.error(error.localizedDescription)
                throw ExitCode(2)
            }
            Console.note("next: see \(directory)/README.md to build \(name) and load it")
        }
    }
}

extension NewPluginProject.Language: ExpressibleByArgument {
    /// `c++`, or as file names spell it, `cpp` or `cxx`.
    public init?(argument: String) { self.init(rawValue: ["cpp": "c++", "cxx": "c++"][argument] ?? argument) }
}
extension NewPluginProject.Kind: ExpressibleByArgument {}
