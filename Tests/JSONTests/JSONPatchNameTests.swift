import JSON
import Testing

/// A quoted name in brackets on an array selects the element whose `"name"` it is: the one
/// element, wherever it stands; none or two are refused, naming the path.
@Suite struct JSONPatchNameTests {
    static let document = #"""
        {"layers": [{"name": "bg"}, {"name": "card", "sublayers": [{"name": "label"}]}, {"name": "title"}],
         "timeline": [{"duration": 1}]}
        """#

    func set(_ path: String, in text: String = document) throws(JSONPatchError) -> JSONNode {
        let document = try! JSONParser.parse(Array(text.utf8))
        return try JSONPatch.set(
            JSONNode(value: .string("x"), position: .init(line: 1, column: 1)), at: path, in: document,
            nearest: { name, names in names.first { $0.hasPrefix(String(name.prefix(2))) } })
    }

    /// The `"text"` of the element at `index` of `layers`, or of its first sublayer.
    func text(_ node: JSONNode, layer index: Int, sublayer: Bool = false) -> String? {
        guard case .object(let root) = node.value, case .array(let layers)? = root.first?.value.value,
            case .object(var members) = layers[index].value
        else { return nil }
        if sublayer {
            guard case .array(let sublayers)? = members.first(where: { $0.key == "sublayers" })?.value.value,
                case .object(let inner) = sublayers[0].value
            else { return nil }
            members = inner
        }
        guard case .string(let text)? = members.first(where: { $0.key == "text" })?.value.value else { return nil }
        return text
    }

    @Test func aNameSelectsItsElementWhereverItStands() throws {
        let title = try set(#"layers["title"].text"#)
        #expect(text(title, layer: 2) == "x")
        #expect(text(title, layer: 0) == nil)
        let label = try set(#"layers["card"].sublayers["label"].text"#)
        #expect(text(label, layer: 1, sublayer: true) == "x")
        #expect(text(try set("layers[0].text"), layer: 0) == "x", "an index as before")
    }

    @Test(arguments: [
        (
            #"layers["titel"].text"#,
            #"layers has no element named "titel"; did you mean "title"? "#
                + #"(its names: "bg", "card", "title")"#
        ),
        (
            #"layers["card"].sublayers["lab"].text"#,
            #"layers[1].sublayers has no element named "lab"; "#
                + #"did you mean "label"?"#
        ),
        (#"timeline["intro"].duration"#, #"timeline is an array with no named elements"#),
    ])
    func aNameNoElementHasIsRefused(path: String, message: String) {
        do throws(JSONPatchError) {
            _ = try set(path)
            Issue.record("\(path) was accepted")
        } catch {
            #expect(error.description.contains(message), "\(path): \(error.description)")
        }
    }

    @Test func aNameTwoElementsHaveIsAmbiguous() {
        let twice = #"{"layers": [{"name": "a"}, {"name": "b"}, {"name": "a"}, {"name": "a"}]}"#
        do throws(JSONPatchError) {
            _ = try set(#"layers["a"].text"#, in: twice)
            Issue.record("an ambiguous name was accepted")
        } catch {
            #expect(
                error.description
                    == #"layers["a"] is ambiguous: layers[0], layers[2] and layers[3] are all named "a"; "#
                    + "write the index of the one you mean", "\(error.description)")
        }
    }
}
