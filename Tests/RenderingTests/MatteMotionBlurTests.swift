import CommandTestSupport
import Foundation
import Testing

/// A matted layer under motion blur: each sample is cut by the matte where the matte stands in
/// that sample. A red square slides across a still white window that is its matte; where the
/// window is not, every sample shows the background, so the blurred frame does too, while inside
/// the window the square's streak shows.
@Suite struct MatteMotionBlurTests {
    @Test(arguments: ["alpha", "luma"]) func aSlidingLayerIsCutWhereItsStillMatteStands(_ mode: String) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The square and the window stay a row inside the canvas, whose edges they never reach.
        let text = """
            { "version": 1,
              "canvas": { "width": 200, "height": 12, "fps": 10, "duration": 0.5, "background": "#000000",
                          "motionBlur": { "samples": 16 } },
              "layers": [
                { "name": "square", "fill": "#ff0000", "frame": [20, 1, 10, 10],
                  "matte": { "layer": "window", "mode": "\(mode)" } },
                { "name": "window", "fill": "#ffffff", "frame": [80, 1, 40, 10] } ],
              "timeline": [ { "animate": "transform.translation", "target": "square", "from": [0, 0],
                              "to": [1500, 0], "duration": 1, "timing": "linear" } ]
            }
            """
        try text.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        // At 0.05 s the square sweeps from x 95 to 170 over the shutter: half inside the window.
        let result = try CLI.run(["frame", "p.json", "--at", "0.05", "-o", "still.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage.read(folder.appendingPathComponent("still.png"))
        var inside = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let pixel = frame[x, y]
                if (80..<120).contains(x) {
                    if pixel.r > 0 { inside += 1 }
                } else {
                    #expect(pixel.r == 0 && pixel.g == 0 && pixel.b == 0, "\(mode): \(pixel) at \(x), \(y)")
                }
            }
        }
        #expect(inside > 100, "\(mode): the streak inside the window: \(inside) pixels")
    }
}
