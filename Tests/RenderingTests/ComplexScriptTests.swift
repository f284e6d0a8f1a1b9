import CommandTestSupport
import Foundation
import Testing

/// Right-to-left and joining scripts: Hebrew reads from right to left, Arabic letters join, and
/// the frames stay byte-identical from run to run and thread count to thread count. DejaVu Sans
/// covers both scripts. An expected picture is drawn from characters forced into display order
/// (U+202D LEFT-TO-RIGHT OVERRIDE … U+202C POP DIRECTIONAL FORMATTING), so no golden file is needed.
@Suite struct ComplexScriptTests {
    static let (override, pop) = ("\u{202D}", "\u{202C}")

    /// The PNG bytes of the frame at 0 s of a pipeline drawing `string`, left-aligned.
    static func frame(of string: String, in folder: URL) throws -> Data {
        let name = "text-\(UUID().uuidString)"
        try pipeline(string, duration: 0.1).write(
            to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["frame", "\(name).json", "--at", "0", "-o", "\(name).png"], in: folder)
        try #require(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: folder.appendingPathComponent("\(name).png"))
    }

    static func pipeline(_ string: String, duration: Double) throws -> String {
        let document: [String: Any] = [
            "version": 1,
            "canvas": ["width": 240, "height": 60, "fps": 10, "duration": duration, "background": "#ffffff"],
            "layers": [["name": "line", "text": ["string": string, "size": 30, "align": "left"]]],
            "timeline": [["animate": "transform.scale", "target": "line", "from": 1, "to": 1.3, "duration": duration]],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
    }

    @Test func hebrewReadsFromRightToLeft() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shalom = try Self.frame(of: "שלום", in: folder)
        #expect(shalom == (try Self.frame(of: Self.override + "םולש" + Self.pop, in: folder)), "its letters reversed")
        #expect(shalom != (try Self.frame(of: Self.override + "שלום" + Self.pop, in: folder)), "not in logical order")
    }

    /// Three behs join: final, medial and initial forms from the left, the glyphs of the
    /// presentation forms U+FE90, U+FE92 and U+FE91.
    @Test func arabicLettersJoin() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let joined = try Self.frame(of: "ببب", in: folder)
        #expect(joined == (try Self.frame(of: Self.override + "\u{FE90}\u{FE92}\u{FE91}" + Self.pop, in: folder)))
        #expect(joined != (try Self.frame(of: Self.override + "\u{FE8F}\u{FE8F}\u{FE8F}" + Self.pop, in: folder)))
    }

    @Test func shapedFramesAreTheSameEveryRunOnAnyNumberOfThreads() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.pipeline("שלום עולם — مرحبا بالعالم (123)", duration: 0.5).write(
            to: folder.appendingPathComponent("mixed.json"), atomically: true, encoding: .utf8)
        var renders: [[Data]] = []
        for (out, threads) in [("a", "1"), ("b", "2"), ("c", "2")] {
            let result = try CLI.run(["run", "mixed.json", "--out", out, "--threads", threads], in: folder)
            try #require(result.status == 0, "\(result.stderr)")
            let frames = SmallPipeline.frameNames(5).map { folder.appendingPathComponent("\(out)/\($0)") }
            renders.append(try frames.map { try Data(contentsOf: $0) })
        }
        #expect(renders[0] == renders[1], "one thread or two")
        #expect(renders[1] == renders[2], "two runs")
        #expect(Set(renders[0]).count > 1, "the text grows")
    }
}
