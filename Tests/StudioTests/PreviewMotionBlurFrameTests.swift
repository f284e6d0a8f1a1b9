import CommandTestSupport
import Foundation
import Testing

/// `/frame?blur=`: the frame without the pipeline's motion blur (`off`, the frame of the same
/// file without `motionBlur`) or with at most N samples, and `/timeline.json`'s
/// `motionBlurSamples`, which tells the page to offer its switch; bad values are refused.
@Suite("the preview's motion blur")
struct PreviewMotionBlurFrameTests {
    /// A card sliding 300 points in 0.3 s; with `blur`, under a centred 180° shutter of 8 samples.
    static func pipeline(blur: Bool) -> String {
        let key = blur ? #", "motionBlur": {"shutterAngle": 180, "shutterPhase": -90, "samples": 8}"# : ""
        return """
            { "version": 1,
              "canvas": { "width": 200, "height": 40, "fps": 10, "duration": 0.5, "background": "#000000"\(key) },
              "layers": [ { "name": "card", "fill": "#ffffff", "frame": [10, 0, 20, 40] } ],
              "timeline": [ { "animate": "transform.translation", "target": "card", "from": [0, 0], "to": [300, 0],
                              "duration": 0.3, "timing": "linear" } ]
            }
            """
    }

    @Test func blurOffIsTheFrameWithoutMotionBlurAndBadValuesAreRefused() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.pipeline(blur: true), to: "blur.json", in: folder)
        let plain = try PluginFixtures.write(Self.pipeline(blur: false), to: "plain.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let timeline = try await server.get("timeline.json")
        let summary = try JSONSerialization.jsonObject(with: timeline.body) as? [String: Any]
        #expect(summary?["motionBlurSamples"] as? Int == 8)
        let blurred = try await server.get("frame?t=0.1")
        let off = try await server.get("frame?t=0.1&blur=off")
        let full = try await server.get("frame?t=0.1&blur=8")
        let fewer = try await server.get("frame?t=0.1&blur=2")
        #expect([blurred, off, full, fewer].allSatisfy { $0.status == 200 })
        let still = folder.appendingPathComponent("still.png")
        let run = try CLI.run(["frame", plain.path, "--at", "0.1", "-o", still.path], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(off.body == (try Data(contentsOf: still)), "the same bytes as the file without motionBlur")
        #expect(full.body == blurred.body && blurred.body != off.body && fewer.body != blurred.body)
        let jpeg = try await server.get("frame?t=0.1&format=jpeg&scale=0.5&blur=4")
        #expect(jpeg.status == 200)
        // The ends of the range: one sample, and 64, which caps none of the file's 8.
        #expect(try await server.get("frame?t=0.1&blur=1").status == 200)
        let most = try await server.get("frame?t=0.1&blur=64")
        #expect(most.status == 200 && most.body == blurred.body)
        for given in ["0", "65", "-1", "on", "", "4.5", "2.5"] {
            let answer = try await server.get("frame?t=0&blur=\(given)")
            #expect(answer.status == 400, "\(given): \(answer.status)")
            let shape = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
            let message = (shape?["error"] as? [String: Any])?["message"] as? String
            #expect(message == "blur must be off or a whole number of samples from 1 to 64, got \"\(given)\"")
        }
    }

    @Test func aPipelineWithoutMotionBlurSaysSo() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.pipeline(blur: false), to: "plain.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let timeline = try await server.get("timeline.json")
        let summary = try JSONSerialization.jsonObject(with: timeline.body) as? [String: Any]
        #expect(summary?["motionBlurSamples"] is NSNull)
        let off = try await server.get("frame?t=0.1&blur=off")
        let own = try await server.get("frame?t=0.1")
        #expect(off.status == 200 && off.body == own.body)
    }
}
