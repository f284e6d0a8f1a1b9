import CommandTestSupport
import Foundation
import Testing

/// The xfade transitions that later ffmpeg releases add (the covers, reveals and winds), which
/// the installed ffmpeg cannot draw for a comparison: each is checked against what it is
/// documented to do, on two stills over a 1 s step at 4 fps, so frames 1, 2 and 3 are at
/// progress ¼, ½ and ¾.
@Suite final class XfadeLaterTests {
    let folder: URL
    let from: RGBAImage
    let to: RGBAImage

    init() throws {
        folder = try CLI.temporaryDirectory()
        for (name, source) in [("a", "testsrc2=size=320x180"), ("b", "mandelbrot=size=320x180")] {
            let made = try CLI.runProgram(
                "/usr/bin/env",
                ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", source, "-frames:v", "1", "\(name).png"],
                in: folder)
            try #require(made.status == 0, "\(made.stderr)")
        }
        from = try RGBAImage.read(folder.appendingPathComponent("a.png"))
        to = try RGBAImage.read(folder.appendingPathComponent("b.png"))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Frames 1, 2 and 3 of the mixer `name` from a.png to b.png.
    private func frames(_ name: String) throws -> [RGBAImage] {
        let pipeline = """
            { "version": 1, "canvas": { "width": 320, "height": 180, "fps": 4, "duration": 1 },
              "layers": [ { "name": "a", "image": "a.png" }, { "name": "b", "image": "b.png" } ],
              "timeline": [ { "mixer": "\(name)", "from": "a", "to": "b", "start": 0, "duration": 1,
                              "timing": "linear" } ] }
            """
        try pipeline.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent(name)
        let run = try CLI.run(["run", "\(name).json", "--format", "png", "--out", out.path, "--quiet"], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        return try (1...3).map { try RGBAImage.read(out.appendingPathComponent(String(format: "frame_%04d.png", $0))) }
    }

    /// Where a cover or reveal shows position `c` (of `extent`) along its motion once the moving
    /// image has come `moved` pixels: a cover brings `to` in from the far side over `from`, which
    /// stays; a reveal takes `from` away to the near side off `to`, which stays. Leftwards and
    /// upwards the near side is the start. Returns whether `to` shows, and the position in it.
    static func source(_ name: String, _ c: Int, extent: Int, moved: Int) -> (showsTo: Bool, at: Int) {
        let backwards = name.hasSuffix("left") || name.hasSuffix("up")
        switch (name.hasPrefix("cover"), backwards) {
        case (true, true): return c >= extent - moved ? (true, c - (extent - moved)) : (false, c)
        case (true, false): return c < moved ? (true, c + extent - moved) : (false, c)
        case (false, true): return c < extent - moved ? (false, c + moved) : (true, c)
        case (false, false): return c >= moved ? (false, c - moved) : (true, c)
        }
    }

    @Test(arguments: [
        "coverleft", "coverright", "coverup", "coverdown", "revealleft", "revealright", "revealup", "revealdown",
    ])
    func coversAndRevealsMoveOneImage(_ name: String) throws {
        let horizontal = name.hasSuffix("left") || name.hasSuffix("right")
        for (index, frame) in try frames(name).enumerated() {
            let extent = horizontal ? 320 : 180
            let moved = extent * (index + 1) / 4
            var wrong: [String] = []
            for y in 0..<180 {
                for x in 0..<320 {
                    let (showsTo, at) = Self.source(name, horizontal ? x : y, extent: extent, moved: moved)
                    let expected = (showsTo ? to : from)[horizontal ? at : x, horizontal ? y : at]
                    if frame[x, y].distance(to: expected) > 1 { wrong.append("(\(x), \(y))") }
                }
            }
            #expect(
                wrong.isEmpty, "\(name) at progress \(index + 1)/4: \(wrong.count) pixels wrong: \(wrong.prefix(5))")
        }
    }

    /// A wind brings `to` in from one side behind a ragged edge: at progress ½ the quarter on that
    /// side is `to`, the quarter on the other `from`, and each row (or column) has its edge where
    /// its own random number puts it, so the edges lie at many places between.
    @Test(arguments: ["hlwind", "hrwind", "vuwind", "vdwind"])
    func windsBlowInBehindARaggedEdge(_ name: String) throws {
        let frame = try frames(name)[1]
        let horizontal = name.hasPrefix("h")
        let (extent, lines) = horizontal ? (320, 180) : (180, 320)
        // hrwind comes in from the left, vdwind from the top: from position 0 on.
        let fromStart = name == "hrwind" || name == "vdwind"
        var edges = Set<Int>()
        var wrong: [String] = []
        for line in 0..<lines {
            let at = { (image: RGBAImage, c: Int) in horizontal ? image[c, line] : image[line, c] }
            // Whether the frame shows `image` at d along the wind, counted from the side it comes in at.
            let shows = { (image: RGBAImage, d: Int) in
                let c = fromStart ? d : extent - 1 - d
                return at(frame, c).distance(to: at(image, c)) <= 1
            }
            for d in 0..<extent / 4 - 2 where !shows(to, d) || !shows(from, extent - 1 - d) {
                wrong.append("line \(line), \(d) from either side")
            }
            edges.insert((0..<extent).first { !shows(to, $0) } ?? extent)
        }
        #expect(wrong.isEmpty, "\(name): \(wrong.count) pixels wrong: \(wrong.prefix(5))")
        #expect(edges.count >= 20 && edges.allSatisfy { $0 >= extent / 4 - 2 }, "\(name): edges \(edges.sorted())")
    }
}
