import CommandTestSupport
import Foundation
import Testing

/// `animate` steps through the CLI: a key path animated by the host with no plugin, its fill
/// modes, keyframes and springs, on a layer anywhere in the tree.
@Suite struct AnimateStepTests {
    /// An 80×80 white canvas with a red `card` at [20, 20, 40, 40] holding a green `dot` at its
    /// top-left corner, 2 s at 10 fps, and `timeline`.
    static func pipeline(_ timeline: String) -> String {
        """
        { "version": 1,
          "canvas": { "width": 80, "height": 80, "fps": 10, "duration": 2, "background": "#ffffff" },
          "layers": [
            { "name": "card", "frame": [20, 20, 40, 40], "fill": "#ff0000",
              "sublayers": [ { "name": "dot", "frame": [0, 0, 10, 10], "fill": "#00ff00" } ] } ],
          "timeline": [ \(timeline) ] }
        """
    }

    /// Some of the PNG frames `run` writes for the pipeline with `timeline`, by index.
    func frames(_ timeline: String, reading indices: [Int] = [0, 5, 9, 10, 15, 19]) throws -> [Int: RGBAImage] {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.pipeline(timeline), to: "pipeline.json", in: folder)
        let result = try CLI.run(["run", "pipeline.json", "--format", "png", "--out", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        var images: [Int: RGBAImage] = [:]
        for index in indices {
            images[index] = try RGBAImage.read(
                folder.appendingPathComponent("out/frame_\(String(format: "%04d", index)).png"))
        }
        return images
    }

    @Test func aFadeInFilledBackwardsIsInvisibleBeforeItStarts() throws {
        let images = try frames(
            #"{ "animate": "opacity", "target": "card", "from": 0, "to": 1, "start": 1, "duration": 1, "fillMode": "backwards" }"#
        )
        #expect(images[0]![40, 40] == Pixel(255, 255, 255), "invisible before 1 s: \(images[0]![40, 40])")
        #expect(images[9]![40, 40] == Pixel(255, 255, 255))
        #expect(images[15]![40, 40].distance(to: Pixel(255, 128, 128)) <= 2, "half-way at 1.5 s")
        #expect(images[15]![22, 22].distance(to: Pixel(128, 255, 128)) <= 2, "the sublayer fades with it")
        let forwards = try frames(#"{ "animate": "opacity", "target": "card", "from": 0, "to": 1, "start": 1 }"#)
        #expect(forwards[0]![40, 40] == Pixel(255, 0, 0), "without backwards the model value shows before the start")
    }

    @Test func removedRestoresTheModelValueAfterTheEnd() throws {
        let images = try frames(
            #"{ "animate": "position", "target": "dot", "from": [25, 25], "to": [35, 35], "duration": 1, "fillMode": "removed" }"#
        )
        #expect(images[5]![22, 22] == Pixel(255, 0, 0), "the dot moved away during the step")
        #expect(images[15]![22, 22] == Pixel(0, 255, 0), "back at its place after the end")
    }

    @Test func discreteKeyframesHoldEachValue() throws {
        let images = try frames(
            #"""
            { "animate": "frame", "target": "dot", "duration": 2, "calculationMode": "discrete",
              "keyframes": { "values": [[0, 0, 10, 10], [30, 0, 10, 10], [30, 30, 10, 10]], "keyTimes": [0, 0.25, 0.75, 1] } }
            """#)
        #expect(images[0]![25, 25] == Pixel(0, 255, 0))
        #expect(images[5]![55, 25] == Pixel(0, 255, 0), "the second value from 0.5 s")
        #expect(images[10]![55, 25] == Pixel(0, 255, 0), "still held at 1 s")
        #expect(images[15]![55, 55] == Pixel(0, 255, 0), "the third from 1.5 s")
        #expect(images[15]![55, 25] == Pixel(255, 0, 0))
    }

    @Test func aScaleOnASpringOvershoots() throws {
        let images = try frames(
            #"{ "animate": "transform.scale", "target": "card", "from": 0.5, "to": 1, "duration": 2, "timing": { "spring": { "dampingRatio": 0.3 } } }"#,
            reading: Array(0..<20))
        #expect(images[0]![25, 40] == Pixel(255, 255, 255), "half size at the start")
        let overshot = (0..<20).contains { images[$0]![18, 40] == Pixel(255, 0, 0) }
        #expect(overshot, "past its full size at some frame")
    }

    @Test func theFillAndTheTextChangeColour() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = """
            { "version": 1,
              "canvas": { "width": 80, "height": 80, "fps": 10, "duration": 1, "background": "#ffffff" },
              "layers": [ { "name": "label", "fill": "#ff0000",
                            "text": { "string": "███", "size": 40, "color": "#000000" } } ],
              "timeline": [
                { "animate": "backgroundColor", "target": "label", "to": "#0000ff", "duration": 1 },
                { "animate": "text.color", "target": "label", "to": "#ffffff", "duration": 1 } ] }
            """
        try PluginFixtures.write(text, to: "pipeline.json", in: folder)
        let result = try CLI.run(["frame", "pipeline.json", "--at", "0.5", "-o", "still.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage.read(folder.appendingPathComponent("still.png"))
        #expect(image[70, 75].distance(to: Pixel(128, 0, 128)) <= 2, "the fill half-way to blue: \(image[70, 75])")
        #expect(image[10, 25].distance(to: Pixel(128, 128, 128)) <= 2, "the text half-way to white: \(image[10, 25])")
    }

    @Test func aTurnAboutTheVerticalAxisNarrowsTheLayer() throws {
        let images = try frames(
            #"{ "animate": "transform.rotation.y", "target": "card", "to": 60, "duration": 1, "fillMode": "both" }"#,
            reading: [10])
        let row = (0..<80).filter { images[10]![$0, 40] != Pixel(255, 255, 255) }
        // 40 wide turned by 60° without perspective: 20 wide, about the centre at x = 40.
        #expect(row.count >= 19 && row.count <= 21 && row.first! >= 29, "covered columns: \(row)")
    }
}
