import JSON
import Testing

/// Patches applied to a parsed document before it is read: RFC 7396 merge patches and values
/// set at a path, with the positions of what they bring naming them.
@Suite struct JSONPatchTests {
    func node(_ text: String) throws -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    /// A compact, key-ordered-as-stored rendering of a value, to compare documents.
    func text(_ node: JSONNode?) -> String {
        guard let node else { return "(removed)" }
        switch node.value {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value, _): return value.rounded() == value ? "\(Int(value))" : "\(value)"
        case .string(let value): return "\"\(value)\""
        case .array(let elements): return "[" + elements.map { text($0) }.joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { "\"\($0.key)\":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// RFC 7396's own examples (its appendix A), target + patch = result.
    @Test(arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, "{}"),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "(removed)"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        ("[1,2]", #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        ("{}", #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ])
    func mergesAsRFC7396Says(target: String, patch: String, result: String) throws {
        #expect(text(JSONPatch.merge(try node(patch), into: try node(target))) == result)
    }

    @Test func setsAValueAtAPathTheWayErrorsWriteIt() throws {
        let document = try node(#"{"canvas":{"fps":60},"layers":[{"name":"a"},{"name":"b","text":{"size":12}}]}"#)
        let thirty = try node("30")
        #expect(text(try JSONPatch.set(thirty, at: "canvas.fps", in: document)).contains(#""fps":30"#))
        let hello = try node(#""Hello""#)
        let named = try JSONPatch.set(hello, at: "layers[1].text.string", in: document)
        #expect(text(named).contains(#"{"name":"b","text":{"size":12,"string":"Hello"}}"#), "\(text(named))")
        // Missing objects on the way are made; quoted keys reach any key.
        let made = try JSONPatch.set(hello, at: #"layers[0].params["a key"].x"#, in: document)
        #expect(text(made).contains(#"{"name":"a","params":{"a key":{"x":"Hello"}}}"#), "\(text(made))")
    }

    @Test(arguments: [
        ("layers[5].name", "layers has 2 elements: there is no [5]"),
        ("canvas.fps.x", "canvas.fps is a number, not an object with a key \"x\""),
        ("canvas[0]", "canvas is an object, not an array with an element [0]"),
        ("layers[x]", "[x] is neither an index nor a quoted key"),
        ("canvas..fps", "an empty key"),
        ("", "the path is empty"),
    ])
    func refusesAPathThatDoesNotFit(path: String, message: String) throws {
        let document = try node(#"{"canvas":{"fps":60},"layers":[{"name":"a"},{"name":"b"}]}"#)
        let one = try node("1")
        do throws(JSONPatchError) {
            _ = try JSONPatch.set(one, at: path, in: document)
            Issue.record("\(path) was accepted")
        } catch {
            #expect(error.description.contains(message), "\(path): \(error.description)")
        }
    }

    @Test func relocatedValuesNameTheirOrigin() throws {
        let value = JSONPatch.relocated(try node(#"{"a":[1]}"#), origin: "--props v.json", keepingPlaces: true)
        guard case .object(let members) = value.value, case .array(let elements) = members[0].value.value else {
            Issue.record("not the shape given")
            return
        }
        #expect(elements[0].position == SourcePosition(line: 1, column: 7, origin: "--props v.json"))
        #expect(elements[0].position.description == "--props v.json, line 1, column 7")
        let typed = JSONPatch.relocated(try node("1"), origin: "--set a=1", keepingPlaces: false)
        #expect(typed.position.description == "--set a=1")
    }
}
