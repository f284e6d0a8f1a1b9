import Foundation
import Testing

/// The command (Sources/PipelineCLI), the C API (Sources/PipelineC) and the preview server
/// (Sources/Preview) reach pipeline through PipelineKit and the modules beside it made for them
/// alone, PipelineKit (and so libuipipeline.so) holds none of those, and no module re-exports
/// another: a module imports what it uses.
@Suite struct ModuleBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The modules of the package: the folders of Sources/.
    static func projectModules() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") })
    }

    /// The Swift files under `folder` of Sources/, as paths from the repository (`Sources/Scene/…`).
    static func swiftFiles(under folder: String = "") throws -> [String] {
        let root = folder.isEmpty ? sources : sources.appendingPathComponent(folder)
        let found = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        let prefix = folder.isEmpty ? "Sources/" : "Sources/\(folder)/"
        return found.filter { $0.hasSuffix(".swift") }.sorted().map { prefix + $0 }
    }

    static func text(of file: String) throws -> String {
        try String(contentsOf: sources.deletingLastPathComponent().appendingPathComponent(file), encoding: .utf8)
    }

    /// The import on `line`: its module and whether it is `@_exported`; nil for any other line.
    /// Reads `import X`, `import struct X.Y`, `@preconcurrency import X`, `public import X`.
    static func importStatement(_ line: String) -> (module: String, exported: Bool)? {
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)[...]
        var exported = false
        while let word = words.first, word.hasPrefix("@") || ["public", "package", "internal"].contains(word) {
            exported = exported || word == "@_exported"
            words = words.dropFirst()
        }
        guard words.first == "import", words.count > 1 else { return nil }
        words = words.dropFirst()
        let kinds = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        if let kind = words.first, kinds.contains(kind), words.count > 1 { words = words.dropFirst() }
        guard let path = words.first, let module = path.split(separator: ".").first else { return nil }
        return (String(module), exported)
    }

    /// Each line of `text` (from `file`) importing a module of `modules` outside `allowed`, as
    /// `file:line: imports Module`.
    static func forbiddenImports(
        in text: String, of file: String, modules: Set<String>, allowed: Set<String>
    ) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard let statement = importStatement(String(line)), modules.contains(statement.module),
                !allowed.contains(statement.module)
            else { return nil }
            return "\(file):\(index + 1): imports \(statement.module)"
        }
    }

    /// Each `@_exported import` line of `text` (from `file`), as `file:line: …`.
    static func reExports(in text: String, of file: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard let statement = importStatement(String(line)), statement.exported else { return nil }
            return
                "\(file):\(index + 1): re-exports \(statement.module) (@_exported import); import it where it is used"
        }
    }

    @Test(arguments: [
        ("PipelineCLI", ["PipelineKit", "Preview", "FarmSubmission", "PluginAuthoring", "TerminalProgress"]),
        ("PipelineC", ["PipelineKit", "CPipelineAPI"]),
        ("Preview", ["PipelineKit", "StudioSupport"]),
    ])
    func aSurfaceImportsOnlyPipelineKit(folder: String, allowed: [String]) throws {
        let modules = try Self.projectModules()
        let files = try Self.swiftFiles(under: folder)
        #expect(!files.isEmpty, "no Swift files under Sources/\(folder)")
        for file in files {
            let found = Self.forbiddenImports(
                in: try Self.text(of: file), of: file, modules: modules, allowed: Set(allowed))
            for line in found {
                Issue.record("\(line): Sources/\(folder) reaches the other modules through PipelineKit")
            }
        }
    }

    /// What the model may not reach: the registry and the libraries it links (GL, seccomp, libffi,
    /// dlopen, frei0r), which are wired in from above.
    static let loader: Set = [
        "PluginRegistry", "PluginIsolation", "CSandbox", "CGLSLTransition", "CFrei0rAdapter", "CForeignCall",
        "CLibraryLoader",
    ]

    /// The model reads plugins through PluginDescriptions' lookup: its modules (Text among them,
    /// below Scene), their tests and the scene fuzzer import none of the loader, and depend on none
    /// of it in Package.swift, directly or not. The fuzzer also decodes images through the
    /// compositor, which opens pipeline's own libraries (CLibraryLoader): it is held to the
    /// plugins' code alone.
    @Test(arguments: [
        ("Sources/PluginDescriptions", "PluginDescriptions", loader), ("Sources/Timing", "Timing", loader),
        ("Sources/Text", "Text", loader), ("Sources/Scene", "Scene", loader),
        ("Tests/SceneTests", "SceneTests", loader), ("Tests/TextTests", "TextTests", loader),
        ("fuzz/scene", "FuzzScene", loader.subtracting(["CLibraryLoader"])),
    ])
    func theModelStandsWithoutTheLoader(folder: String, target: String, forbidden: Set<String>) throws {
        let root = Self.sources.deletingLastPathComponent()
        let found = try #require(FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path))
        let files = found.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
        #expect(!files.isEmpty, "no Swift files under \(folder)")
        for file in files.sorted() {
            for line in Self.forbiddenImports(in: try Self.text(of: file), of: file, modules: forbidden, allowed: []) {
                Issue.record("\(line): the model reads plugins through PluginLookup (PluginDescriptions)")
            }
        }
        let targets = try PackageTargets(text: try Self.text(of: "Package.swift"))
        let reached = targets.dependencies(reachedFrom: target)
        #expect(targets.dependencies[target] != nil, "Package.swift declares no target \(target)")
        for module in reached.intersection(forbidden).sorted() {
            Issue.record("Package.swift: \(target) depends on \(module) (\(targets.path(from: target, to: module)))")
        }
    }

    /// What only the command and the studio use: the modules beside PipelineKit and what they
    /// build on (the plugin checker and templates, the preview's web server).
    static let besideTheLibrary: Set = [
        "StudioSupport", "FarmSubmission", "PluginAuthoring", "TerminalProgress", "PluginCheck", "PluginScaffold",
        "Hummingbird",
    ]

    /// Each module of `besideTheLibrary` that `target` depends on in `manifest` (Package.swift's
    /// text), directly or through other targets, as `Package.swift: T depends on M (T → … → M)`.
    static func libraryDependencies(of target: String, in manifest: String) throws -> [String] {
        let targets = try PackageTargets(text: manifest)
        return targets.dependencies(reachedFrom: target).intersection(besideTheLibrary).sorted().map { module in
            "Package.swift: \(target) depends on \(module) (\(targets.path(from: target, to: module))), which only "
                + "the command and the studio use: keep it out of libuipipeline.so"
        }
    }

    /// PipelineKit, and so the C library over it, neither depends on nor imports the studio's, the
    /// farm's or plugin authoring's modules: every embedder links what it links.
    @Test(arguments: ["PipelineKit", "PipelineC"])
    func theLibraryLeavesOutWhatOnlyTheCommandAndTheStudioUse(target: String) throws {
        let manifest = try Self.text(of: "Package.swift")
        #expect(try PackageTargets(text: manifest).dependencies[target] != nil, "Package.swift declares no \(target)")
        for problem in try Self.libraryDependencies(of: target, in: manifest) { Issue.record("\(problem)") }
        for file in try Self.swiftFiles(under: target) {
            let text = try Self.text(of: file)
            for line in Self.forbiddenImports(in: text, of: file, modules: Self.besideTheLibrary, allowed: []) {
                Issue.record("\(line), which only the command and the studio use")
            }
        }
    }

    /// The check sees a dependency planted in a copy of the manifest, however far down it is.
    @Test func theLibraryCheckSeesAPlantedDependency() throws {
        let manifest = try Self.text(of: "Package.swift")
        let sheet = /name: "Sheet",\s*dependencies: \[/
        let planted = manifest.replacing(sheet, maxReplacements: 1) { "\($0.output)\"PluginCheck\", " }
        let server = manifest.replacing(sheet, maxReplacements: 1) {
            "\($0.output).product(name: \"Hummingbird\", package: \"hummingbird\"), "
        }
        try #require(planted != manifest && server != manifest, "Package.swift declares Sheet's dependencies otherwise")
        #expect(try Self.libraryDependencies(of: "PipelineKit", in: manifest).isEmpty)
        #expect(
            try Self.libraryDependencies(of: "PipelineKit", in: planted) == [
                "Package.swift: PipelineKit depends on PluginCheck (PipelineKit → Sheet → PluginCheck), which only the "
                    + "command and the studio use: keep it out of libuipipeline.so"
            ])
        #expect(
            try Self.libraryDependencies(of: "PipelineC", in: server).first?.hasPrefix(
                "Package.swift: PipelineC depends on Hummingbird (PipelineC → PipelineKit → Sheet → Hummingbird)")
                == true)
    }

    @Test func noModuleReExportsAnother() throws {
        for file in try Self.swiftFiles() {
            for line in Self.reExports(in: try Self.text(of: file), of: file) { Issue.record("\(line)") }
        }
    }

    /// The checks find what they look for, wherever it stands in a file.
    @Test func theChecksSeeEveryFormOfImport() {
        let text = """
            import ArgumentParser
            import PipelineKit
            // import Scene, in a comment
            @preconcurrency import Renderer
            import struct Output.VideoConcatenation

            @_exported import JSON
            """
        let modules: Set = ["PipelineKit", "Renderer", "Output", "Scene", "JSON"]
        #expect(
            Self.forbiddenImports(in: text, of: "A.swift", modules: modules, allowed: ["PipelineKit"]) == [
                "A.swift:4: imports Renderer", "A.swift:5: imports Output", "A.swift:7: imports JSON",
            ])
        #expect(
            Self.reExports(in: text, of: "A.swift") == [
                "A.swift:7: re-exports JSON (@_exported import); import it where it is used"
            ])
    }
}
