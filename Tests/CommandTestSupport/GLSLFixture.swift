import Foundation
import Testing

/// A folder for GLSL transition tests: two opaque 96 × 64 pictures with nothing symmetric about
/// them (ffmpeg's test sources), a 40 × 30 map for image parameters, `plugins/` for the
/// transition files, and pipelines that mix the pictures over ten frames, progress 0 to 1.
public struct GLSLFixture {
    public static let (width, height) = (96, 64)
    public let folder: URL
    /// The commands' cache folder: the suites' shared one (`CLI.sharedCache`), or with
    /// `ownCache` the fixture's `cache/`.
    public let cache: String

    public init(ownCache: Bool = false) throws {
        folder = try CLI.temporaryDirectory()
        cache = ownCache ? folder.appendingPathComponent("cache").path : CLI.sharedCache
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        for (name, source) in [
            ("a", "testsrc2=size=96x64"), ("b", "testsrc=size=96x64"), ("map", "smptebars=size=40x30"),
        ] {
            let made = try CLI.runProgram(
                "/usr/bin/env",
                ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", source, "-frames:v", "1", "-y", "\(name).png"],
                in: folder)
            guard made.status == 0 else { throw PluginFixtures.ToolFailure(description: made.stderr) }
        }
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    public var environment: [String: String] { ["PIPELINE_CACHE_DIR": cache] }

    /// Writes `plugins/<name>.glsl`.
    public func transition(_ name: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent("plugins/\(name).glsl"), atomically: true, encoding: .utf8)
    }

    /// A pipeline mixing a.png into b.png with `mixer` and `params` (JSON) over frames 0…9, the
    /// step's progress k / 9 at frame k.
    public func pipeline(_ file: String, mixer: String, params: String = "{}") throws {
        let text = """
            { "version": 1,
              "canvas": { "width": \(Self.width), "height": \(Self.height), "fps": 10, "duration": 1,
                          "background": "#000000" },
              "layers": [
                { "name": "a", "image": "a.png", "frame": [0, 0, \(Self.width), \(Self.height)] },
                { "name": "b", "image": "b.png", "frame": [0, 0, \(Self.width), \(Self.height)] }
              ],
              "timeline": [ { "mixer": "\(mixer)", "from": "a", "to": "b", "duration": 0.9, "timing": "linear",
                              "params": \(params) } ]
            }
            """
        try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    /// Renders `file` into `out/` and returns its frames in order.
    public func render(_ file: String, out: String = "out", arguments: [String] = []) throws -> (CLI.Result, [URL]) {
        let run = try CLI.run(
            ["run", file, "--plugins", "plugins", "--out", out, "--format", "png"] + arguments, in: folder,
            environment: environment)
        let directory = folder.appendingPathComponent(out)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return (run, names.filter { $0.hasSuffix(".png") }.sorted().map { directory.appendingPathComponent($0) })
    }

    /// Writes `image` as raw RGBA bytes, as the reference reads images.
    public func raw(_ image: RGBAImage, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(image.bytes).write(to: url)
        return url.path
    }

    /// The reference rendering of `plugins/<name>.glsl` at `progress` with `uniforms` in its
    /// command-line form (`name=float:0.5`, `map=image:FILE.rgba:W:H`).
    public func reference(_ program: String, _ name: String, progress: Double, uniforms: [String]) throws -> RGBAImage {
        let from = try raw(try RGBAImage.read(folder.appendingPathComponent("a.png")), "a.rgba")
        let to = try raw(try RGBAImage.read(folder.appendingPathComponent("b.png")), "b.rgba")
        let out = folder.appendingPathComponent("reference.rgba").path
        let run = try CLI.runProgram(
            program,
            [
                folder.appendingPathComponent("plugins/\(name).glsl").path, "\(Self.width)", "\(Self.height)",
                "\(progress)", from, to, out,
            ] + uniforms)
        guard run.status == 0 else {
            throw PluginFixtures.ToolFailure(description: "reference failed (\(run.status)): \(run.stderr)")
        }
        return RGBAImage(
            width: Self.width, height: Self.height, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
    }

    /// Compares the host's ten frames with the reference's: median PSNR ≥ 30 dB, worst ≥ 22 dB.
    public func compare(
        _ name: String, params: String, uniforms: [String]
    ) throws {
        let program = try GLSLReference.build(in: folder)
        try pipeline("\(name).json", mixer: name, params: params)
        let (run, frames) = try render("\(name).json", out: name)
        #expect(run.status == 0, "\(run.stderr)")
        try #require(frames.count == 10)
        var scores: [Double] = []
        for (index, frame) in frames.enumerated() {
            let expected = try reference(program, name, progress: Double(index) / 9, uniforms: uniforms)
            scores.append(try RGBAImage.read(frame).psnr(against: expected))
        }
        let sorted = scores.sorted()
        #expect(sorted[sorted.count / 2] >= 30, "PSNR per frame: \(scores)")
        #expect(sorted[0] >= 22, "PSNR per frame: \(scores)")
    }
}
