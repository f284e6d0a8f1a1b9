import Foundation
import JSON
import Testing

/// JSON Patch on a file's text: only the bytes of the values changed change.
@Suite struct JSONTextPatchTests {
    let document = """
        {
          "version": 1,
          "canvas": { "width": 390, "height": 844, "fps": 60.0 },

          "timeline": [
            { "animator": "fade", "target": "card", "duration": 0.350 },
            { "animator": "slide", "target": "card", "duration": 1e0, "delay": 0.1 }
          ],
          "a/b": { "c~d": true }
        }

        """

    func apply(_ patch: String, to text: String? = nil) throws -> String {
        String(decoding: try JSONTextPatch.apply(Array(patch.utf8), to: Array((text ?? document).utf8)), as: UTF8.self)
    }

    func failure(_ patch: String) -> String {
        do {
            _ = try apply(patch)
            return "applied"
        } catch {
            return "\(error)"
        }
    }

    @Test func replacingAValueChangesOnlyItsBytes() throws {
        let result = try apply(#"[{"op": "replace", "path": "/timeline/0/duration", "value": 0.55}]"#)
        #expect(result == document.replacingOccurrences(of: "0.350", with: "0.55"))
        let spelled = try apply(#"[{"op": "replace", "path": "/canvas/fps", "value": 3e1}]"#)
        #expect(spelled == document.replacingOccurrences(of: "60.0", with: "3e1"), "the patch's spelling is kept")
        let object = try apply(#"[{"op": "replace", "path": "/a~1b/c~0d", "value": {"x": [1, 2]}}]"#)
        #expect(object == document.replacingOccurrences(of: "\"c~d\": true", with: "\"c~d\": {\"x\": [1, 2]}"))
    }

    @Test func addedMembersAndElementsTakeTheirNeighboursIndentation() throws {
        let member = try apply(#"[{"op": "add", "path": "/timeline/1/repeat", "value": 2}]"#)
        #expect(
            member == document.replacingOccurrences(of: "\"delay\": 0.1 }", with: "\"delay\": 0.1, \"repeat\": 2 }"))
        let last = try apply(#"[{"op": "add", "path": "/timeline/-", "value": {"animator": "dim"}}]"#)
        #expect(
            last
                == document.replacingOccurrences(
                    of: "\"delay\": 0.1 }\n  ],", with: "\"delay\": 0.1 },\n    {\"animator\": \"dim\"}\n  ],"))
        let first = try apply(#"[{"op": "add", "path": "/timeline/0", "value": 7}]"#)
        #expect(first == document.replacingOccurrences(of: "[\n    {", with: "[\n    7,\n    {"))
        let top = try apply(#"[{"op": "add", "path": "/output", "value": {"dir": "out"}}]"#)
        #expect(
            top
                == document.replacingOccurrences(
                    of: "\"c~d\": true }\n}", with: "\"c~d\": true },\n  \"output\": {\"dir\": \"out\"}\n}"))
        let existing = try apply(#"[{"op": "add", "path": "/version", "value": 2}]"#)
        #expect(existing == document.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"))
        let empty = try apply(#"[{"op": "add", "path": "/list/0", "value": 1}]"#, to: #"{"list": []}"#)
        #expect(empty == #"{"list": [1]}"#)
    }

    @Test func removedItemsTakeTheirSeparatorWithThem() throws {
        let middle = try apply(#"[{"op": "remove", "path": "/canvas/height"}]"#)
        #expect(middle == document.replacingOccurrences(of: "\"height\": 844, ", with: ""))
        let last = try apply(#"[{"op": "remove", "path": "/timeline/1/delay"}]"#)
        #expect(last == document.replacingOccurrences(of: ", \"delay\": 0.1", with: ""))
        let only = try apply(#"[{"op": "remove", "path": "/a~1b/c~0d"}]"#)
        #expect(only == document.replacingOccurrences(of: "{ \"c~d\": true }", with: "{}"))
        let element = try apply(#"[{"op": "remove", "path": "/timeline/0"}]"#)
        #expect(!element.contains("fade") && element.contains("\"timeline\": [\n    { \"animator\": \"slide\""))
    }

    @Test func movesCopiesAndTestsKeepTheValuesOwnBytes() throws {
        let copied = try apply(#"[{"op": "copy", "from": "/timeline/1/duration", "path": "/canvas/duration"}]"#)
        #expect(copied.contains("\"fps\": 60.0, \"duration\": 1e0 }"))
        let moved = try apply(#"[{"op": "move", "from": "/timeline/1/delay", "path": "/timeline/0/delay"}]"#)
        #expect(moved.contains("\"duration\": 0.350, \"delay\": 0.1 }"))
        #expect(moved.contains("\"duration\": 1e0 }"))
        let tested = try apply(
            #"[{"op": "test", "path": "/canvas", "value": {"fps": 60, "height": 844, "width": 390}}]"#)
        #expect(tested == document)
    }

    @Test func aFailingOperationAppliesNothingAndSaysWhich() {
        #expect(
            failure(
                #"[{"op": "replace", "path": "/version", "value": 2}, {"op": "test", "path": "/version", "value": 1}]"#)
                == "operation 1: test /version: the value there is not the one tested")
        #expect(failure(#"[{"op": "replace", "path": "/timeline/5/duration", "value": 1}]"#).contains("no element 5"))
        #expect(failure(#"[{"op": "replace", "path": "/canvas/depth", "value": 1}]"#).contains("no member \"depth\""))
        #expect(failure(#"[{"op": "replace", "path": "timeline", "value": 1}]"#).contains("JSON Pointer"))
        #expect(failure(#"[{"op": "replace", "path": "/timeline/01", "value": 1}]"#).contains("not an array index"))
        #expect(failure(#"[{"op": "rename", "path": "/version"}]"#).contains("unknown op \"rename\""))
        #expect(failure(#"[{"op": "add", "path": "/version"}]"#).contains("add needs \"value\""))
        #expect(failure(#"[{"op": "move", "from": "/canvas", "path": "/canvas/x"}]"#).contains("into itself"))
        #expect(failure(#"{"op": "remove", "path": "/version"}"#).contains("an array of operations"))
        #expect(failure("[{").contains("not JSON"))
    }

    @Test func everyResultIsJSONHoldingTheChangedValue() throws {
        let result = try apply(
            #"[{"op": "add", "path": "/timeline/1", "value": {"animator": "dim", "target": "back"}}, "#
                + #"{"op": "remove", "path": "/canvas/width"}, {"op": "replace", "path": "/timeline/2/duration", "value": 2}]"#
        )
        let parsed = try JSONParser.parse(Array(result.utf8))
        guard case .object(let members) = parsed.value, let timeline = members.first(where: { $0.key == "timeline" }),
            case .array(let steps) = timeline.value.value
        else {
            Issue.record("not a document with a timeline: \(result)")
            return
        }
        #expect(steps.count == 3)
        #expect(result.contains("\"duration\": 2, \"delay\": 0.1"))
    }
}
