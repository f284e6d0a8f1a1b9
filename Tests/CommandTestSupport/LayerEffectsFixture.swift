import Foundation
import Testing

/// The picture the layer effect tests filter, and a pipeline that shows it with filters.
public enum LayerEffectsFixture {
    /// A photo-like 200×120 still: gradients, small hard-edged checks and strong noise (fine detail
    /// that tells blurs of different radii apart), written as a PPM and
    /// turned into a PNG by ffmpeg.
    public static func photo(in folder: URL) throws {
        var seed: UInt32 = 7
        var bytes = Array("P6\n200 120\n255\n".utf8)
        for y in 0..<120 {
            for x in 0..<200 {
                let check = (x / 6 + y / 5) % 2 == 0 ? 60 : 0
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int(seed >> 26) - 32
                let clamp = { (v: Int) in UInt8(min(max(v, 0), 255)) }
                bytes += [clamp(x * 255 / 199 + noise), clamp(y * 2 + check + noise), clamp(220 - x - check + noise)]
            }
        }
        try Data(bytes).write(to: folder.appendingPathComponent("photo.ppm"))
        let converted = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-y", "-i", "photo.ppm", "photo.png"], in: folder)
        #expect(converted.status == 0, "\(converted.stderr)")
    }

    public static func pipeline(filters: String, timeline: String = "[]", extraLayers: String = "") -> String {
        """
        {
          "version": 1,
          "canvas": { "width": 240, "height": 160, "fps": 10, "duration": 1, "background": "#ffffff" },
          "layers": [
            { "name": "photo", "image": "photo.png", "frame": [20, 20, 200, 120], "filters": \(filters) }\(extraLayers)
          ],
          "timeline": \(timeline),
          "output": { "formats": ["png"] }
        }
        """
    }
}
