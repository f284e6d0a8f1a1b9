import ArgumentParser
import Foundation
import PluginScaffold

extension Pipeline {
    struct NewAnimator: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new-animator",
            abstract: "Create a plugin project for a new animator, in C or Swift.",
            discussion: """
                Writes a small project into DIR: the animator NAME with one parameter, a build file \
                (a Makefile for C, a SwiftPM package for Swift) and a README with the build and use commands. \
                It builds against this pipeline's animator.h.

                Examples:
                  pipeline new-animator wobble --lang c wobble && make -C wobble
                  pipeline new-animator spin --lang swift spin
                """)

        enum Language: String, ExpressibleByArgument, CaseIterable { case c, swift }

        @Argument(
            help: ArgumentHelp("The animator's name, as pipeline files use it: [a-z][a-z0-9-]*.", valueName: "name"))
        var name: String
        @Option(help: ArgumentHelp("The language of the plugin project.", valueName: "language")) var lang: Language
        @Argument(
            help: ArgumentHelp("The folder to write; it must not exist or be empty.", valueName: "dir"),
            completion: .directory)
        var directory: String

        func validate() throws {
            guard NewAnimatorName(name) != nil else {
                throw ValidationError(
                    "invalid animator name \"\(name)\": expected a lowercase letter, then lowercase letters, digits or '-' (e.g. wobble, slide-2)"
                )
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return }
            guard isDirectory.boolValue else {
                throw ValidationError("\(directory) is a file: give a new or empty folder")
            }
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: directory), !entries.isEmpty {
                throw ValidationError(
                    "\(directory) is not empty (it holds \(entries.sorted()[0])…): give a new or empty folder")
            }
        }

        func run() throws {
            let include = NewAnimatorHeader.folder() ?? NewAnimatorHeader.placeholder
            if include == NewAnimatorHeader.placeholder {
                Console.warn("cannot find this pipeline's animator.h; build with PIPELINE_INCLUDE set to its folder")
            }
            let animator = NewAnimatorName(name)!
            let files =
                lang == .c
                ? NewAnimatorCTemplate.files(animator, include: include)
                : NewAnimatorSwiftTemplate.files(animator, include: include)
            for file in files { try write(file.text, to: file.path) }
            Console.note("wrote \(files.map { "\(directory)/\($0.path)" }.joined(separator: ", "))")
            Console.note("next: see \(directory)/README.md to build \(name) and load it")
        }

        /// A folder that cannot be written is the environment failing: exit status 2.
        private func write(_ text: String, to path: String) throws {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Console.error("cannot write \(url.path): \((error as NSError).localizedDescription)")
                throw ExitCode(2)
            }
        }
    }
}
