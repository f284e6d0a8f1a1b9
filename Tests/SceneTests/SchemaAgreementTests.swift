import Foundation
import PluginDescriptions
import PropertyBased
import Testing

@testable import Scene

/// `pipeline schema` and the decoder read the same declarations, so they must agree: on
/// documents generated from the declarations, the decoder accepts exactly the valid ones, and
/// refuses every invalid one with a position and the path of the wrong value (or of the object
/// that holds it); Python's jsonschema, given the generated schema, says the same of each.
@Suite struct SchemaAgreementTests {
    static let count = 1200

    /// The documents checked, kept for the schema's verdicts after the property check.
    final class Checked: @unchecked Sendable {
        private let lock = NSLock()
        private var documents: [GeneratedDocument] = []
        func add(_ document: GeneratedDocument) { lock.withLock { documents.append(document) } }
        var all: [GeneratedDocument] { lock.withLock { documents } }
    }

    @Test func theDecoderAndTheSchemaAcceptExactlyTheValidDocuments() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schema-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The decoder only checks that image files exist; their pixels are another stage's.
        FileManager.default.createFile(
            atPath: folder.appendingPathComponent(GeneratedDocument.imageName).path, contents: Data())
        _ = FileManager.default.createFile(
            atPath: folder.appendingPathComponent(GeneratedDocument.captionsName).path, contents: Data())
        let file = folder.appendingPathComponent("generated.json").path
        let registry = NoPlugins()
        let checked = Checked()

        await propertyCheck(count: Self.count, input: Gen.int(in: 0...Int.max), Gen.bool) { seed, invalid in
            let document = GeneratedDocument(seed: UInt64(seed), invalid: invalid)
            checked.add(document)
            Self.expectDecoderVerdict(on: document, file: file, registry: registry)
        }

        let documents = checked.all
        #expect(documents.count >= 1000)
        #expect(documents.filter(\.isValid).count > documents.count / 4, "too few valid documents to mean anything")
        let verdicts = try schemaVerdicts(on: documents, in: folder, registry: registry)
        for (document, accepted) in zip(documents, verdicts) {
            #expect(accepted == document.isValid, "the schema \(accepted ? "accepts" : "refuses") \(document)")
        }
    }

    static func expectDecoderVerdict(on document: GeneratedDocument, file: String, registry: any PluginLookup) {
        do throws(SceneError) {
            _ = try SceneDecoder.decode(Array(document.text.utf8), file: file, registry: registry)
            #expect(document.isValid, "the decoder accepts \(document)")
        } catch {
            guard let wrong = document.mutatedPath else {
                Issue.record("the decoder refuses \(document): \(error.description)")
                return
            }
            #expect(error.position != nil, "no position in \(error.description) for \(document)")
            let path = error.path?.description ?? "$"
            #expect(
                wrong == path || wrong.hasPrefix(path + ".") || wrong.hasPrefix(path + "["),
                "the error is at \(path), not at \(wrong): \(error.description)")
        }
    }

    /// Python's jsonschema (Draft 2020-12) on every document, in one run: true where valid.
    func schemaVerdicts(on documents: [GeneratedDocument], in folder: URL, registry: any PluginLookup) throws -> [Bool]
    {
        let schema = folder.appendingPathComponent("pipeline.schema.json")
        try SchemaDocument(registry: registry).json.text().write(to: schema, atomically: true, encoding: .utf8)
        let list = folder.appendingPathComponent("documents.jsonl")
        try documents.map(\.text).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator
            validator = Draft202012Validator(json.load(open(sys.argv[1])))
            for line in open(sys.argv[2]):
                print("valid" if validator.is_valid(json.loads(line)) else "invalid")
            """
        let output = try Process.output(of: ["python3", "-c", script, schema.path, list.path])
        let verdicts = String(decoding: output, as: UTF8.self).split(separator: "\n").map { $0 == "valid" }
        try #require(verdicts.count == documents.count, "python3 with jsonschema (scripts/install-deps --test) failed")
        return verdicts
    }
}
