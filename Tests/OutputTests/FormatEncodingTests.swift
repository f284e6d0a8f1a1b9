import Foundation
import Output
import Scene
import Testing

/// Every ffmpeg format, fed 10 sample frames of 64×48 (opaque bands, a translucent band and a
/// transparent corner), read back by ffprobe: codec, size, frame count, and alpha where promised.
@Suite("Video and animation formats", .enabled(if: Tools.available, Tools.missing))
final class FormatEncodingTests {
    private let scratch: ScratchFolder
    init() throws { scratch = try ScratchFolder() }

    private func encode(
        _ format: OutputFormat, transparent: Bool = false, quality: VideoQuality = .standard,
        name: String? = nil
    ) throws -> String {
        let path = "\(scratch.path)/\(name ?? "clip").\(format.rawValue)"
        let encoder = try FFmpegEncoder(
            format: format, path: path, width: 64, height: 48, fps: 25, quality: quality,
            transparentCanvas: transparent, ffmpegPath: Tools.ffmpeg!)
        for index in 0..<10 {
            try TestFrame.sample(index: index, opaque: !transparent).withView { view throws(OutputError) in
                try encoder.write(view, index: index)
            }
        }
        try encoder.finish()
        return path
    }

    /// ffprobe's codec, pixel format, size, decoded frames and VP9 alpha tag.
    private func probe(_ path: String) throws -> [String: String] {
        let text = try Tools.run(
            Tools.ffprobe!,
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=codec_name,pix_fmt,width,height,nb_read_frames:stream_tags=alpha_mode",
                "-of", "default=noprint_wrappers=1", path,
            ]
        ).output
        let pairs = String(decoding: text, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: "=", maxSplits: 1)
        }
        return Dictionary(pairs.filter { $0.count == 2 }.map { (String($0[0]), String($0[1])) }) { first, _ in first }
    }

    @Test(
        "each format has its codec, size, every frame and its pixel format",
        arguments: [
            (OutputFormat.mp4, "h264", "yuv420p"), (.webm, "vp9", "yuv420p"), (.mov, "prores", "yuva444p12le"),
            (.gif, "gif", "bgra"), (.apng, "apng", "rgba"), (.y4m, "rawvideo", "yuv420p"),
        ])
    func format(_ format: OutputFormat, codec: String, pixelFormat: String) throws {
        let info = try probe(try encode(format, transparent: format.keepsAlpha(transparentCanvas: true)))
        #expect(info["codec_name"] == codec && info["pix_fmt"] == pixelFormat, "\(info)")
        #expect(info["width"] == "64" && info["height"] == "48" && info["nb_read_frames"] == "10", "\(info)")
        #expect(try Tools.files(in: scratch.path) == ["clip.\(format.rawValue)"])
    }

    @Test("webm carries alpha (alpha_mode 1) exactly when the canvas is transparent")
    func webmAlpha() throws {
        let clear = try probe(try encode(.webm, transparent: true, name: "clear"))
        let opaque = try probe(try encode(.webm, transparent: false, name: "opaque"))
        #expect(clear["TAG:alpha_mode"] == "1" && clear["nb_read_frames"] == "10", "\(clear)")
        #expect(opaque["TAG:alpha_mode"] == nil, "\(opaque)")
        // libvpx decodes the alpha side data: the transparent corner stays transparent.
        let rgba = try Tools.run(
            Tools.ffmpeg!,
            [
                "-v", "error", "-c:v", "libvpx-vp9", "-i", "\(scratch.path)/clear.webm",
                "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-",
            ]
        ).output
        #expect(FFmpegEncoderTests.pixel(rgba, x: 2, y: 2).last ?? 255 < 10, "corner alpha")
        #expect(FFmpegEncoderTests.pixel(rgba, x: 40, y: 10).last ?? 0 > 245, "opaque band alpha")
    }

    @Test("mov keeps the transparent corner")
    func movAlpha() throws {
        let rgba = try Tools.decodeRGBA(try encode(.mov, transparent: true))
        #expect(FFmpegEncoderTests.pixel(rgba, x: 2, y: 2).last == 0)
        #expect(FFmpegEncoderTests.near(FFmpegEncoderTests.pixel(rgba, x: 40, y: 10), [200, 0, 30, 255]))
    }

    /// ffmpeg cannot decode animated WebP, so the file's RIFF chunks are read instead.
    @Test("webp is an animated WebP that loops forever, with alpha and every frame")
    func webp() throws {
        let chunks = try WebPChunks(Data(contentsOf: URL(fileURLWithPath: try encode(.webp, transparent: true))))
        #expect(chunks.canvas.0 == 64 && chunks.canvas.1 == 48)
        #expect(chunks.hasAlpha && chunks.isAnimated)
        #expect(chunks.loopCount == 0)
        #expect(chunks.frameCount == 10)
    }

    @Test("apng loops forever")
    func apngLoops() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try encode(.apng, transparent: true))))
        // acTL: frame count, then play count (0 is forever), both big-endian.
        let actl = try #require(bytes.firstRange(of: Array("acTL".utf8)))
        let big = { (at: Int) in bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        #expect(big(actl.upperBound) == 10 && big(actl.upperBound + 4) == 0)
    }

    @Test("quality maps onto x264's CRF: 75 is CRF 18, 50 is CRF 29; higher quality, larger files")
    func quality() throws {
        let standard = try encode(.mp4, name: "standard")
        let lower = try encode(.mp4, quality: VideoQuality(50)!, name: "lower")
        let best = try encode(.mp4, quality: VideoQuality(100)!, name: "best")
        #expect(try Self.x264Settings(standard).contains(" crf=18.0 "))
        #expect(try Self.x264Settings(lower).contains(" crf=29.0 "))
        let sizes = try [lower, standard, best].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.size] as! Int
        }
        #expect(sizes[0] < sizes[1] && sizes[1] < sizes[2], "\(sizes)")
        #expect(VideoQuality(101) == nil && VideoQuality(-1) == nil)
    }

    /// x264 records its options in the stream, as text.
    private static func x264Settings(_ path: String) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: bytes.map { $0 >= 32 && $0 < 127 ? $0 : 32 }, as: UTF8.self)
        return text.components(separatedBy: "x264 - core").dropFirst().first ?? ""
    }
}
