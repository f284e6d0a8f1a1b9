import CommandTestSupport
import Foundation
import Testing

/// Lottie as layer content: rlottie's frames, chosen by render time as a video clip's are.
@Suite struct LottieLayerTests {
    /// A folder with the animation, a program rendering its frames with rlottie itself, and a
    /// pipeline showing it over black in a layer exactly its size at the origin.
    struct Layout {
        let folder: URL

        init(lottie: String = #""tick.json""#) throws {
            folder = try CLI.temporaryDirectory()
            try PluginFixtures.write(VectorFixtures.tick, to: "tick.json", in: folder)
            try PluginFixtures.write(VectorFixtures.rlottieRenderer, to: "render.c", in: folder)
            let layers = #"{"name": "tick", "frame": [0, 0, 64, 64], "lottie": \#(lottie)}"#
            try PluginFixtures.write(VectorFixtures.pipeline(layers: layers), to: "p.json", in: folder)
        }

        /// rlottie's frame `index`, as straight RGB over black: over an opaque black background
        /// the compositor adds nothing to the premultiplied colour, so the bytes must be equal.
        func expected(frame index: Int) throws -> [Pixel] {
            if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("render").path) {
                let built = try CLI.runProgram(
                    "/usr/bin/env", ["cc", "-std=c99", "-O2", "-Wall", "render.c", "-o", "render", "-lrlottie"],
                    in: folder)
                #expect(built.status == 0, "\(built.stderr)")
            }
            let raw = "frame\(index).argb"
            let rendered = try CLI.runProgram(
                folder.appendingPathComponent("render").path, ["tick.json", "64", "64", "\(index)", raw], in: folder)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(raw)))
            // Native (little-endian) ARGB32 words: B, G, R, A in memory.
            return stride(from: 0, to: bytes.count, by: 4).map {
                Pixel(Int(bytes[$0 + 2]), Int(bytes[$0 + 1]), Int(bytes[$0]))
            }
        }

        func still(at time: Double) throws -> RGBAImage {
            let name = "at\(time).png"
            let result = try CLI.run(["frame", "p.json", "--at", "\(time)", "-o", name], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            return try RGBAImage.read(folder.appendingPathComponent(name))
        }

        func cleanUp() { try? FileManager.default.removeItem(at: folder) }
    }

    private func pixels(of image: RGBAImage) -> [Pixel] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }
    }

    /// Frame i of the render is at i / 30 s, the animation's frame i at 30 fps.
    @Test(arguments: [0, 10, 29])
    func framesAreRlottiesOwn(frame: Int) throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        let expected = try layout.expected(frame: frame)
        let drawn = pixels(of: try layout.still(at: Double(frame) / 30))
        #expect(expected.contains { $0 != Pixel(0, 0, 0) }, "the frame shows something")
        #expect(drawn == expected)
    }

    /// From `start` on, frame floor((t − start) × speed × 30); before it the first; looping
    /// after the last (at 0.7 s: 1.2 animation seconds, 0.2 into the second pass).
    @Test(arguments: [(0.0, 0), (0.5, 24), (0.7, 6)])
    func theAnimationPlaysByItsTiming(time: Double, frame: Int) throws {
        let layout = try Layout(lottie: #"{"file": "tick.json", "start": 0.1, "speed": 2, "loop": true}"#)
        defer { layout.cleanUp() }
        #expect(pixels(of: try layout.still(at: time)) == (try layout.expected(frame: frame)))
    }

    @Test func withoutLoopTheLastFrameHolds() throws {
        let layout = try Layout(lottie: #"{"file": "tick.json", "speed": 3}"#)
        defer { layout.cleanUp() }
        #expect(pixels(of: try layout.still(at: 0.9)) == (try layout.expected(frame: 29)))
    }

    @Test func validateReportsFramesRateAndSize() throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        try PluginFixtures.write(VectorFixtures.bar, to: "bar.svg", in: layout.folder)
        let layers = #"{"name": "tick", "lottie": "tick.json"}, {"name": "bar", "svg": "bar.svg"}"#
        try PluginFixtures.write(VectorFixtures.pipeline(layers: layers), to: "p.json", in: layout.folder)
        let result = try CLI.run(["validate", "p.json"], in: layout.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("layer \"tick\": Lottie "), "\(result.stdout)")
        #expect(result.stdout.contains("tick.json, 30 frames at 30 fps, 64×64"), "\(result.stdout)")
        #expect(result.stdout.contains("bar.svg, 40×40"), "\(result.stdout)")
    }

    @Test func aFileRlottieCannotReadIsRefused() throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        try PluginFixtures.write(#"{"layers": "none"}"#, to: "tick.json", in: layout.folder)
        let result = try CLI.run(["validate", "p.json"], in: layout.folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("layers[0].lottie: cannot use Lottie"), "\(result.stderr)")
        #expect(result.stderr.contains("not a Lottie animation rlottie can read"), "\(result.stderr)")
    }

    /// What the check of a Lottie file's image assets cannot read is not drawn: a NUL byte (rlottie
    /// stops reading there), bytes that are not UTF-8 JSON, and a "folder" called data:.
    static let unreadable: [(bytes: [UInt8], message: String)] = {
        let tick = Array(VectorFixtures.tick.utf8)
        let withNul: [UInt8] = tick + [0, 0x78]
        let notUTF8: [UInt8] = Array(tick.dropLast(2)) + [0xFF, 0x7D]
        let asset = #""assets": [{"id": "i", "u": "data:/", "p": "../x.png", "e": 0}]"#
        let dataFolder = Array(VectorFixtures.tick.replacingOccurrences(of: #""assets": []"#, with: asset).utf8)
        return [
            (withNul, "it holds a NUL byte"), (notUTF8, "not a JSON object in UTF-8"),
            (dataFolder, "a file in a folder called data:"),
        ]
    }()

    @Test(arguments: LottieLayerTests.unreadable)
    func whatTheAssetCheckCannotReadIsRefused(bytes: [UInt8], message: String) throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        try Data(bytes).write(to: layout.folder.appendingPathComponent("tick.json"))
        let result = try CLI.run(["validate", "p.json"], in: layout.folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// Each rendering thread parses its own animation and SVG document; the bytes do not depend on it.
    @Test func framesAreTheSameOnOneThreadAndTwo() throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        try PluginFixtures.write(VectorFixtures.bar, to: "bar.svg", in: layout.folder)
        let layers = """
            {"name": "bar", "svg": "bar.svg", "frame": [3.5, 2, 50, 41], "rotation": 7},
            {"name": "tick", "lottie": {"file": "tick.json", "loop": true, "speed": 1.7}, "frame": [10, 5, 40, 52]}
            """
        try PluginFixtures.write(VectorFixtures.pipeline(layers: layers), to: "p.json", in: layout.folder)
        var frames: [[Data]] = []
        for threads in [1, 2] {
            let out = "out\(threads)"
            let result = try CLI.run(
                ["run", "p.json", "--threads", "\(threads)", "--out", out, "--scale", "1.5"], in: layout.folder)
            #expect(result.status == 0, "\(result.stderr)")
            let folder = layout.folder.appendingPathComponent(out)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
                .sorted()
            frames.append(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) })
        }
        #expect(frames[0].count == 30)
        #expect(frames[0] == frames[1])
    }
}
