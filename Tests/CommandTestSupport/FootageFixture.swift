import Foundation

/// A folder of clips and image sequences made by ffmpeg, pipelines that show them, and ffmpeg's
/// own decode of a clip's frames to compare rendered frames with. Removed with the fixture.
public final class FootageFixture {
    public let folder: URL
    public static let (width, height, fps) = (320, 240, 30)

    public init() throws {
        folder = try CLI.temporaryDirectory()
        for name in ["clips", "shots"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Runs ffmpeg in the folder with `arguments`.
    public func ffmpeg(_ arguments: [String]) throws {
        let result = try CLI.runProgram("/usr/bin/env", ["ffmpeg", "-v", "error", "-y"] + arguments, in: folder)
        guard result.status == 0 else {
            throw RGBAImage.ReadError(description: "ffmpeg \(arguments): \(result.stderr)")
        }
    }

    /// The sound of p.json (writing a MOV) rendered whole into out/p.mov and in three shards
    /// joined by `pipeline concat` into joined.mov, each as ffmpeg copies its 24-bit PCM out: what
    /// a test of a sharded render carrying the whole render's samples compares. A run that fails
    /// is thrown with its message.
    public func wholeAndShardedPCM() throws -> (whole: Data, joined: Data) {
        func run(_ arguments: [String]) throws {
            let result = try CLI.run(arguments, in: folder)
            guard result.status == 0 else {
                throw RGBAImage.ReadError(description: "pipeline \(arguments): \(result.stderr)")
            }
        }
        try run(["run", "p.json", "--quiet"])
        for shard in 1...3 { try run(["run", "p.json", "--shard", "\(shard)/3", "--out", "parts", "--quiet"]) }
        try run(["concat", "joined.mov", "parts"])
        func pcm(_ file: String) throws -> Data {
            let raw = "\(file).s24"
            try ffmpeg(["-i", file, "-map", "0:a:0", "-c:a", "copy", "-f", "s24le", raw])
            return try Data(contentsOf: folder.appendingPathComponent(raw))
        }
        return (try pcm("out/p.mov"), try pcm("joined.mov"))
    }

    /// clips/a.mp4: testsrc2 at 320×240, 30 fps, 2 s, H.264 with a keyframe every 10 frames.
    @discardableResult
    public func standardClip(_ name: String = "clips/a.mp4") throws -> String {
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "2", "-c:v", "libx264", "-g", "10",
            "-pix_fmt", "yuv420p", name,
        ])
        return name
    }

    /// Writes p.json at the clip's size and rate, 2 s long on a #204080 background, with a layer
    /// "clip" holding `content` (JSON members, without braces) and filling the canvas, the
    /// `layers` above it and the `timeline`'s steps.
    public func pipeline(_ content: String, layers: String = "", timeline: String = "") throws {
        let text = """
            { "version": 1,
              "canvas": { "width": \(Self.width), "height": \(Self.height), "fps": \(Self.fps),
                          "duration": 2, "background": "#204080" },
              "layers": [ { "name": "clip", "gravity": "fill", \(content) } \(layers.isEmpty ? "" : ", " + layers) ],
              "timeline": [ \(timeline) ],
              "output": { "dir": "out", "formats": ["png"] } }
            """
        try text.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    /// `pipeline run p.json --format png` into `name`, plus `arguments`; the run's result.
    @discardableResult
    public func render(into name: String = "out", _ arguments: [String] = []) throws -> CLI.Result {
        try CLI.run(
            ["run", "p.json", "--out", name, "--format", "png", "--quiet"] + arguments, in: folder)
    }

    /// ffmpeg's decode of frame `index` of `clip` (autorotated), as RGB bytes.
    public func reference(_ clip: String, index: Int) throws -> [UInt8] {
        try decode(["-i", clip, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1"])
    }

    /// A rendered PNG frame as RGB bytes (its alpha left out).
    public func rendered(_ frame: Int, in name: String = "out") throws -> [UInt8] {
        let image = try RGBAImage.read(folder.appendingPathComponent(String(format: "\(name)/frame_%04d.png", frame)))
        var rgb: [UInt8] = []
        rgb.reserveCapacity(image.width * image.height * 3)
        for pixel in stride(from: 0, to: image.bytes.count, by: 4) { rgb += image.bytes[pixel..<pixel + 3] }
        return rgb
    }

    private func decode(_ input: [String]) throws -> [UInt8] {
        let raw = "decoded-\(UUID().uuidString).rgb"
        defer { try? FileManager.default.removeItem(at: folder.appendingPathComponent(raw)) }
        try ffmpeg(input + ["-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent(raw)))
    }

    /// The largest difference of any byte; Int.max when the sizes differ.
    public static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return Int.max }
        return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// A frame of the background colour alone, as RGB bytes.
    public static let background = [UInt8](repeating: 0, count: width * height).flatMap { _ in
        [0x20, 0x40, 0x80] as [UInt8]
    }
}
