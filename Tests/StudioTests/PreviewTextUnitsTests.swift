import CommandTestSupport
import Foundation
import Testing

/// "abc" under a triangle selector whose offset runs from 0 to 100 % in the second half of the
/// render, and under a ramp, over a background layer without text: what the studio's text
/// animator range is shown on.
enum TextRangePipeline {
    static let text = """
        { "version": 1,
          "canvas": { "width": 320, "height": 120, "fps": 10, "duration": 1, "background": "#202020" },
          "layers": [
            { "name": "bg", "frame": [0, 0, 320, 120], "fill": "#304050" },
            { "name": "title", "frame": [20, 30, 280, 60],
              "text": { "string": "abc", "size": 40, "color": "#ffffff",
                        "textAnimators": [ { "select": { "shape": "triangle" }, "properties": { "scale": 2 } },
                                           { "select": { "shape": "rampUp" }, "properties": { "opacity": 0.5 } } ] } }
          ],
          "timeline": [ { "animate": "textAnimators.0.select.offset", "target": "title",
                          "from": 0, "to": 100, "start": 0.5, "duration": 0.5, "timing": "linear" } ]
        }

        """

    static func object(_ body: Data) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: body) as? [String: Any], "\(String(decoding: body, as: UTF8.self))")
    }

    /// Each character's weights and corners in a `/text-units` answer.
    static func characters(_ body: Data) throws -> [(character: String, weights: [Double], corners: [[Double]])] {
        let list = try #require(try object(body)["characters"] as? [[String: Any]])
        return try list.map { entry in
            (
                try #require(entry["character"] as? String), try #require(entry["weights"] as? [Double]),
                try #require(entry["corners"] as? [[Double]])
            )
        }
    }
}

/// `GET /text-units`: a text layer's characters at a time, each with its box on the canvas and
/// its weight under each text animator, as the frame shown then lays them out; every parameter
/// checked, errors in the preview's shape.
@Suite("the preview's text units")
struct PreviewTextUnitsTests {
    @Test func theCharactersOfATextAtATimeWithTheirBoxesAndWeights() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(TextRangePipeline.text, to: "text.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }

        let start = try await server.get("text-units?layer=title&t=0")
        try #require(start.status == 200, "\(String(decoding: start.body, as: UTF8.self))")
        let answer = try TextRangePipeline.object(start.body)
        #expect(answer["layer"] as? String == "title" && answer["animatorCount"] as? Int == 2, "\(answer)")
        let characters = try TextRangePipeline.characters(start.body)
        #expect(characters.map(\.character) == ["a", "b", "c"])
        // The triangle's weights, then the ramp's (u at each character's centre).
        for (character, expected) in zip(characters, [[1.0 / 3, 1.0 / 6], [1, 0.5], [1.0 / 3, 5.0 / 6]]) {
            #expect(
                character.weights.count == 2 && zip(character.weights, expected).allSatisfy { abs($0 - $1) < 1e-9 },
                "\(character)")
            #expect(character.corners.count == 4 && character.corners.allSatisfy { $0.count == 2 })
        }
        // From the frame's top left, side by side.
        #expect(abs(characters[0].corners[0][0] - 20) < 1e-6 && abs(characters[0].corners[0][1] - 30) < 1e-6)
        #expect(abs(characters[1].corners[0][0] - characters[0].corners[1][0]) < 1e-6)
        #expect(characters[2].corners[2][0] < 300 && characters[2].corners[2][1] < 90)

        // At 0.75 s the step has moved the range by half the text: from unit 1.5 to 4.5.
        let later = try TextRangePipeline.characters(try await server.get("text-units?layer=title&t=0.75").body)
        #expect(zip(later.map { $0.weights[0] }, [0.0, 0, 2.0 / 3]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(later)")

        // A layer without text has no characters.
        let plain = try await server.get("text-units?layer=bg&t=0.5")
        #expect(plain.status == 200)
        let empty = try TextRangePipeline.object(plain.body)
        #expect((empty["characters"] as? [Any])?.isEmpty == true && empty["animatorCount"] as? Int == 0, "\(empty)")

        // Errors, each in the preview's shape.
        func message(_ path: String, _ status: Int) async throws -> String {
            let got = try await server.get(path)
            #expect(got.status == status, "\(path): \(String(decoding: got.body, as: UTF8.self))")
            let error = try TextRangePipeline.object(got.body)["error"] as? [String: Any]
            return try #require(error?["message"] as? String, "\(path)")
        }
        #expect(try await message("text-units?layer=nothing&t=0", 404).contains("no layer \"nothing\""))
        #expect(try await message("text-units?layer=title&t=2", 400).contains("past the end"))
        #expect(try await message("text-units?layer=title&t=soon", 400).contains("0...3600"))
        #expect(try await message("text-units?t=0", 400).contains("layer=NAME"))
        #expect(try await message("text-units?layer=title", 400).contains("t=SECONDS"))
        #expect(try await message("text-units?layer=title&t=0&scale=2", 400).contains("not scale"))
        let http = RawHTTPClient(port: try #require(server.url.port))
        let head = [
            "POST /text-units HTTP/1.1", "Host: 127.0.0.1:\(http.port)", "Content-Length: 0", "Connection: close",
        ]
        let post = try http.exchange(Data((head.joined(separator: "\r\n") + "\r\n\r\n").utf8))
        #expect(post.status == 405 && post.head.lowercased().contains("\r\nallow: get, head\r\n"), "\(post.head)")
    }

    /// With `--edit`, a draft's characters: the file as a patch would make it, nothing written.
    @Test func aDraftsCharactersWithTheToken() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(TextRangePipeline.text, to: "text.json", in: folder)
        let server = try PreviewServerProcess([file.path, "--edit"], scratch: folder)
        defer { server.stop() }
        let token = try #require(server.url.query?.split(separator: "=").last.map(String.init))
        let patch = #"[{"op": "add", "path": "/layers/1/text/textAnimators/0/select/shape", "value": "square"}]"#
        func address(_ items: [URLQueryItem]) throws -> String {
            var components = URLComponents()
            components.path = "text-units"
            components.queryItems =
                [URLQueryItem(name: "layer", value: "title"), URLQueryItem(name: "t", value: "0")]
                + items
            return try #require(components.string)
        }
        let drafted = try await server.get(
            try address([URLQueryItem(name: "draft", value: patch), URLQueryItem(name: "token", value: token)]))
        try #require(drafted.status == 200, "\(String(decoding: drafted.body, as: UTF8.self))")
        let weights = try TextRangePipeline.characters(drafted.body).map { $0.weights[0] }
        #expect(weights == [1, 1, 1], "a square range selects every character fully: \(weights)")
        #expect(try String(contentsOf: file, encoding: .utf8) == TextRangePipeline.text)
        let refused = try await server.get(try address([URLQueryItem(name: "draft", value: patch)]))
        #expect(refused.status == 403, "\(String(decoding: refused.body, as: UTF8.self))")
    }
}
