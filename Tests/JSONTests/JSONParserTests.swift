import JSON
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test func scalarsOfEveryKind() throws {
        #expect(try parse("null").value.kindName == "null")
        #expect(try boolean(parse(" true ")) == true)
        #expect(try boolean(parse("false")) == false)
        #expect(try text(parse(#""pipeline""#)) == "pipeline")
        #expect(try number(parse("60")) == .init(value: 60, isInteger: true))
        #expect(try number(parse("-0")) == .init(value: 0, isInteger: true))
        #expect(try number(parse("-2.5e3")) == .init(value: -2500, isInteger: false))
        #expect(try number(parse("1E2")) == .init(value: 100, isInteger: false))
        #expect(try number(parse("0.1")) == .init(value: 0.1, isInteger: false))
        #expect(try number(parse("1e-400")) == .init(value: 0, isInteger: false))
    }

    @Test func kindNamesReadInMessages() throws {
        let kinds = try ["null", "true", "1", #""s""#, "[]", "{}"].map { try parse($0).value.kindName }
        #expect(kinds == ["null", "a boolean", "a number", "a string", "an array", "an object"])
    }

    @Test func valuesAndKeysKeepTheirPositions() throws {
        let root = try parse(
            """
            {
              "canvas": { "fps": 60 },
              "layers": [
                { "name": "détail", "x": 1 },
                [1, 2.5]
              ]
            }
            """)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        let top = try members(root)
        #expect(top.map(\.key) == ["canvas", "layers"])
        #expect(top[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(top[0].value.position == SourcePosition(line: 2, column: 13))
        let fps = try members(top[0].value)[0]
        #expect(fps.keyPosition == SourcePosition(line: 2, column: 15))
        #expect(fps.value.position == SourcePosition(line: 2, column: 22))
        let layers = try elements(top[1].value)
        #expect(top[1].value.position == SourcePosition(line: 3, column: 13))
        #expect(layers[0].position == SourcePosition(line: 4, column: 5))
        let x = try members(layers[0])[1]
        #expect(x.keyPosition == SourcePosition(line: 4, column: 25), "columns count scalars, not bytes")
        #expect(x.value.position == SourcePosition(line: 4, column: 30))
        #expect(
            try elements(layers[1]).map(\.position) == [
                SourcePosition(line: 5, column: 6), SourcePosition(line: 5, column: 9),
            ])
    }

    @Test func objectMembersKeepFileOrder() throws {
        let keys = try members(parse(#"{"z": 1, "a": 2, "m": 3}"#)).map(\.key)
        #expect(keys == ["z", "a", "m"])
    }

    @Test func stringEscapesDecode() throws {
        let decoded = try text(parse(#""\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00 é""#))
        #expect(decoded == "\"\\/\u{8}\u{C}\n\r\té😀 é")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let node = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(node.position == SourcePosition(line: 1, column: 1))
        #expect(try elements(node)[0].position == SourcePosition(line: 1, column: 2))
    }

    @Test func positionDescription() {
        #expect(SourcePosition(line: 3, column: 14).description == "line 3, column 14")
    }

    @Test(arguments: [
        ("", "line 1, column 1: expected a JSON value, found end of file"),
        ("  \n ", "line 2, column 2: expected a JSON value, found end of file"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", "line 3, column 3: expected ',' or '}' after an object member, found '\"'"),
        ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element, found '2'"),
        (#"{"a" 1}"#, "line 1, column 6: expected ':' after an object key, found '1'"),
        ("{1: 2}", "line 1, column 2: expected a string key or '}', found '1'"),
        (#"{"a": 1,}"#, "line 1, column 9: expected a string key after ',', found '}'"),
        ("[1,]", "line 1, column 4: expected a JSON value, found ']'"),
        ("// note\n1", "line 1, column 1: expected a JSON value, found '/'"),
        ("[NaN]", "line 1, column 2: expected a JSON value, found 'NaN'"),
        ("tru", "line 1, column 1: expected a JSON value, found 'tru'"),
        ("-Infinity", "line 1, column 2: expected a digit after '-', found 'I'"),
        ("[-012]", "line 1, column 3: leading zero in a number; write the number without it"),
        ("1.", "line 1, column 3: expected a digit after '.', found end of file"),
        ("1e+x", "line 1, column 4: expected a digit in the exponent, found 'x'"),
        ("[1e400]", "line 1, column 2: [0]: 1e400 is too large in magnitude for a number (the limit is about 1.8e308)"),
        ("1e400", "line 1, column 1: 1e400 is too large in magnitude for a number (the limit is about 1.8e308)"),
        (
            #"{"a": [0, {"b c": -2e308}]}"#,
            #"line 1, column 19: a[1]["b c"]: -2e308 is too large in magnitude for a number (the limit is about 1.8e308)"#
        ),
        (
            "[" + String(repeating: "9", count: 400) + "]",
            "line 1, column 2: [0]: " + String(repeating: "9", count: 24)
                + "… is too large in magnitude for a number (the limit is about 1.8e308)"
        ),
        ("[1] 2", "line 1, column 5: expected end of file after the JSON value, found '2'"),
        (
            "\"a\tb\"",
            "line 1, column 3: control character U+0009 in a string; write it as an escape such as \\n or \\u001F"
        ),
        (
            "[\n \"abc",
            "line 2, column 6: expected '\"' to end the string that starts at line 2, column 2, found end of file"
        ),
        (#""\x""#, #"line 1, column 3: expected one of " \ / b f n r t u after '\', found 'x'"#),
        (#""\u12G4""#, #"line 1, column 6: expected 4 hex digits after '\u', found 'G'"#),
        (
            #""é\uD800""#,
            #"line 1, column 3: lone surrogate '\uD800' in a string; surrogates must come in high-low pairs"#
        ),
        (
            #""\uD800\u0041""#,
            #"line 1, column 2: lone surrogate '\uD800' in a string; surrogates must come in high-low pairs"#
        ),
        (
            #""\udc00""#,
            #"line 1, column 2: lone surrogate '\udc00' in a string; surrogates must come in high-low pairs"#
        ),
        ("[\"é\", x]", "line 1, column 7: expected a JSON value, found 'x'"),
    ])
    func syntaxErrorsSayWhatAndWhere(input: String, expected: String) {
        #expect(syntaxError(in: Array(input.utf8))?.description == expected)
    }

    @Test func duplicateKeyPointsAtTheSecondAndNamesTheFirst() {
        let error = syntaxError(in: Array("{\n  \"fps\": 30,\n  \"fps\": 60\n}".utf8))
        #expect(error?.message == "duplicate key \"fps\" (first at line 2, column 3)")
        #expect(error?.position == SourcePosition(line: 3, column: 3))
        #expect(error?.path == nil)
    }

    @Test func aDuplicateKeyInsideNamesItsObject() {
        let error = syntaxError(in: Array(#"{"layers": [{"name": "a"}, {"name": "b", "name": "c"}]}"#.utf8))
        #expect(
            error?.description == #"line 1, column 42: layers[1]: duplicate key "name" (first at line 1, column 29)"#)
    }

    @Test func valuesAfterAnErrorFreeContainerDoNotInheritItsPath() {
        let error = syntaxError(in: Array(#"{"a": [1, {"b": 2}], "c": 1e999}"#.utf8))
        #expect(error?.path?.description == "c")
    }

    @Test func sameKeyInDifferentObjectsIsFine() throws {
        #expect(try elements(parse(#"[{"a": 1}, {"a": 2}]"#)).count == 2)
    }

    /// Each case: text before a bad sequence, the bad bytes, and the error.
    static let invalidUTF8: [(prefix: String, bytes: [UInt8], expected: String)] = [
        ("\"é", [0xFF, 0x22], "line 1, column 3: invalid UTF-8 byte 0xFF"),
        ("[\n\"", [0xC0, 0xAF, 0x22, 0x5D], "line 2, column 2: invalid UTF-8 byte 0xC0"),
        ("\"", [0xED, 0xA0, 0x80, 0x22], "line 1, column 2: invalid UTF-8 byte 0xED"),
        ("\"abc", [0xE2, 0x82], "line 1, column 5: invalid UTF-8 byte 0xE2"),
    ]

    @Test(arguments: invalidUTF8)
    func invalidUTF8IsReportedWhereItStarts(prefix: String, bytes: [UInt8], expected: String) {
        #expect(syntaxError(in: Array(prefix.utf8) + bytes)?.description == expected)
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = 512
        var node = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        for _ in 1..<depth { node = try elements(node)[0] }
        #expect(try elements(node).isEmpty)
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        let input = String(repeating: "[{\"a\":", count: 5_000)
        let error = syntaxError(in: Array(input.utf8))
        #expect(error?.message == "nesting too deep: more than 512 levels of arrays and objects")
        #expect(error?.position == SourcePosition(line: 1, column: 6 * 256 + 1))
    }
}

@Suite("JSON paths")
struct JSONPathTests {
    @Test func pathsReadLikeTheDocument() {
        let root = JSONPath.root
        #expect(root.description == "$")
        #expect(root.appending(key: "canvas").appending(key: "fps").description == "canvas.fps")
        let to = root.appending(key: "timeline").appending(index: 3).appending(key: "params").appending(key: "to")
        #expect(to.description == "timeline[3].params.to")
        #expect(root.appending(key: "layers").appending(key: "odd key").description == #"layers["odd key"]"#)
        #expect(root.appending(key: "ease-in-out").description == #"["ease-in-out"]"#)
        #expect(root.appending(key: "1st").description == #"["1st"]"#)
        #expect(root.appending(key: #"say "hi""#).description == #"["say \"hi\""]"#)
        #expect(root.appending(index: 0).appending(key: "_name2").description == "[0]._name2")
    }

    /// The same places as RFC 6901 JSON Pointers, which a JSON Patch applies at: `~` and `/` in
    /// keys escaped, so the pointer leads back to the one value.
    @Test func pathsAsJSONPointers() throws {
        let root = JSONPath.root
        #expect(root.pointer == "")
        let to = root.appending(key: "timeline").appending(index: 3).appending(key: "params").appending(key: "to")
        #expect(to.pointer == "/timeline/3/params/to")
        let odd = root.appending(key: "a/b").appending(key: "~c").appending(key: "")
        #expect(odd.pointer == "/a~1b/~0c/")
        let document = Array(#"{"a/b": {"~c": {"": 1}}}"#.utf8)
        let patched = try JSONTextPatch.apply(
            Array(#"[{"op": "replace", "path": "\#(odd.pointer)", "value": 2}]"#.utf8), to: document)
        #expect(String(decoding: patched, as: UTF8.self) == #"{"a/b": {"~c": {"": 2}}}"#)
    }

    @Test func pathsCompareByComponents() {
        #expect(JSONPath.root.appending(key: "a") == JSONPath.root.appending(key: "a"))
        #expect(JSONPath.root.appending(key: "0") != JSONPath.root.appending(index: 0))
    }
}

private struct Number: Equatable {
    let value: Double
    let isInteger: Bool
}

private struct UnexpectedKind: Error {
    let kind: String
}

private func parse(_ text: String) throws -> JSONNode {
    try JSONParser.parse(Array(text.utf8))
}

private func syntaxError(in bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func boolean(_ node: JSONNode) throws -> Bool {
    guard case .bool(let value) = node.value else { throw UnexpectedKind(kind: node.value.kindName) }
    return value
}

private func number(_ node: JSONNode) throws -> Number {
    guard case .number(let value, let isInteger) = node.value else { throw UnexpectedKind(kind: node.value.kindName) }
    return Number(value: value, isInteger: isInteger)
}

private func text(_ node: JSONNode) throws -> String {
    guard case .string(let value) = node.value else { throw UnexpectedKind(kind: node.value.kindName) }
    return value
}

private func elements(_ node: JSONNode) throws -> [JSONNode] {
    guard case .array(let value) = node.value else { throw UnexpectedKind(kind: node.value.kindName) }
    return value
}

private func members(_ node: JSONNode) throws -> [JSONMember] {
    guard case .object(let value) = node.value else { throw UnexpectedKind(kind: node.value.kindName) }
    return value
}
