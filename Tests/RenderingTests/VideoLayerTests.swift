import CommandTestSupport
import Foundation
import Testing

/// A layer showing a video clip or an image sequence: each frame shows the footage's frame at
/// the clip time `from + (t − start) × speed`, as ffmpeg decodes it, upright, the same at any
/// thread count and shard split.
@Suite final class VideoLayerTests {
    let fixture: FootageFixture
    init() throws { fixture = try FootageFixture() }

    /// Render frame → clip frame it must show (nil: only the background) under `video`.
    @Test(
        arguments: [
            (#""clips/a.mp4""#, [0: 0, 17: 17, 45: 45, 59: 59]),
            (#"{"file": "clips/a.mp4", "start": 0.5}"#, [0: 0, 10: 0, 15: 0, 30: 15, 59: 44]),
            (#"{"file": "clips/a.mp4", "from": 0.5}"#, [0: 15, 10: 25, 44: 59, 50: 59]),
            (#"{"file": "clips/a.mp4", "speed": 2}"#, [0: 0, 10: 20, 29: 58, 40: 59]),
            (#"{"file": "clips/a.mp4", "speed": 0.5}"#, [20: 10, 21: 10, 22: 11, 59: 29]),
            (#"{"file": "clips/a.mp4", "speed": 2, "end": "hide"}"#, [29: 58, 30: nil, 40: nil]),
            (#"{"file": "clips/a.mp4", "speed": 2, "end": "loop"}"#, [29: 58, 30: 0, 40: 20]),
            (#"{"file": "clips/a.mp4", "start": 1, "before": "hide"}"#, [10: nil, 29: nil, 30: 0, 40: 10]),
            (#"{"file": "clips/a.mp4", "start": 0.5, "from": 1, "end": "loop"}"#, [0: 30, 15: 30, 44: 59, 45: 30]),
        ] as [(String, [Int: Int?])])
    func framesFollowTheClipTiming(video: String, expected: [Int: Int?]) throws {
        try fixture.standardClip()
        try fixture.pipeline(#""video": \#(video)"#)
        let result = try fixture.render()
        #expect(result.status == 0, "\(result.stderr)")
        for (frame, clipFrame) in expected.sorted(by: { $0.key < $1.key }) {
            let shown = try fixture.rendered(frame)
            let reference = try clipFrame.map { try fixture.reference("clips/a.mp4", index: $0) }
            let difference = FootageFixture.largestDifference(shown, reference ?? FootageFixture.background)
            #expect(difference <= 2, "frame \(frame) should show \(clipFrame.map { "clip frame \($0)" } ?? "nothing")")
        }
    }

    /// A ProRes clip has 10 bits per component: the run says they are reduced to 8.
    @Test func aDeepClipIsConvertedWithANote() throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "0.5", "-c:v", "prores_ks", "clips/deep.mov",
        ])
        try fixture.pipeline(#""video": "clips/deep.mov""#)
        let result = try CLI.run(["run", "p.json", "--out", "out", "--format", "png"], in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("clips/deep.mov has more than 8 bits per component (prores)"), "\(result.stderr)")
        try fixture.standardClip()
        try fixture.pipeline(#""video": "clips/a.mp4""#)
        let plain = try CLI.run(["run", "p.json", "--out", "out", "--format", "png"], in: fixture.folder)
        #expect(!plain.stderr.contains("bits per component"), "\(plain.stderr)")
    }

    @Test func aClipTurnedByItsDisplayMatrixRendersUpright() throws {
        try fixture.standardClip("clips/plain.mp4")
        try fixture.ffmpeg(["-i", "clips/plain.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=90", "clips/r.mp4"])
        // The upright picture is 240×320: a canvas of that size shows it whole.
        let text = """
            { "version": 1, "canvas": { "width": 240, "height": 320, "fps": 30, "duration": 1 },
              "layers": [ { "name": "clip", "video": "clips/r.mp4", "gravity": "fill" } ],
              "output": { "dir": "out", "formats": ["png"] } }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let result = try fixture.render()
        #expect(result.status == 0, "\(result.stderr)")
        for frame in [0, 12] {
            let upright = try fixture.reference("clips/r.mp4", index: frame)
            #expect(upright.count == 240 * 320 * 3)
            #expect(FootageFixture.largestDifference(try fixture.rendered(frame), upright) <= 2, "frame \(frame)")
        }
    }

    /// Under a fade and a corner radius, with a still layer below it: threads and shards share
    /// decoded frames and static images, and must not change a byte.
    @Test func threadsAndShardsGiveTheSameBytes() throws {
        try fixture.standardClip()
        let text = """
            { "version": 1, "canvas": { "width": 320, "height": 240, "fps": 30, "duration": 1 },
              "layers": [
                { "name": "card", "fill": "#ff9500", "frame": [10, 10, 100, 60] },
                { "name": "clip", "video": {"file": "clips/a.mp4", "speed": 1.5, "end": "loop"},
                  "frame": [40, 30, 240, 180], "cornerRadius": 24 },
                { "name": "veil", "fill": "#ffffff", "opacity": 0 }
              ],
              "timeline": [ { "animator": "fade", "target": "veil", "start": 0.2, "duration": 0.6,
                              "params": { "to": 0.5 } } ],
              "output": { "dir": "out", "formats": ["png"] } }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let runs =
            [("one", ["--threads", "1"]), ("two", ["--threads", "2"])]
            + (1...3).map { ("shards", ["--shard", "\($0)/3", "--threads", "2"]) }
        for (name, arguments) in runs {
            let result = try fixture.render(into: name, arguments)
            #expect(result.status == 0, "\(result.stderr)")
        }
        for frame in 0..<30 {
            let name = String(format: "frame_%04d.png", frame)
            let one = try Data(contentsOf: fixture.folder.appendingPathComponent("one/\(name)"))
            #expect(one == (try Data(contentsOf: fixture.folder.appendingPathComponent("two/\(name)"))), "\(name)")
            #expect(one == (try Data(contentsOf: fixture.folder.appendingPathComponent("shards/\(name)"))), "\(name)")
        }
        // The clip moves: frames differ.
        #expect(try fixture.rendered(3, in: "one") != (try fixture.rendered(4, in: "one")))
    }

    /// A mixer's input is rendered again whenever its clip shows a new frame, although the
    /// layer's state stays the same: right of the wipe's edge, each frame shows its clip frame.
    @Test func aMixerBlendsTheClipsCurrentFrame() throws {
        try fixture.standardClip()
        try fixture.pipeline(
            #""video": "clips/a.mp4""#, layers: ##"{ "name": "card", "fill": "#ff9500" }"##,
            timeline: #"{ "mixer": "soft-wipe", "from": "clip", "to": "card", "start": 0, "duration": 2,"#
                + #" "params": { "softness": 0 } }"#)
        let result = try fixture.render()
        #expect(result.status == 0, "\(result.stderr)")
        for frame in [3, 4, 20, 21] {
            let (shown, clip) = (try fixture.rendered(frame), try fixture.reference("clips/a.mp4", index: frame))
            #expect(
                FootageFixture.largestDifference(Self.rightEdge(of: shown), Self.rightEdge(of: clip)) <= 2,
                "frame \(frame)")
        }
    }

    /// The 40 right-most columns of an RGB frame of the fixture's size.
    private static func rightEdge(of bytes: [UInt8]) -> [UInt8] {
        let (width, height) = (FootageFixture.width, FootageFixture.height)
        var edge: [UInt8] = []
        for y in 0..<height { edge += bytes[(y * width + width - 40) * 3..<(y + 1) * width * 3] }
        return edge
    }

    /// A sequence at 12 fps in a 30 fps render: frame f shows file floor(f / 30 × 12).
    @Test(arguments: ["shots/frame_%04d.png", "shots/*.png"])
    func anImageSequenceShowsFrameFloorOfTimeTimesFPS(files: String) throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=12", "-frames:v", "24", "-start_number", "1",
            "shots/frame_%04d.png",
        ])
        try fixture.pipeline(#""sequence": {"files": "\#(files)", "fps": 12}"#)
        let result = try fixture.render()
        #expect(result.status == 0, "\(result.stderr)")
        for frame in [0, 2, 3, 29, 30, 57, 59] {
            let file = String(format: "shots/frame_%04d.png", frame * 12 / 30 + 1)
            let expected = try fixture.reference(file, index: 0)
            #expect(FootageFixture.largestDifference(try fixture.rendered(frame), expected) == 0, "frame \(frame)")
        }
    }
}
