import CommandTestSupport
import Foundation
import Testing

/// A preview (`output.formats` entry with its own `scale` and `fps`, or `--format
/// webp:scale=…:fps=…`) is written in the same run as the full-size video, from the same frames:
/// its own size and rate, every n-th frame, named apart from the full-size file.
@Suite final class PreviewOutputTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// 96×72 at 30 fps for 1 s: a white card sweeps across a dark blue canvas, so neighbouring
    /// frames differ everywhere along its path.
    private func writePipeline(formats: String) throws {
        let text = """
            { "version": 1,
              "canvas": { "width": 96, "height": 72, "fps": 30, "duration": 1, "background": "#102040" },
              "layers": [ { "name": "card", "fill": "#ffffff", "frame": [0, 16, 24, 40] } ],
              "timeline": [ { "animate": "frame", "target": "card", "to": [72, 16, 24, 40], "duration": 1,
                              "timing": "linear" } ],
              "output": { "dir": "out", "formats": \(formats) } }
            """
        try text.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    private func ffprobe(_ file: String, _ entries: String) throws -> String {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", entries, "-of",
                "csv=p=0", folder.appendingPathComponent(file).path,
            ])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// ffmpeg writes with `arguments` from `input` into a raw RGB(A) file; its bytes.
    private func raw(_ arguments: [String]) throws -> [UInt8] {
        let name = "raw-\(UUID().uuidString)"
        let result = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-y"] + arguments + [name], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        defer { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The MP4's frame `index` scaled to 32×24 by area, as RGB.
    private func scaledMP4Frame(_ index: Int) throws -> [UInt8] {
        try raw([
            "-i", "out/p.mp4", "-vf", "select=eq(n\\,\(index)),scale=32:24:flags=area", "-frames:v", "1", "-f",
            "rawvideo", "-pix_fmt", "rgb24",
        ])
    }

    @Test func aSmallSlowWebPBesideTheFullMP4() throws {
        try writePipeline(formats: #"["mp4", {"format": "webp", "scale": 0.33, "fps": 15}]"#)
        let result = try CLI.run(["run", "p.json", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try SmallPipeline.contents(of: folder.appendingPathComponent("out")) == ["p-0.33x-15fps.webp", "p.mp4"])
        #expect(try ffprobe("out/p.mp4", "stream=width,height,r_frame_rate,nb_read_frames") == "96,72,30/1,30")

        // ffmpeg cannot read animated WebP back: its chunks are read here.
        let webp = try AnimatedWebP(Data(contentsOf: folder.appendingPathComponent("out/p-0.33x-15fps.webp")))
        // 96 × 0.33 = 31.68 and 72 × 0.33 = 23.76, rounded.
        #expect(webp.width == 32 && webp.height == 24)
        #expect(webp.frames.count == 15, "30 frames at 30 fps make 15 at 15 fps")
        // 1/15 s is 66.7 ms: libwebp keeps whole milliseconds, the total stays one second.
        #expect(webp.frames.allSatisfy { (66...67).contains($0.duration) }, "\(webp.frames.map(\.duration))")
        #expect((997...1003).contains(webp.frames.reduce(0) { $0 + $1.duration }))

        // Preview frame 5 (1/3 s) is render frame 10. Both files are lossy (x264 CRF 18, WebP
        // quality 75), so pixels are compared on average: the same time differs by little, the
        // neighbouring preview frames' times (the card 2.4 px away at this size) by clearly more.
        let frame = try webp.decodedFrame(5, folder: folder)
        let near = try frame.meanDifference(to: scaledMP4Frame(10))
        #expect(frame.opaqueCount >= 100, "the frame's drawn pixels: \(frame.opaqueCount)")
        #expect(near <= 6, "preview frame 5 against the MP4's frame 10 scaled down: \(near)")
        for other in [6, 14] {
            let far = try frame.meanDifference(to: scaledMP4Frame(other))
            #expect(far > near * 2 && far > 6, "against MP4 frame \(other): \(far), at the same time \(near)")
        }
    }

    @Test func theCommandLineAsksForAPreviewAndPartsRefuseIt() throws {
        try writePipeline(formats: #"["png"]"#)
        let result = try CLI.run(["run", "p.json", "--format", "gif,gif:fps=10", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: folder.appendingPathComponent("out")) == ["p-10fps.gif", "p.gif"])
        #expect(try ffprobe("out/p-10fps.gif", "stream=width,height,nb_read_frames") == "96,72,10")
        #expect(try ffprobe("out/p.gif", "stream=width,height,nb_read_frames") == "96,72,30")

        let part = try CLI.run(["run", "p.json", "--format", "mp4:scale=0.5", "--frames", "0-9"], in: folder)
        #expect(part.status == 1)
        #expect(
            part.stderr.contains("the preview mp4:scale=0.5 takes its frames from the whole render"), "\(part.stderr)")
        let fast = try CLI.run(["run", "p.json", "--format", "webp:fps=60"], in: folder)
        #expect(fast.status == 1)
        #expect(fast.stderr.contains("more than the render's 30: give at most 30"), "\(fast.stderr)")
        let bad = try CLI.run(["run", "p.json", "--format", "webp:scale=2"], in: folder)
        #expect(bad.status != 0 && bad.stderr.contains("scale in \"webp:scale=2\""), "\(bad.stderr)")
    }

    @Test func theSamePreviewTwiceAndAScaledPNGAreRefusedWhereTheyStand() throws {
        try writePipeline(formats: #"["mp4", {"format": "mp4", "fps": 10}, {"format": "mp4", "fps": 10}]"#)
        let twice = try CLI.run(["validate", "p.json"], in: folder)
        #expect(twice.status != 0)
        #expect(twice.stderr.contains("output.formats[2]: the preview mp4:fps=10 is listed twice"), "\(twice.stderr)")
        try writePipeline(formats: #"[{"format": "png", "scale": 0.5}]"#)
        let png = try CLI.run(["validate", "p.json"], in: folder)
        #expect(png.status != 0)
        #expect(png.stderr.contains("output.formats[0].format: unknown value \"png\""), "\(png.stderr)")
    }
}

/// The canvas and frames of an animated WebP, read from its RIFF chunks (VP8X, ANMF).
private struct AnimatedWebP {
    struct Frame {
        let x: Int, y: Int, width: Int, height: Int
        /// Milliseconds.
        let duration: Int
        /// The frame's image chunks (ALPH, VP8, VP8L), as the file holds them.
        let chunks: Data
    }

    var width = 0, height = 0
    var frames: [Frame] = []

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func number(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        guard bytes.count > 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { throw RGBAImage.ReadError(description: "not a WebP file") }
        var at = 12
        while at + 8 <= bytes.count {
            let name = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = number(at + 4, 4)
            let body = at + 8
            if name == "VP8X" {
                (width, height) = (number(body + 4, 3) + 1, number(body + 7, 3) + 1)
            } else if name == "ANMF" {
                frames.append(
                    Frame(
                        x: number(body, 3) * 2, y: number(body + 3, 3) * 2, width: number(body + 6, 3) + 1,
                        height: number(body + 9, 3) + 1, duration: number(body + 12, 3),
                        chunks: Data(bytes[body + 16..<body + size])))
            }
            at = body + size + size % 2
        }
    }

    /// Frame `index` as a still WebP decoded by ffmpeg, placed on the canvas: RGBA, the pixels
    /// outside its rectangle transparent (they show an earlier frame).
    func decodedFrame(_ index: Int, folder: URL) throws -> CanvasFrame {
        let frame = frames[index]
        func le(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        // VP8X with the alpha flag, then the frame's chunks: a still image ffmpeg reads.
        let header =
            Array("VP8X".utf8) + le(10, 4) + [0x10, 0, 0, 0] + le(frame.width - 1, 3) + le(frame.height - 1, 3)
        let body = Array("WEBP".utf8) + header + [UInt8](frame.chunks)
        let still = Array("RIFF".utf8) + le(body.count, 4) + body
        let name = "frame-\(index).webp"
        try Data(still).write(to: folder.appendingPathComponent(name))
        let raw = "frame-\(index).rgba"
        let result = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-y", "-i", name, "-f", "rawvideo", "-pix_fmt", "rgba", raw],
            in: folder)
        guard result.status == 0 else { throw RGBAImage.ReadError(description: "ffmpeg: \(result.stderr)") }
        let pixels = [UInt8](try Data(contentsOf: folder.appendingPathComponent(raw)))
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<frame.height {
            for column in 0..<frame.width {
                let from = (row * frame.width + column) * 4
                let to = ((frame.y + row) * width + frame.x + column) * 4
                canvas[to..<to + 4] = pixels[from..<from + 4]
            }
        }
        return CanvasFrame(width: width, height: height, rgba: canvas)
    }
}

/// A WebP frame on its canvas; only its opaque pixels are what the frame itself shows.
private struct CanvasFrame {
    let width: Int, height: Int
    let rgba: [UInt8]

    var opaqueCount: Int { stride(from: 3, to: rgba.count, by: 4).filter { rgba[$0] == 255 }.count }

    /// The mean difference per channel from `rgb` (the canvas's size) over the opaque pixels.
    func meanDifference(to rgb: [UInt8]) -> Double {
        var (total, count) = (0, 0)
        for pixel in 0..<width * height where rgba[pixel * 4 + 3] == 255 {
            for channel in 0..<3 { total += abs(Int(rgba[pixel * 4 + channel]) - Int(rgb[pixel * 3 + channel])) }
            count += 3
        }
        return count == 0 ? .infinity : Double(total) / Double(count)
    }
}
