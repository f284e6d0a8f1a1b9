import Foundation

/// A new plugin project: the files `pipeline new-animator` writes, and where.
public enum PluginProject {
    public enum Language: String, CaseIterable, Sendable {
        case c
        case cPlusPlus = "c++"
        case swift, rust
    }

    /// What a project holds and how it is built: `pipeline new-animator --help` shows it.
    public static let guide = """
        Writes a small project into DIR: the animator (or, with --kind effect, the effect) NAME with \
        one parameter, a build file (a Makefile for C and C++, a SwiftPM package for Swift, a Cargo crate \
        for Rust) and a README with the build and use commands. It builds against this pipeline's animator.h \
        (Rust: its bindings/rust).

        An animator writes layer properties over a step's progress: it turns the layer by `angle`, \
        and a pipeline's timeline names it ({"animator": NAME, "target": ...}). An effect (animator ABI \
        1.2) filters a layer's pixels: it blurs the layer by `radius`, showing how it declares its \
        reach (the margins the host adds around the layer), writes only its rows of the image, scales \
        pixel parameters by render_scale and takes the compositor's own pixels; a layer names it in \
        its filters ("filters": [{"effect": NAME, "params": {"radius": 6}}]).

        Examples:
          pipeline new-animator wobble --lang c wobble && make -C wobble
          pipeline new-animator sway --lang c++ sway && make -C sway
          pipeline new-animator spin --lang swift spin
          pipeline new-animator tilt --lang rust tilt && (cd tilt && cargo build --offline --release)
          pipeline new-animator soften --kind effect --lang c soften && make -C soften
        """

    /// Why `directory` cannot take a new project (a file, or a folder that is not empty); nil
    /// when it can (it does not exist, or is empty).
    public static func problem(with directory: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return "\(directory) is a file: give a new or empty folder" }
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: directory), !entries.isEmpty {
            return "\(directory) is not empty (it holds \(entries.sorted()[0])…): give a new or empty folder"
        }
        return nil
    }

    /// The project's files, relative to its folder, and what the user must fix by hand (this
    /// pipeline's animator.h or Rust bindings not found: a placeholder is written instead).
    public static func files(_ name: NewAnimatorName, language: Language, kind: PluginKind) -> (
        files: [(path: String, text: String)], warnings: [String]
    ) {
        var warnings: [String] = []
        func include() -> String {
            guard let include = NewAnimatorHeader.folder() else {
                warnings.append("cannot find this pipeline's animator.h; build with PIPELINE_INCLUDE set to its folder")
                return NewAnimatorHeader.placeholder
            }
            return include
        }
        let files: [(path: String, text: String)]
        switch language {
        case .c: files = NewAnimatorCTemplate.files(name, kind: kind, include: include())
        case .cPlusPlus: files = NewAnimatorCPlusPlusTemplate.files(name, kind: kind, include: include())
        case .swift: files = NewAnimatorSwiftTemplate.files(name, kind: kind, include: include())
        case .rust:
            let bindings = NewAnimatorHeader.rustBindings()
            if bindings == nil {
                warnings.append("cannot find this pipeline's bindings/rust; set its path in Cargo.toml")
            }
            files = NewAnimatorRustTemplate.files(
                name, kind: kind, bindings: bindings ?? NewAnimatorRustTemplate.placeholder)
        }
        return (files, warnings)
    }

    /// Writes `files` into `directory`, making the folders they need; the error names the file
    /// that could not be written.
    public static func write(_ files: [(path: String, text: String)], into directory: String) throws -> [String] {
        try files.map { file in
            let url = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "cannot write \(url.path): \((error as NSError).localizedDescription)"
                    ])
            }
            return "\(directory)/\(file.path)"
        }
    }
}
