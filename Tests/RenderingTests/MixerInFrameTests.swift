import CommandTestSupport
import Foundation
import Testing

/// A mixer whose output replaces the topmost top-level layer writes it straight into the frame,
/// band by band, each band checked opaque; a band that is not sends the whole output back to be
/// composited over the layers below. `--isolate` always mixes into an image of its own and draws
/// that, so its frames are what the direct path must give, byte for byte.
@Suite struct MixerInFrameTests {
    /// A stripe under two screens cross-dissolved into each other, a badge above them. With
    /// `translucentFrom` set, the `to` screen ends at that row, so from there the blend is
    /// translucent (the stripe and the background show through), in a band below the first.
    static func pipeline(height: Int, translucentFrom: Int? = nil, secondMix: Bool = false) -> String {
        let toHeight = translucentFrom ?? height
        let lower =
            secondMix
            ? """
            { "name": "c", "frame": [0, 0, 64, 40], "fill": "#ffffff" },
            { "name": "d", "frame": [0, 0, 64, 40], "fill": "#000000" },
            """ : ""
        let lowerStep =
            secondMix ? #"{ "mixer": "cross-dissolve", "from": "c", "to": "d", "duration": 0.4 },"# : ""
        return """
            { "version": 1,
              "canvas": { "width": 64, "height": \(height), "fps": 10, "duration": 0.5, "background": "#203040" },
              "layers": [
                \(lower)
                { "name": "stripe", "frame": [0, \(height - 30), 64, 20], "fill": "#f0c020" },
                { "name": "a", "fill": { "gradient": { "colors": ["#ff2000", "#1040ff"], "start": [0, 0], "end": [1, 1] } } },
                { "name": "b", "frame": [0, 0, 64, \(toHeight)],
                  "fill": { "gradient": { "colors": ["#20ff60", "#e000c0"], "start": [1, 0], "end": [0, 1] } } },
                { "name": "badge", "frame": [4, 4, 12, 12], "fill": "#ffffff80", "cornerRadius": 4 }
              ],
              "timeline": [ \(lowerStep) { "mixer": "cross-dissolve", "from": "a", "to": "b", "duration": 0.4 } ]
            }
            """
    }

    /// Renders `text` in this process on one and two threads and with `--isolate`, and returns
    /// each run's frames.
    func frames(of text: String) throws -> [String: [Data]] {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(text, to: "mix.json", in: folder)
        var frames: [String: [Data]] = [:]
        for (name, options) in [
            ("one", ["--threads", "1"]), ("two", ["--threads", "2"]), ("isolated", ["--threads", "1", "--isolate"]),
        ] {
            let run = try CLI.run(
                ["run", "mix.json", "--out", name, "--format", "png", "--quiet"] + options, in: folder,
                environment: ["PIPELINE_CACHE_DIR": CLI.sharedCache])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let out = folder.appendingPathComponent(name)
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
            frames[name] = try names.sorted().map { try Data(contentsOf: out.appendingPathComponent($0)) }
        }
        return frames
    }

    func expectSameFrames(_ frames: [String: [Data]], count: Int = 5) {
        #expect(frames["isolated"]?.count == count)
        #expect(frames["one"] == frames["isolated"], "one thread in this process differs from --isolate")
        #expect(frames["two"] == frames["isolated"], "two threads in this process differ from --isolate")
    }

    @Test func anOpaqueBlendWrittenIntoTheFrameIsTheBlendDrawnThere() throws {
        let frames = try frames(of: Self.pipeline(height: 1400))
        expectSameFrames(frames)
        #expect(Set(frames["one"] ?? []).count == 5, "every frame of the blend differs")
    }

    /// Bands of 512 rows at this width: the blend turns translucent in the second.
    @Test func aBlendTranslucentBelowTheFirstBandIsCompositedOverTheLayersBelow() throws {
        let frames = try frames(of: Self.pipeline(height: 1400, translucentFrom: 900))
        expectSameFrames(frames)
        // The stripe shows through the half-dissolved blend at the bottom.
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let middle = folder.appendingPathComponent("middle.png")
        try frames["one"]![2].write(to: middle)
        let image = try RGBAImage.read(middle)
        let stripe = image[32, 1380]
        let background = image[32, 1395]
        #expect(stripe.distance(to: background) > 40, "stripe \(stripe), background \(background)")
        #expect(image[32, 1300].distance(to: Pixel(0x20, 0x30, 0x40)) > 40, "the blend is drawn over the background")
    }

    @Test func aSecondMixerBelowTheTopOneIsDrawnUnderIt() throws {
        expectSameFrames(try frames(of: Self.pipeline(height: 600, translucentFrom: 300, secondMix: true)))
        expectSameFrames(try frames(of: Self.pipeline(height: 600, secondMix: true)))
    }

    /// Two mixer steps meeting at one instant share their upper layer: `d` → `e` ends at 0.4 s
    /// as `e` → `a` starts, `a` below `e`. Neither output may go straight into the frame while
    /// the other replaces the same layer; at that instant both show `e`.
    @Test func twoMixersMeetingOnOneUpperLayerAreBothDrawn() throws {
        let layers = zip(["a", "b", "c", "d", "e"], ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff"]).map {
            #"{ "name": "\#($0)", "fill": "\#($1)" }"#
        }
        let text = """
            { "version": 1,
              "canvas": { "width": 64, "height": 40, "fps": 10, "duration": 0.8, "background": "#203040" },
              "layers": [ \(layers.joined(separator: ", ")) ],
              "timeline": [
                { "mixer": "fade", "from": "d", "to": "e", "start": 0.2, "duration": 0.2 },
                { "mixer": "wipeleft", "from": "e", "to": "a", "start": 0.4, "duration": 0.2 }
              ]
            }
            """
        let frames = try frames(of: text)
        expectSameFrames(frames, count: 8)
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let meeting = folder.appendingPathComponent("meeting.png")
        try #require(frames["one"]?.count == 8)
        try frames["one"]![4].write(to: meeting)
        let image = try RGBAImage.read(meeting)
        for (x, y) in [(1, 1), (32, 20), (62, 38)] {
            let pixel = image[x, y]
            #expect(pixel.distance(to: Pixel(0x00, 0xff, 0xff)) < 3, "(\(x), \(y)) is \(pixel), not e's cyan")
        }
    }
}
