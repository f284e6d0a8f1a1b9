import CommandTestSupport
import Foundation
import Testing

/// What a blur reads past a picture's edges (`edges`), through the command line, on a full-frame
/// picture with a red bar down its left edge over a black background: "extend" (the default for
/// footage and images covering their layer, and for backdrops) keeps the bar red to the frame's
/// edge, as ffmpeg's `gblur` does; "transparent" (the default for fills, as CSS) lets the black
/// in, the bar's edge falling to about half its red.
@Suite struct BlurEdgeTests {
    static let (width, height) = (160, 96)
    static let red = Pixel(255, 0, 0)
    /// A pixel of the bar's edge, in the middle of its height.
    static let (edgeX, edgeY) = (0, 48)

    /// bar.png: the red bar 24 pixels wide, the rest a plain blue, so a blur changes little but
    /// the bar's side and the frame's edges.
    static func bar(in folder: URL) throws {
        try picture("bar", in: folder) { x in x < 24 }
    }

    /// stripes.png: red and blue stripes two pixels wide, which a blur of 10 makes one purple.
    static func stripes(in folder: URL) throws {
        try picture("stripes", in: folder) { x in x % 4 < 2 }
    }

    /// `name`.png, a full-frame picture whose columns are red where `red` says, else blue.
    private static func picture(_ name: String, in folder: URL, red: (Int) -> Bool) throws {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        for _ in 0..<height {
            for x in 0..<width { bytes += red(x) ? [255, 0, 0] : [40, 90, 160] }
        }
        try Data(bytes).write(to: folder.appendingPathComponent("\(name).ppm"))
        try ffmpeg(["-i", "\(name).ppm", "\(name).png"], in: folder)
    }

    static func ffmpeg(_ arguments: [String], in folder: URL) throws {
        let result = try CLI.runProgram("/usr/bin/env", ["ffmpeg", "-v", "error", "-y"] + arguments, in: folder)
        #expect(result.status == 0, "ffmpeg \(arguments): \(result.stderr)")
    }

    /// Frame 0 of a pipeline of `layers` on black, rendered as `name`.
    static func render(_ layers: String, in folder: URL, as name: String) throws -> RGBAImage {
        let json = """
            { "version": 1,
              "canvas": { "width": \(width), "height": \(height), "fps": 1, "duration": 1, "background": "#000000" },
              "layers": [ \(layers) ], "output": { "formats": ["png"] } }
            """
        try json.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "\(name).json", "--out", name, "--quiet"], in: folder)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent("\(name)/frame_0000.png"))
    }

    /// A blur of radius 10 with `edges` (nil: left out), as a filter's parameters.
    static func blur(_ edges: String?) -> String {
        #"[{ "effect": "blur", "params": { "radius": 10\#(edges.map { #", "edges": "\#($0)""# } ?? "") } }]"#
    }

    /// The largest difference between the two over the frame's outermost `ring` pixels all round,
    /// but where the bar's side blurs (x = 24 ± 3 sigma): there, edge or not, a Gaussian made of
    /// three boxes (CSS's) and gblur's recursive one differ by up to 14 levels.
    static func worstAtTheEdges(_ ours: RGBAImage, _ theirs: RGBAImage, ring: Int) -> Int {
        var worst = 0
        for y in 0..<height {
            for x in 0..<width
            where x < ring || x >= width - ring || ((y < ring || y >= height - ring) && !(ring..<54).contains(x)) {
                worst = max(worst, ours[x, y].distance(to: theirs[x, y]))
            }
        }
        return worst
    }

    /// CSS blur(10px) is a Gaussian of standard deviation 10: gblur's sigma.
    @Test(arguments: [nil, "extend"])
    func aBlurredImageKeepsItsEdgesAsFFmpegsGblur(edges: String?) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.bar(in: folder)
        let ours = try Self.render(
            #"{ "name": "photo", "image": "bar.png", "filters": \#(Self.blur(edges)) }"#, in: folder, as: "ours")
        try Self.ffmpeg(["-i", "bar.png", "-vf", "gblur=sigma=10", "gblur.png"], in: folder)
        let theirs = try RGBAImage.read(folder.appendingPathComponent("gblur.png"))
        #expect(ours[Self.edgeX, Self.edgeY].distance(to: Self.red) <= 2, "\(ours[Self.edgeX, Self.edgeY])")
        let worst = Self.worstAtTheEdges(ours, theirs, ring: 4)
        #expect(worst <= 4, "an edge pixel differs from gblur's by \(worst)")
    }

    @Test func aTransparentEdgeLetsTheBackgroundIn() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.bar(in: folder)
        let ours = try Self.render(
            #"{ "name": "photo", "image": "bar.png", "filters": \#(Self.blur("transparent")) }"#, in: folder,
            as: "ours")
        let edge = ours[Self.edgeX, Self.edgeY]
        #expect(edge.r > 100 && edge.r < 160, "\(edge)")
    }

    /// A clip filling the frame extends its edges by default; a colour fill fades out at them.
    @Test func footageExtendsByDefaultAndAFillDoesNot() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.bar(in: folder)
        try Self.ffmpeg(
            [
                "-loop", "1", "-i", "bar.png", "-t", "1", "-r", "10", "-c:v", "libx264", "-pix_fmt", "yuv444p",
                "bar.mp4",
            ],
            in: folder)
        let plain = try Self.render(#"{ "name": "clip", "video": "bar.mp4" }"#, in: folder, as: "plain")
        let blurred = try Self.render(
            #"{ "name": "clip", "video": "bar.mp4", "filters": \#(Self.blur(nil)) }"#, in: folder, as: "blurred")
        for y in stride(from: 0, to: Self.height, by: 8) {
            #expect(blurred[0, y].distance(to: plain[0, y]) <= 3, "row \(y): \(blurred[0, y]) for \(plain[0, y])")
        }
        let fill = try Self.render(
            ##"{ "name": "red", "fill": "#ff0000", "filters": \##(Self.blur(nil)) }"##, in: folder, as: "fill")
        #expect(fill[Self.edgeX, Self.edgeY].r < 160, "\(fill[Self.edgeX, Self.edgeY])")
    }

    /// A frosted panel over the whole frame, at its top edge: its backdrop continues past the
    /// frame by default, so the stripes are blurred to one purple there as everywhere; with
    /// transparent edges the blur fades to half there, and the sharp stripes show through it.
    @Test(arguments: [(nil, true), ("extend", true), ("transparent", false)])
    func aBackdropBlurAtTheFramesEdge(edges: String?, extends: Bool) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.stripes(in: folder)
        let ours = try Self.render(
            #"""
            { "name": "stripes", "image": "stripes.png" },
            { "name": "panel", "backdropFilters": \#(Self.blur(edges)) }
            """#, in: folder, as: "ours")
        let (red, blue) = (ours[80, 0], ours[82, 0])
        if extends {
            #expect(red.distance(to: blue) <= 3, "\(red) beside \(blue)")
            #expect(red.distance(to: ours[80, Self.height / 2]) <= 3, "\(red) at the edge")
        } else {
            #expect(red.distance(to: blue) > 60, "\(red) beside \(blue)")
        }
    }
}
