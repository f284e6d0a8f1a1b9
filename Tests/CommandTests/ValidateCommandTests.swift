import CommandTestSupport
import Foundation
import Testing

/// `pipeline validate` on the repository's magic move: exit 0, a one-line summary, no files.
@Suite struct ValidateCommandTests {
    @Test func validatePrintsASummaryAndWritesNothing() throws {
        let move = try MagicMove()
        defer { move.cleanUp() }
        let before = try SmallPipeline.contents(of: move.folder)
        let result = try CLI.run(["validate", "pipeline.json"], in: move.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("pipeline.json: ok"), "\(result.stdout)")
        #expect(result.stdout.contains("750×1334") && result.stdout.contains("61 frames at 60 fps"), "\(result.stdout)")
        #expect(result.stdout.contains("5 layers") && result.stdout.contains("8 steps"), "\(result.stdout)")
        #expect(try SmallPipeline.contents(of: move.folder) == before, "no file is written")
        #expect(!FileManager.default.fileExists(atPath: move.folder.appendingPathComponent("out").path))
    }

    /// Every error in one run: each broken layer and step, then each missing image file.
    @Test func validateReportsEveryErrorThenEveryMissingImage() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        { "version": 1, "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 1 },
          "layers": [ { "name": "a", "image": "gone.png" }, { "name": "b", "opacity": 2 },
                      { "name": "c", "fil": "#ffffff" } ],
          "timeline": [ { "animator": "fade", "target": "b", "params": { "to": 5 } } ] }
        """.write(to: folder.appendingPathComponent("many.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["validate", "many.json"], in: folder)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let expected = [
            "error: many.json:2:79: layers[1].opacity: 2 is out of range: expected a number in 0...1",
            "error: many.json:3:30: layers[2]: unknown key \"fil\"; did you mean \"fill\"?",
            "error: many.json:4:72: timeline[0].params.to: 5 is out of range: expected a number in 0...1",
            "error: many.json:2:39: layers[0].image: image file not found: \(folder.path)/gone.png",
        ]
        #expect(lines.filter { $0.hasPrefix("error:") } == expected, "\(result.stderr)")
    }

    /// Animated values are held to the ranges static ones are, every one reported: a value, each
    /// keyframe, the end `by` leads to. An additive animation's values are offsets and pass.
    @Test func validateReportsEveryAnimatedValueOutOfItsRange() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        { "version": 1, "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 1 },
          "layers": [ { "name": "a", "fill": "#ff0000", "filters": [{ "effect": "blur", "params": { "radius": 8 } }] } ],
          "timeline": [ { "animate": "filters.blur.radius", "target": "a", "from": -1, "to": 2000 },
                        { "animate": "opacity", "target": "a", "keyframes": { "values": [0, 2, 1] } },
                        { "animate": "shadow.radius", "target": "a", "to": 10, "by": 20 },
                        { "animate": "filters.blur.radius", "target": "a", "to": -5, "additive": true } ] }
        """.write(to: folder.appendingPathComponent("animated.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["validate", "animated.json"], in: folder)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let expected = [
            "error: animated.json:3:76: timeline[0].from: -1 is out of range: expected a number in 0...1000",
            "error: animated.json:3:86: timeline[0].to: 2000 is out of range: expected a number in 0...1000",
            "error: animated.json:4:85: timeline[1].keyframes.values[1]: 2 is out of range: expected a number in 0...1",
            "error: animated.json:5:78: timeline[2].by: \"to\" − \"by\" starts the animation at -10: -10 is out of "
                + "range: expected a number in 0...200",
        ]
        #expect(lines.filter { $0.hasPrefix("error:") } == expected, "\(result.stderr)")
    }
}

/// `validate` reads an image's header, not its pixels: what the header shows (not an image, a
/// size over the limit) fails validation, a file cut off in its pixel data passes it and fails
/// the render.
@Suite struct ValidateImageHeaderTests {
    static func pipeline(image: String) -> String {
        """
        { "version": 1, "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 0.2 },
          "layers": [ { "name": "a", "image": "\(image)" } ] }
        """
    }

    @Test func aPNGCutOffInItsPixelsPassesValidateAndFailsTheRender() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("examples/assets/poster.png"))
        try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent("cut.png"))
        try Self.pipeline(image: "cut.png").write(
            to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)

        let validated = try CLI.run(["validate", "p.json"], in: folder)
        #expect(validated.status == 0, "stderr:\n\(validated.stderr)")
        #expect(validated.stdout == "p.json: ok — 32×32, 2 frames at 10 fps, 1 layer, 0 steps\n")

        let rendered = try CLI.run(["run", "p.json", "--discard"], in: folder)
        #expect(rendered.status == 1)
        #expect(
            rendered.stderr.contains("layers[0].image: cannot use image \(folder.path)/cut.png: corrupt PNG: "),
            "stderr:\n\(rendered.stderr)")
    }

    @Test func aJPEGOverTheSizeLimitFailsValidate() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The corpus's cut-off JPEG, its frame header (SOF0) made to claim 20000 pixels across.
        var bytes = [UInt8](
            try Data(
                contentsOf: CLI.repositoryRoot.appendingPathComponent(
                    "Tests/BadInputs/image-truncated-jpeg/assets/cut.jpg")))
        let frameHeader = try #require((0..<bytes.count - 9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[frameHeader + 7] = 0x4E
        bytes[frameHeader + 8] = 0x20
        try Data(bytes).write(to: folder.appendingPathComponent("wide.jpg"))
        try Self.pipeline(image: "wide.jpg").write(
            to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)

        let result = try CLI.run(["validate", "p.json"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "layers[0].image: cannot use image \(folder.path)/wide.jpg: image is 20000×64, larger than the "
                    + "16384×16384 limit"), "stderr:\n\(result.stderr)")
    }
}
