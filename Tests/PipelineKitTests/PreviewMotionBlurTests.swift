import Foundation
import PipelineKit
import RegistryTestSupport
import Testing

/// Frames drawn with the motion blur a preview asks for (`motionBlurSamples`): none, the same as
/// the file without `motionBlur`; the file's own samples, the same as the frame `run` draws.
@Suite struct PreviewMotionBlurTests {
    /// A card moving 200 points in 0.3 s, with `blur` as the canvas's motionBlur (none when nil),
    /// and a second card with samples of its own.
    static func pipeline(blur: String?) -> String {
        let canvasBlur = blur.map { ", \"motionBlur\": \($0)" } ?? ""
        let layerBlur = blur == nil ? "" : ", \"motionBlur\": {\"samples\": 12}"
        return """
            { "version": 1,
              "canvas": { "width": 160, "height": 40, "fps": 10, "duration": 0.5, "background": "#000000"\(canvasBlur) },
              "layers": [
                { "name": "card", "fill": "#ffffff", "frame": [10, 0, 20, 20] },
                { "name": "other", "fill": "#ff0000", "frame": [10, 20, 20, 20]\(layerBlur) } ],
              "timeline": [
                { "animate": "transform.translation", "target": "card", "from": [0, 0], "to": [200, 0],
                  "duration": 0.3, "timing": "linear" },
                { "animate": "transform.translation", "target": "other", "from": [0, 0], "to": [200, 0],
                  "duration": 0.3, "timing": "linear" } ]
            }
            """
    }

    static func open(blur: String?) throws -> Pipeline {
        var options = Pipeline.OpenOptions()
        options.installation = PipelineInstallation(executable: nil, builtinPlugins: InRepoPlugins.folder)
        return try Pipeline.open(bytes: Array(pipeline(blur: blur).utf8), name: "blur.json", options: options)
    }

    static let blur = #"{"shutterAngle": 180, "shutterPhase": -90, "samples": 8, "adaptive": false}"#

    @Test func noSamplesIsTheFileWithoutMotionBlurAndItsOwnAreTheFramesRunDraws() throws {
        let blurred = try Self.open(blur: Self.blur)
        defer { blurred.close() }
        let plain = try Self.open(blur: nil)
        defer { plain.close() }
        #expect(blurred.motionBlurSamples == 12 && plain.motionBlurSamples == nil)
        let own = try blurred.pngFrame(at: 0.1)
        let off = try blurred.pngFrame(at: 0.1, motionBlurSamples: 0)
        #expect(off == (try plain.pngFrame(at: 0.1)))
        #expect(own != off)
        #expect((try blurred.pngFrame(at: 0.1, motionBlurSamples: 12)) == own)
        #expect((try blurred.pngFrame(at: 0.1, motionBlurSamples: 40)) == own)
        // The override is for that frame only: the next one asked without it is the file's again.
        let fewer = try blurred.pngFrame(at: 0.1, motionBlurSamples: 2)
        #expect(fewer != own && fewer != off)
        #expect((try blurred.pngFrame(at: 0.1)) == own)
        // A player's JPEG is drawn the same way.
        let jpeg = try blurred.viewerFrame(at: 0.1, quality: 90, motionBlurSamples: 0)
        #expect(jpeg == (try plain.viewerFrame(at: 0.1, quality: 90)))
        // A file without motion blur draws the same whatever is asked.
        #expect((try plain.pngFrame(at: 0.1, motionBlurSamples: 4)) == (try plain.pngFrame(at: 0.1)))
        let refused = try #require(throws: PipelineError.self) { try blurred.pngFrame(at: 0.1, motionBlurSamples: -1) }
        #expect(refused.code == .argument)
    }
}
