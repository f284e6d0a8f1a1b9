import CommandTestSupport
import Foundation
import Testing

/// `/frame?format=jpeg`: what the page can ask for while it plays, a JPEG of an opaque frame (the
/// same picture as the PNG, within JPEG's loss) and the PNG of a frame with translucent pixels,
/// which a JPEG could not carry; bad `format` and `quality` values are refused with a reason.
@Suite("the preview's JPEG frames")
struct PreviewViewerFrameTests {
    static let jpegStart: [UInt8] = [0xff, 0xd8, 0xff]
    static let pngStart: [UInt8] = [0x89, 0x50, 0x4e, 0x47]

    /// The picture in `bytes` (any format ffmpeg reads), decoded by ffmpeg to a PNG and read back.
    static func decoded(_ bytes: Data, in folder: URL) throws -> RGBAImage {
        let input = folder.appendingPathComponent("answer.img")
        let output = folder.appendingPathComponent("answer.png")
        try bytes.write(to: input)
        let result = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-y", "-i", input.path, "-pix_fmt", "rgba", output.path],
            in: folder)
        try #require(result.status == 0, "\(result.stderr)")
        return try RGBAImage.read(output)
    }

    /// A frame of a clip (ffmpeg's testsrc2: gradients, text, colour bars), as a player shows.
    @Test func anOpaqueFrameComesAsAJPEGOfThePNGsPicture() async throws {
        let fixture = try FootageFixture()
        try fixture.standardClip()
        try fixture.pipeline(#""video": "clips/a.mp4""#)
        let folder = fixture.folder
        let server = try PreviewServerProcess([folder.appendingPathComponent("p.json").path], scratch: folder)
        defer { server.stop() }
        let png = try await server.get("frame?t=1")
        let jpeg = try await server.get("frame?t=1&format=jpeg&quality=90")
        #expect(png.status == 200 && jpeg.status == 200)
        #expect(Array(png.body.prefix(4)) == Self.pngStart)
        #expect(Array(jpeg.body.prefix(3)) == Self.jpegStart, "\(jpeg.body.prefix(8).map { $0 })")
        #expect(jpeg.body.count < png.body.count, "JPEG \(jpeg.body.count) bytes, PNG \(png.body.count)")
        let reference = try Self.decoded(png.body, in: folder)
        let picture = try Self.decoded(jpeg.body, in: folder)
        try #require(picture.width == reference.width && picture.height == reference.height)
        // The same picture within JPEG's loss: on average a few levels a channel.
        var difference = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let (a, b) = (picture[x, y], reference[x, y])
                difference += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
            }
        }
        let mean = Double(difference) / Double(3 * picture.width * picture.height)
        #expect(mean < 4, "mean difference \(mean) levels")
        // A lower quality makes a smaller file of the same frame; no quality asks for 80.
        let low = try await server.get("frame?t=1&format=jpeg&quality=10")
        let usual = try await server.get("frame?t=1&format=jpeg")
        #expect(low.status == 200 && usual.status == 200)
        #expect(low.body.count < usual.body.count && usual.body.count < jpeg.body.count)
    }

    @Test func aFrameWithTranslucentPixelsComesAsAPNG() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = PreviewTests.squarePipeline().replacingOccurrences(of: "#204060", with: "#20406080")
        let file = try PluginFixtures.write(text, to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let answer = try await server.get("frame?t=0.5&format=jpeg")
        #expect(answer.status == 200)
        #expect(Array(answer.body.prefix(4)) == Self.pngStart)
        let picture = try Self.decoded(answer.body, in: folder)
        #expect(picture[5, 5].a == 0x80, "\(picture[5, 5])")
    }

    @Test func badFormatsAndQualitiesAreRefusedWithTheirReason() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let cases = [
            ("frame?t=0&format=webp", #"format must be png or jpeg, got "webp""#),
            ("frame?t=0&format=jpeg&quality=0", #"quality must be a whole number from 1 to 100, got "0""#),
            ("frame?t=0&format=jpeg&quality=101", #"quality must be a whole number from 1 to 100, got "101""#),
            ("frame?t=0&format=jpeg&quality=high", #"quality must be a whole number from 1 to 100, got "high""#),
            ("frame?t=0&quality=50", "quality is for format=jpeg"),
            ("frame?t=0&scale=0", #"scale must be a number from 0.1 to 1.0, got "0""#),
            ("frame?t=0&scale=2", #"scale must be a number from 0.1 to 1.0, got "2""#),
            ("frame?t=0&format=jpeg&scale=half", #"scale must be a number from 0.1 to 1.0, got "half""#),
        ]
        for (path, reason) in cases {
            let answer = try await server.get(path)
            #expect(answer.status == 400, "\(path): \(answer.status)")
            let shape = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
            let message = (shape?["error"] as? [String: Any])?["message"] as? String
            #expect(message == reason, "\(path): \(String(decoding: answer.body, as: UTF8.self))")
        }
    }

    /// What playing asks for when full-scale frames come too late: the frame drawn smaller, as
    /// `pipeline frame --scale` draws it.
    @Test func aDraftScaleFrameIsTheFrameDrawnSmaller() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let draft = try await server.get("frame?t=0.5&scale=0.5")
        let full = try await server.get("frame?t=0.5")
        #expect(draft.status == 200 && full.status == 200)
        let still = folder.appendingPathComponent("still.png")
        let run = try CLI.run(["frame", file.path, "--at", "0.5", "--scale", "0.5", "-o", still.path], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(draft.body == (try Data(contentsOf: still)), "the same bytes as pipeline frame --scale 0.5")
        let (small, large) = (try Self.decoded(draft.body, in: folder), try Self.decoded(full.body, in: folder))
        #expect(small.width * 2 == large.width && small.height * 2 == large.height)
        let jpeg = try await server.get("frame?t=0.5&format=jpeg&scale=0.5")
        #expect(jpeg.status == 200)
        let drawn = try Self.decoded(jpeg.body, in: folder)
        #expect(drawn.width == small.width)
    }
}
