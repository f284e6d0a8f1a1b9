import ArgumentParser
import Foundation
import PluginScaffold

extension Pipeline {
    struct NewAnimator: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new-animator",
            abstract: "Create a plugin project for a new animator or effect, in C, Swift or Rust.",
            discussion: """
                Writes a small project into DIR: the animator (or, with --kind effect, the effect) NAME with \
                one parameter, a build file (a Makefile for C, a SwiftPM package for Swift, a Cargo crate for \
                Rust) and a README with the build and use commands. It builds against this pipeline's animator.h \
                (Rust: its bindings/rust).

                An animator writes layer properties over a step's progress: it turns the layer by `angle`, \
                and a pipeline's timeline names it ({"animator": NAME, "target": ...}). An effect (animator ABI \
                1.2) filters a layer's pixels: it blurs the layer by `radius`, showing how it declares its \
                reach (the margins the host adds around the layer), writes only its rows of the image, scales \
                pixel parameters by render_scale and takes the compositor's own pixels; a layer names it in \
                its filters ("filters": [{"effect": NAME, "params": {"radius": 6}}]).

                Examples:
                  pipeline new-animator wobble --lang c wobble && make -C wobble
                  pipeline new-animator spin --lang swift spin
                  pipeline new-animator tilt --lang rust tilt && (cd tilt && cargo build --offline --release)
                  pipeline new-animator soften --kind effect --lang c soften && make -C soften
                """)

        enum Language: String, ExpressibleByArgument, CaseIterable { case c, swift, rust }

        enum Kind: String, ExpressibleByArgument, CaseIterable {
            case animator, effect

            var scaffold: PluginKind {
                switch self {
                case .animator: .animator
                case .effect: .effect
                }
            }
        }

        @Argument(
            help: ArgumentHelp(
                "The animator's or effect's name, as pipeline files use it: [a-z][a-z0-9-]*.", valueName: "name"))
        var name: String
        @Option(help: ArgumentHelp("The language of the plugin project.", valueName: "language")) var lang: Language
        @Option(
            help: ArgumentHelp(
                "What the plugin provides: an animator (layer properties over a step) or an effect (a layer's "
                    + "pixels filtered; animator ABI 1.2).", valueName: "kind"))
        var kind: Kind = .animator
        @Argument(
            help: ArgumentHelp("The folder to write; it must not exist or be empty.", valueName: "dir"),
            completion: .directory)
        var directory: String

        func validate() throws {
            guard NewAnimatorName(name) != nil else {
                throw ValidationError(
                    "invalid \(kind.rawValue) name \"\(name)\": expected a lowercase letter, then lowercase letters, digits or '-' (e.g. wobble, slide-2)"
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
            let animator = NewAnimatorName(name)!
            let files: [(path: String, text: String)]
            switch lang {
            case .c: files = NewAnimatorCTemplate.files(animator, kind: kind.scaffold, include: include())
            case .swift: files = NewAnimatorSwiftTemplate.files(animator, kind: kind.scaffold, include: include())
            case .rust: files = NewAnimatorRustTemplate.files(animator, kind: kind.scaffold, bindings: rustBindings())
            }
            for file in files { try write(file.text, to: file.path) }
            Console.note("wrote \(files.map { "\(directory)/\($0.path)" }.joined(separator: ", "))")
            Console.note("next: see \(directory)/README.md to build \(name) and load it")
        }

        /// The folder of animator.h, or a placeholder the user replaces (with a warning saying so).
        private func include() -> String {
            guard let include = NewAnimatorHeader.folder() else {
                Console.warn("cannot find this pipeline's animator.h; build with PIPELINE_INCLUDE set to its folder")
                return NewAnimatorHeader.placeholder
            }
            return include
        }

        /// The folder of the Rust bindings crate, or a placeholder the user replaces.
        private func rustBindings() -> String {
            guard let bindings = NewAnimatorHeader.rustBindings() else {
                Console.warn("cannot find this pipeline's bindings/rust; set its path in Cargo.toml")
                return NewAnimatorRustTemplate.placeholder
            }
            return bindings
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
