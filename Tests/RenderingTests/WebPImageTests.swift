import CommandTestSupport
import Foundation
import Testing

/// WebP stills as layer content: a lossless WebP draws exactly as the PNG it was made from, with
/// or without alpha; a lossy one draws the same bytes every time; validate reads its header; an
/// animated one and a truncated one are refused, naming the file.
@Suite final class WebPImageTests {
    let footage: FootageFixture
    init() throws { footage = try FootageFixture() }

    /// testsrc2 at the canvas size as clips/NAME.png, its alpha rising from 0 at the left edge to
    /// 255 at the right when `alpha`, and `webp` made from it by ffmpeg's libwebp with `options`.
    private func images(_ name: String, alpha: Bool, webp options: [String]) throws {
        let size = "\(FootageFixture.width)x\(FootageFixture.height)"
        let ramp = "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*X/(W-1)'"
        try footage.ffmpeg(
            ["-f", "lavfi", "-i", "testsrc2=size=\(size)", "-frames:v", "1"] + (alpha ? ["-vf", ramp] : [])
                + ["clips/\(name).png"])
        try footage.ffmpeg(["-i", "clips/\(name).png", "-c:v", "libwebp"] + options + ["clips/\(name).webp"])
    }

    /// Frame 0 of the pipeline showing `image`, as the PNG file's bytes.
    private func frame(showing image: String, into name: String) throws -> Data {
        try footage.pipeline("\"image\": \"\(image)\"")
        let result = try footage.render(into: name, ["--frames", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: firstFrame(in: name))
    }

    @Test func aLosslessWebPDrawsTheSameBytesAsItsPNG() throws {
        try images("opaque", alpha: false, webp: ["-lossless", "1"])
        #expect(
            try frame(showing: "clips/opaque.webp", into: "webp") == frame(showing: "clips/opaque.png", into: "png"))
    }

    @Test func aLosslessWebPWithAlphaCompositesAsItsPNG() throws {
        try images("ramp", alpha: true, webp: ["-lossless", "1"])
        try #require(try hasAlpha("clips/ramp.webp"))
        #expect(try frame(showing: "clips/ramp.webp", into: "webp") == frame(showing: "clips/ramp.png", into: "png"))
    }

    @Test func aLossyWebPWithAlphaIsCloseToItsPNGAndTheSameBytesEveryTime() throws {
        try images("lossy", alpha: true, webp: ["-quality", "90"])
        try #require(try hasAlpha("clips/lossy.webp"))
        let first = try frame(showing: "clips/lossy.webp", into: "first")
        #expect(try frame(showing: "clips/lossy.webp", into: "second") == first)
        _ = try frame(showing: "clips/lossy.png", into: "png")
        let (lossy, exact) = try (RGBAImage.read(firstFrame(in: "first")), RGBAImage.read(firstFrame(in: "png")))
        #expect(lossy.psnr(against: exact) >= 30, "PSNR \(lossy.psnr(against: exact)) dB")
    }

    @Test func validateReadsTheSizeFromTheHeader() throws {
        try footage.ffmpeg([
            "-f", "lavfi", "-i", "color=c=red:size=2048x1024", "-frames:v", "1", "-c:v", "libwebp", "-lossless", "1",
            "clips/wide.webp",
        ])
        try footage.pipeline("\"image\": \"clips/wide.webp\"")
        let result = try CLI.run(["validate", "p.json", "--image-memory", "4"], in: footage.folder)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "the pipeline's 1 images take 8 MiB decoded (the largest, \(footage.folder.path)/clips/wide.webp, 8 MiB)"
            ),
            "\(result.stderr)")
    }

    @Test func aWebPCutOffInItsPixelsPassesValidateAndFailsTheRender() throws {
        try images("whole", alpha: false, webp: ["-quality", "90"])
        let whole = try Data(contentsOf: footage.folder.appendingPathComponent("clips/whole.webp"))
        try whole.prefix(whole.count / 2).write(to: footage.folder.appendingPathComponent("clips/cut.webp"))
        try footage.pipeline("\"image\": \"clips/cut.webp\"")
        let validated = try CLI.run(["validate", "p.json"], in: footage.folder)
        #expect(validated.status == 0, "\(validated.stderr)")
        let rendered = try footage.render(into: "out", ["--frames", "0"])
        #expect(rendered.status == 1)
        #expect(
            rendered.stderr.contains(
                "layers[0].image: cannot use image \(footage.folder.path)/clips/cut.webp: truncated WebP: the file ends "
                    + "before the image does"), "\(rendered.stderr)")
    }

    @Test func anAnimatedWebPIsRefusedByValidate() throws {
        try footage.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-frames:v", "3", "-c:v", "libwebp_anim", "-loop", "0",
            "clips/moving.webp",
        ])
        try footage.pipeline("\"image\": \"clips/moving.webp\"")
        let result = try CLI.run(["validate", "p.json"], in: footage.folder)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "cannot use image \(footage.folder.path)/clips/moving.webp: animated WebP: only still images are "
                    + "supported (its frames can play as a sequence)"), "\(result.stderr)")
    }

    private func firstFrame(in name: String) -> URL {
        footage.folder.appendingPathComponent("\(name)/frame_0000.png")
    }

    /// Whether the WebP's header says it has alpha: the lossless header's alpha bit, or the
    /// extended format's alpha flag.
    private func hasAlpha(_ path: String) throws -> Bool {
        let bytes = [UInt8](try Data(contentsOf: footage.folder.appendingPathComponent(path)).prefix(30))
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8L": return bytes[24] & 0x10 != 0
        case "VP8X": return bytes[20] & 0x10 != 0
        default: return false
        }
    }
}
