import CommandTestSupport
import Foundation
import Testing

/// `pipeline run --format …` writes every video and animation format, checked by ffprobe;
/// Y4M streams to standard output; a missing encoder is explained and PNGs are still written.
@Suite final class FormatOutputTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// 64×48, 10 frames at 20 fps; a card with a shadow moves over `background`.
    private func pipeline(background: String, quality: String = "") throws -> String {
        let text = """
            { "version": 1,
              "canvas": { "width": 64, "height": 48, "fps": 20, "duration": 0.5, "background": "\(background)" },
              "layers": [ { "name": "card", "fill": "#ff9500", "frame": [8, 8, 24, 16], "cornerRadius": 4 } ],
              "timeline": [ { "animator": "move-and-scale", "target": "card", "duration": 0.5, "params": { "to": [30, 20, 30, 20] } } ],
              "output": { "formats": ["png"] \(quality) }
            }
            """
        let name = background.count > 7 ? "clear" : "solid"
        try text.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        return name
    }

    /// codec, pix_fmt, width, height, frames and alpha_mode of the first video stream.
    private func probe(_ file: URL) throws -> [String: String] {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=codec_name,pix_fmt,width,height,nb_read_frames:stream_tags=alpha_mode",
                "-of", "default=noprint_wrappers=1", file.path,
            ])
        let pairs = result.stdout.split(separator: "\n").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        return Dictionary(pairs.filter { $0.count == 2 }.map { ($0[0], $0[1]) }) { first, _ in first }
    }

    @Test func everyFormatOfATransparentCanvas() throws {
        let name = try pipeline(background: "#20203000")
        let out = folder.appendingPathComponent("out")
        let result = try CLI.run(
            ["run", "\(name).json", "--out", out.path, "--format", "mp4,webm,mov,gif,webp,apng,y4m"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try SmallPipeline.contents(of: out)
                == ["apng", "gif", "mov", "mp4", "webm", "webp", "y4m"].map { "clear.\($0)" })
        let expected = [
            ("mp4", "h264", "yuv420p"), ("webm", "vp9", "yuv420p"), ("mov", "prores", "yuva444p12le"),
            ("gif", "gif", "bgra"), ("apng", "apng", "rgba"), ("y4m", "rawvideo", "yuv420p"),
        ]
        for (suffix, codec, pixelFormat) in expected {
            let info = try probe(out.appendingPathComponent("clear.\(suffix)"))
            #expect(info["codec_name"] == codec && info["pix_fmt"] == pixelFormat, "\(suffix): \(info)")
            #expect(
                info["width"] == "64" && info["height"] == "48" && info["nb_read_frames"] == "10", "\(suffix): \(info)")
        }
        // VP9 carries alpha as side data, tagged alpha_mode 1.
        #expect(try probe(out.appendingPathComponent("clear.webm"))["TAG:alpha_mode"] == "1")
        let webp = [UInt8](try Data(contentsOf: out.appendingPathComponent("clear.webp")))
        let frames = (0..<webp.count - 3).filter { webp[$0..<$0 + 4].elementsEqual("ANMF".utf8) }.count
        #expect(webp.starts(with: Array("RIFF".utf8)) && frames == 10)
    }

    @Test func webmOfAnOpaqueCanvasHasNoAlphaAndQualityComesFromTheFile() throws {
        let name = try pipeline(background: "#202030", quality: ", \"quality\": 20")
        let low = folder.appendingPathComponent("low")
        let high = folder.appendingPathComponent("high")
        #expect(try CLI.run(["run", "\(name).json", "--out", low.path, "--format", "webm"], in: folder).status == 0)
        #expect(
            try CLI.run(["run", "\(name).json", "--out", high.path, "--format", "webm", "--quality", "95"], in: folder)
                .status == 0)
        let info = try probe(low.appendingPathComponent("solid.webm"))
        #expect(
            info["codec_name"] == "vp9" && info["nb_read_frames"] == "10" && info["TAG:alpha_mode"] == nil, "\(info)")
        let size = { (url: URL) in
            try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent("solid.webm").path)[.size]
                as! Int
        }
        #expect(try size(low) < size(high))
    }

    @Test func y4mOnStandardOutputIsReadByFFmpeg() throws {
        let name = try pipeline(background: "#202030")
        let result = try CLI.run(["run", "\(name).json", "--format", "y4m", "-o", "-"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutData.starts(with: Array("YUV4MPEG2 W64 H48 F20:1".utf8)))
        #expect(result.stderr.contains("frame 10/10"), "progress goes to standard error: \(result.stderr)")
        let stream = folder.appendingPathComponent("stream.y4m")
        try result.stdoutData.write(to: stream)
        let read = try CLI.runProgram("/bin/sh", ["-c", "ffmpeg -v error -i - -f framemd5 - < \"$0\"", stream.path])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 10)
        #expect(read.stdout.contains("#dimensions 0: 64x48"), "\(read.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test(arguments: [
        ["-o", "-"], ["-o", "-", "--format", "png,y4m"], ["--quality", "101"], ["--format", "webm,avi"],
    ])
    func badOutputOptionsAreRefused(arguments: [String]) throws {
        let name = try pipeline(background: "#202030")
        let result = try CLI.run(["run", "\(name).json"] + arguments, in: folder)
        #expect(result.status == 1 && result.stdoutData.isEmpty, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                arguments.contains("--quality")
                    ? "--quality must be 0...100" : arguments.contains("-o") ? "-o -" : "unknown format \"avi\""),
            "\(result.stderr)")
    }

    /// A value that is not a number is named with its flag, as the library's declaration reads it.
    @Test(arguments: [
        (["--quality", "best"], "--quality takes a whole number, got \"best\""),
        (["--scale", "big"], "--scale takes a number, got \"big\""),
        (["--threads", "many"], "--threads takes a whole number, got \"many\""),
        (["--format", "png,png"], "--format lists \"png\" twice"),
    ])
    func aValueThatIsNotANumberIsNamedWithItsFlag(arguments: [String], message: String) throws {
        let name = try pipeline(background: "#202030")
        let result = try CLI.run(["run", "\(name).json"] + arguments, in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func aMissingEncoderIsNamedAndThePNGsAreStillWritten() throws {
        let name = try pipeline(background: "#202030")
        // An ffmpeg without libvpx: it lists libx264 only.
        let fake = folder.appendingPathComponent("ffmpeg")
        try CLI.writeExecutable("#!/bin/sh\nprintf ' ------\\n V....D libx264   libx264 H.264\\n'\n", to: fake.path)
        let out = folder.appendingPathComponent("out")
        let result = try CLI.run(
            ["run", "\(name).json", "--out", out.path, "--format", "png,webm"], in: folder,
            environment: ["PIPELINE_FFMPEG": fake.path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("has no libvpx-vp9 encoder, which webm needs")
                && result.stderr.contains("apt-get install ffmpeg"), "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: out) == SmallPipeline.frameNames(10))
    }
}
