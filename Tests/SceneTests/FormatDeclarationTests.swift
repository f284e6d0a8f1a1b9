import Foundation
import PluginDescriptions
import Testing

@testable import Scene

/// The format is declared once: docs/FORMAT.md's key reference is generated from the declarations,
/// the decoder applies their ranges and defaults, and the model depends on no back-end.
@Suite struct FormatDeclarationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// docs/FORMAT.md between its "BEGIN keys" and "END keys" lines.
    static func readmeKeyReference() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("docs/FORMAT.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let begin = try #require(
            lines.firstIndex { $0.hasPrefix("<!-- BEGIN keys") }, "docs/FORMAT.md has no BEGIN keys line")
        let end = try #require(lines.firstIndex { $0 == "<!-- END keys -->" }, "docs/FORMAT.md has no END keys line")
        return lines[(begin + 1)..<end].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theReadmesKeyReferenceIsTheDeclarations() throws {
        let generated = KeyTable.markdown.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            try Self.readmeKeyReference() == generated,
            "docs/FORMAT.md's key reference differs from the declarations: run scripts/generate-docs")
    }

    @Test func everyDeclaredKeyIsInTheReference() {
        let table = KeyTable.markdown
        for set in KeyTable.sets {
            for key in set.keys {
                #expect(table.contains("| `\(key.name)`"), "\(set.place).\(key.name) is missing from the key reference")
            }
        }
    }

    @Test func aDeclaredRangeIsTheOneTheDecoderChecks() throws {
        // The shadow's radius is declared 0 to 200: the decoder refuses 201 with that range.
        guard case .number(let range?, _) = Keys.shadow["radius"].form else {
            Issue.record("radius is a number")
            return
        }
        let error = decodeError(layer: #"{"name": "card", "shadow": {"radius": \#(format(range.upperBound + 1))}}"#)
        #expect(
            error?.message == "\(format(range.upperBound + 1)) is out of range: expected a number in "
                + "\(format(range.lowerBound))...\(format(range.upperBound))")
        #expect(error?.path?.description == "layers[0].shadow.radius")
    }

    @Test func aDeclaredDefaultIsTheOneTheDecoderApplies() throws {
        let scene = try decode(layer: #"{"name": "card", "shadow": {}}"#)
        let shadow = scene.layers[0].base.shadow
        #expect(shadow.radius == Double(default: Keys.shadow["radius"].defaultValue!))
        #expect(shadow.opacity == Double(default: Keys.shadow["opacity"].defaultValue!))
        #expect(scene.layers[0].content.gravity.rawValue == String(default: Keys.layer["gravity"].defaultValue!))
    }

    @Test func theModelDependsOnNoBackEnd() throws {
        // A scratch folder of its own: the running `swift test` holds the lock on .build.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let package = try Process.output(of: [
            "swift", "package", "--package-path", Self.root.path,
            "--scratch-path", scratch.path, "dump-package",
        ])
        let manifest = try #require(try JSONSerialization.jsonObject(with: package) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var dependencies: [String: [String]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            dependencies[name] = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap {
                $0.values.first?.first as? String
            }
        }
        var reached = Set<String>()
        var pending = dependencies["Scene"] ?? []
        while let next = pending.popLast() {
            if reached.insert(next).inserted { pending += dependencies[next] ?? [] }
        }
        #expect(
            !reached.contains("Compositor") && !reached.contains("Output"),
            "Scene depends on \(reached.sorted()); the model must not reach Compositor or Output")
        #expect(
            !reached.contains("Footage") && !reached.contains("CVideoDecode"),
            "Scene depends on \(reached.sorted()); the model names footage with plain values, without libav")
        #expect(dependencies["Compositor"]?.contains("Scene") == true)
        #expect(dependencies["Output"]?.contains("Scene") == true)
    }

    func decode(layer: String) throws(SceneError) -> Scene {
        let text =
            #"{"version": 1, "canvas": {"width": 64, "height": 64, "fps": 10, "duration": 1}, "layers": [\#(layer)]}"#
        return try SceneDecoder.decode(
            Array(text.utf8), file: "/tmp/format-test.json", registry: NoPlugins())
    }

    func decodeError(layer: String) -> SceneError? {
        do throws(SceneError) {
            _ = try decode(layer: layer)
            return nil
        } catch {
            return error
        }
    }
}

extension Process {
    /// What `arguments` (found on PATH) print on standard output; throws when it fails.
    static func output(of arguments: [String]) throws -> Data {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .executableLoad,
                userInfo: [NSLocalizedDescriptionKey: "\(arguments) exited \(process.terminationStatus)"])
        }
        return data
    }
}
