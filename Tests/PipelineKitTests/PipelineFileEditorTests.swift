import Foundation
import PipelineKit
import StudioSupport
import Testing

/// Editing a pipeline file through a JSON Patch: one value's bytes change, an invalid result or
/// a file changed on disk writes nothing.
@Suite struct PipelineFileEditorTests {
    let kit = try! PipelineKitTests()

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func aReplacedDurationChangesThatValueAndNoOtherByte() throws {
        let file = try kit.write()
        let before = try bytes(file)
        let version = try PipelineFileEditor.apply(
            Array(#"[{"op": "replace", "path": "/timeline/0/duration", "value": 0.55}]"#.utf8), to: file,
            expectedVersion: PipelineFileEditor.version(of: before), options: PipelineKitTests.options)
        let after = try bytes(file)
        let expected = String(decoding: before, as: UTF8.self).replacingOccurrences(
            of: "\"duration\": 1, \"timing\"", with: "\"duration\": 0.55, \"timing\"")
        #expect(String(decoding: after, as: UTF8.self) == expected)
        #expect(version == PipelineFileEditor.version(of: after))
        #expect(try Pipeline.open(file: file, options: PipelineKitTests.options).duration == 1)
    }

    @Test func whatWouldNotValidateIsRefusedAndNothingIsWritten() throws {
        let file = try kit.write()
        let before = try bytes(file)
        for patch in [
            #"[{"op": "replace", "path": "/canvas/fps", "value": -5}]"#,
            #"[{"op": "replace", "path": "/canvas/fps", "value": 1e308}]"#,
            #"[{"op": "replace", "path": "/canvas/fps", "value": "fast"}]"#,
            #"[{"op": "add", "path": "/timeline/0/animator", "value": "no-such-animator"}]"#,
        ] {
            #expect {
                try PipelineFileEditor.apply(
                    Array(patch.utf8), to: file, expectedVersion: nil, options: PipelineKitTests.options)
            } throws: { error in
                (error as? PipelineFileEditor.Refusal)?.kind == .invalid
                    && !((error as? PipelineFileEditor.Refusal)?.problems.isEmpty ?? true)
            }
            #expect(try bytes(file) == before, "\(patch)")
        }
        let siblings = try FileManager.default.contentsOfDirectory(atPath: kit.folder.path)
        #expect(siblings == ["p.json"], "no temporary file is left: \(siblings)")
    }

    @Test func aStaleVersionABadPatchAndANoOpAreRefused() throws {
        let file = try kit.write()
        let before = try bytes(file)
        func refusal(_ patch: String, expecting version: String? = nil) -> PipelineFileEditor.Refusal.Kind? {
            do throws(PipelineFileEditor.Refusal) {
                _ = try PipelineFileEditor.apply(
                    Array(patch.utf8), to: file, expectedVersion: version, options: PipelineKitTests.options)
                return nil
            } catch {
                return error.kind
            }
        }
        let replace = #"[{"op": "replace", "path": "/canvas/fps", "value": 30}]"#
        #expect(refusal(replace, expecting: "0") == .conflict)
        #expect(refusal(#"[{"op": "replace", "path": "/nothing", "value": 1}]"#) == .badPatch)
        #expect(refusal("not json") == .badPatch)
        #expect(refusal(#"[{"op": "replace", "path": "/canvas/fps", "value": 10}]"#) == .unchanged)
        #expect(refusal("[" + String(repeating: " ", count: PipelineFileEditor.maximumPatchBytes) + "]") == .badPatch)
        #expect(try bytes(file) == before)
    }
}
