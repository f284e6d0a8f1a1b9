import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview --edit`: the one write route, what it changes in the file (one value's
/// bytes), and the requests it refuses with the file, its folder and the server left as they were.
@Suite("preview --edit")
struct PreviewEditTests {
    struct Edit {
        let server: PreviewServerProcess
        let http: RawHTTPClient
        let token: String
        let file: URL
        let folder: URL

        /// A PATCH of `/pipeline` + `query` (the token's by default) with `body` and `headers`.
        func patch(
            _ body: String, query: String? = nil, type: String = "application/json-patch+json",
            headers: [String] = []
        ) throws -> RawHTTPClient.Answer {
            try send("PATCH", query: query, body: Data(body.utf8), headers: ["Content-Type: \(type)"] + headers)
        }

        func send(
            _ method: String, path: String = "/pipeline", query: String? = nil, body: Data = Data(),
            headers: [String] = []
        )
            throws -> RawHTTPClient.Answer
        {
            let target = path + (query ?? "?token=\(token)")
            let head =
                ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(http.port)"] + headers + [
                    "Content-Length: \(body.count)", "Connection: close",
                ]
            return try http.exchange(Data((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body)
        }

        /// Every file of the folder and its bytes.
        var snapshot: [String: Data] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return Dictionary(
                uniqueKeysWithValues: names.filter { !$0.hasPrefix("preview-stderr") }.map {
                    ($0, (try? Data(contentsOf: folder.appendingPathComponent($0))) ?? Data())
                })
        }
    }

    static let pipeline = """
        {
          "version": 1,
          "canvas": { "width": 120, "height": 80, "fps": 10, "duration": 1.0, "background": "#204060" },

          "layers": [ { "name": "square", "fill": "#ff0000", "frame": [0, 30, 20, 20] } ],
          "timeline": [
            { "animator": "move-and-scale", "target": "square", "start": 0, "duration": 1.00,
              "params": { "to": [100, 30, 20, 20] } }
          ]
        }

        """

    func start(edit: Bool = true) throws -> Edit {
        let folder = try CLI.temporaryDirectory()
        let file = try PluginFixtures.write(Self.pipeline, to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path] + (edit ? ["--edit"] : []), scratch: folder)
        let query = server.url.query ?? ""
        return Edit(
            server: server, http: RawHTTPClient(port: try #require(server.url.port)),
            token: query.hasPrefix("token=") ? String(query.dropFirst(6)) : "", file: file, folder: folder)
    }

    @Test("a replaced duration changes that value's bytes and no other, and the preview shows it")
    func replace() async throws {
        let edit = try start()
        defer {
            edit.server.stop()
            try? FileManager.default.removeItem(at: edit.folder)
        }
        #expect(edit.token.count >= 22, "128 bits or more: \(edit.server.url)")
        #expect(edit.token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        let answer = try edit.patch(#"[{"op": "replace", "path": "/timeline/0/duration", "value": 0.55}]"#)
        #expect(answer.status == 200, "\(answer.head)\n\(answer.text)")
        let written = try String(contentsOf: edit.file, encoding: .utf8)
        #expect(written == Self.pipeline.replacingOccurrences(of: "\"duration\": 1.00,", with: "\"duration\": 0.55,"))
        let reloaded = try await edit.server.waitForVersion(timeout: 60) { $0.version >= 2 }
        #expect(reloaded.version >= 2 && reloaded.error == nil, "\(reloaded)")
        let text = try edit.send("GET")
        let onDisk = try Data(contentsOf: edit.file)
        #expect(text.status == 200 && text.body == onDisk)
        let tag = text.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }
        #expect(tag != nil, "\(text.head)")
        let stale = try edit.patch(
            #"[{"op": "replace", "path": "/canvas/fps", "value": 20}]"#, headers: ["If-Match: \"0123\""])
        #expect(stale.status == 409, "\(stale.head)\n\(stale.text)")
    }

    @Test("writes without the token, from elsewhere, or that would not validate change nothing")
    func refusals() throws {
        let edit = try start()
        defer {
            edit.server.stop()
            try? FileManager.default.removeItem(at: edit.folder)
        }
        let before = edit.snapshot
        let replace = #"[{"op": "replace", "path": "/timeline/0/duration", "value": 0.55}]"#
        var cases: [(String, RawHTTPClient.Answer, Int)] = [
            ("no token", try edit.patch(replace, query: ""), 403),
            (
                "wrong token",
                try edit.patch(replace, query: "?token=" + String(repeating: "A", count: edit.token.count)), 403
            ),
            ("a path in the query", try edit.patch(replace, query: "?token=\(edit.token)&path=/etc/passwd"), 400),
            ("a foreign origin", try edit.patch(replace, headers: ["Origin: http://evil.example"]), 403),
            ("another type", try edit.patch(replace, type: "application/json"), 415),
            ("not a patch", try edit.patch(#"{"timeline": []}"#), 400),
            ("malformed", try edit.patch("[{\"op\": "), 400),
            (
                "a path of another file", try edit.patch(#"[{"op": "replace", "path": "/../other.json", "value": 1}]"#),
                400
            ),
            ("nothing changed", try edit.patch(#"[{"op": "replace", "path": "/canvas/fps", "value": 10}]"#), 400),
            ("too large", try edit.patch("[" + String(repeating: " ", count: (1 << 20) + 10) + "]"), 413),
        ]
        for invalid in [
            #"[{"op": "replace", "path": "/canvas/fps", "value": -5}]"#,
            #"[{"op": "replace", "path": "/canvas/fps", "value": 1e308}]"#,
            #"[{"op": "replace", "path": "/canvas/fps", "value": "ten"}]"#,
        ] {
            cases.append(("invalid result \(invalid)", try edit.patch(invalid), 400))
        }
        for _ in 0..<100 { cases.append(("repeated, wrong token", try edit.patch(replace, query: "?token=x"), 403)) }
        // Drafts render a change without writing it, and need the token too.
        let draft = "draft=" + replace.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let removal = #"[{"op": "remove", "path": "/timeline/0"}]"#
        for path in ["/frame", "/timeline.json"] {
            cases += [
                ("a draft without the token", try edit.send("GET", path: path, query: "?t=0.5&\(draft)"), 403),
                ("a draft, wrong token", try edit.send("GET", path: path, query: "?t=0.5&token=x&\(draft)"), 403),
                ("a draft", try edit.send("GET", path: path, query: "?t=0.5&token=\(edit.token)&\(draft)"), 200),
                (
                    "a draft that removes a step",
                    try edit.send(
                        "GET", path: path,
                        query: "?t=0.5&token=\(edit.token)&draft="
                            + removal.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!), 200
                ),
                (
                    "an invalid draft",
                    try edit.send(
                        "GET", path: path,
                        query: "?t=0.5&token=\(edit.token)&draft="
                            + #"[{"op": "replace", "path": "/canvas/fps", "value": -5}]"#
                            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!), 400
                ),
            ]
        }
        let long = try edit.send(
            "GET", path: "/frame", query: "?t=0&token=\(edit.token)&draft=" + String(repeating: "a", count: 6500))
        cases.append(("a draft over 6 KiB", long, 400))
        #expect(long.text.contains("at most 6144 bytes"), "\(long.text)")
        for path in ["/editor.json", "/sound.wav", "/thumbnail", "/waveform.json", "/pipeline"] {
            for method in ["PUT", "POST", "DELETE"] {
                cases.append(("\(method) \(path)", try edit.send(method, path: path, body: Data(replace.utf8)), 405))
            }
        }
        cases.append(("an unknown path", try edit.send("GET", path: "/nothing"), 404))
        for (name, answer, status) in cases {
            #expect(answer.status == status, "\(name): \(answer.head)\n\(answer.text)")
        }
        // Every refusal in one shape: {"error": {"message": "…", "problems": […]}}.
        for (name, answer, status) in cases where status >= 400 {
            let object = try? JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any]
            let error = object?["error"] as? [String: Any]
            #expect(
                object?.count == 1 && (error?["message"] as? String)?.isEmpty == false && error?["problems"] is [Any],
                "\(name): \(answer.text)")
        }
        let invalid = try edit.patch(#"[{"op": "replace", "path": "/canvas/fps", "value": -5}]"#)
        let problems = try #require(
            ((try JSONSerialization.jsonObject(with: Data(invalid.text.utf8)) as? [String: Any])?["error"]
                as? [String: Any])?["problems"] as? [[String: Any]], "\(invalid.text)")
        #expect(problems.contains { $0["path"] as? String == "canvas.fps" && $0["line"] is Int }, "\(invalid.text)")
        #expect(edit.snapshot == before, "nothing in the folder changed")
        let page = try edit.http.get("/")
        #expect(page.status == 200, "the server still answers")
    }

    @Test("the editor's description names each step's and layer's place in the file, sublayers too")
    func editorDescription() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(
            """
            { "version": 1, "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 1 },
              "layers": [
                { "name": "card", "frame": [0, 0, 64, 64], "sublayers": [
                  { "name": "title", "fill": "#ffffff", "frame": [0, 0, 10, 10] },
                  { "name": "badge", "fill": "#ff0000", "frame": [20, 0, 10, 10], "sublayers": [
                    { "name": "dot", "fill": "#00ff00", "frame": [0, 0, 2, 2] } ] } ] },
                { "name": "top", "fill": "#0000ff", "frame": [0, 40, 64, 24] }
              ],
              "timeline": [
                { "animator": "fade", "target": "dot", "start": 0.2, "duration": 0.5, "params": { "to": 0 } },
                { "animator": "move-and-scale", "target": "top", "params": { "to": [0, 0, 64, 24] } }
              ] }
            """, to: "nested.json", in: folder)
        let server = try PreviewServerProcess([file.path, "--edit"], scratch: folder)
        defer { server.stop() }
        let token = String((server.url.query ?? "").dropFirst("token=".count))
        let answer = try RawHTTPClient(port: try #require(server.url.port)).get("/editor.json?token=\(token)")
        #expect(answer.status == 200, "\(answer.head)")
        let summary = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let layers = try #require(summary["layers"] as? [[String: String]])
        #expect(
            layers == [
                ["name": "card", "pointer": "/layers/0"], ["name": "card/title", "pointer": "/layers/0/sublayers/0"],
                ["name": "card/badge", "pointer": "/layers/0/sublayers/1"],
                ["name": "card/badge/dot", "pointer": "/layers/0/sublayers/1/sublayers/0"],
                ["name": "top", "pointer": "/layers/1"],
            ], "\(layers)")
        let steps = try #require(summary["steps"] as? [[String: Any]])
        #expect(steps.map { $0["pointer"] as? String } == ["/timeline/0", "/timeline/1"])
        #expect(steps.map { $0["track"] as? String } == ["card/badge/dot", "top"])
        #expect(steps[0]["start"] as? Double == 0.2 && steps[0]["end"] as? Double == 0.7)
        let params = try #require((steps[0]["params"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(params["to"] != nil, "the fade's parameters, from its descriptors")
        #expect((summary["curves"] as? [String])?.contains("ease-in-out") == true)
        #expect(try RawHTTPClient(port: try #require(server.url.port)).get("/editor.json").status == 403)
    }

    @Test("without --edit no method on any route writes")
    func readOnly() throws {
        let edit = try start(edit: false)
        defer {
            edit.server.stop()
            try? FileManager.default.removeItem(at: edit.folder)
        }
        let before = edit.snapshot
        #expect(edit.token.isEmpty, "\(edit.server.url)")
        for path in [
            "/", "/frame", "/timeline.json", "/version", "/sound.wav", "/thumbnail", "/waveform.json", "/pipeline",
        ] {
            for method in ["PATCH", "PUT", "POST", "DELETE"] {
                let answer = try edit.send(
                    method, path: path, query: "", body: Data(#"[{"op": "remove", "path": "/layers"}]"#.utf8),
                    headers: ["Content-Type: application/json-patch+json"])
                #expect(answer.status == 405, "\(method) \(path): \(answer.head)")
            }
        }
        let draft = #"[{"op": "replace", "path": "/canvas/fps", "value": 20}]"#
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(try edit.send("GET", path: "/frame", query: "?t=0&token=x&draft=\(draft)").status == 403)
        #expect(try edit.send("GET", path: "/editor.json", query: "?token=x").status == 404)
        let silent = try edit.http.get("/sound.wav")
        #expect(silent.status == 404 && silent.text.contains("the pipeline plays no sound"), "\(silent.text)")
        let flat = try edit.http.get("/waveform.json?buckets=10")
        #expect(
            flat.status == 404 && flat.text.contains(#"{"error":{"message":"the pipeline plays no sound""#),
            "\(flat.text)")
        #expect(edit.snapshot == before)
        #expect(try edit.http.get("/version").status == 200)
    }
}
