import CommandTestSupport
import Foundation
import Testing

/// A draft render (`--scale` below 1) converts a clip's pictures straight at the size they are
/// drawn at, as ffmpeg's own scale filter does: the frames match ffmpeg's decode scaled the same
/// way, and scale 1 still shows ffmpeg's decode as it is.
@Suite final class DraftFootageTests {
    let fixture: FootageFixture
    init() throws { fixture = try FootageFixture() }

    /// ffmpeg's decode of clip frame `index` averaged down to `width`×`height` by libswscale's area
    /// filter into BGRA (what the draft's conversion does in one pass), as RGB bytes.
    private func scaledReference(_ index: Int, width: Int, height: Int) throws -> [UInt8] {
        let raw = "scaled-\(index).bgra"
        try fixture.ffmpeg([
            "-i", "clips/a.mp4", "-vf", "select=eq(n\\,\(index)),scale=\(width):\(height):flags=area,format=bgra",
            "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "bgra", raw,
        ])
        let bgra = [UInt8](try Data(contentsOf: fixture.folder.appendingPathComponent(raw)))
        var rgb: [UInt8] = []
        rgb.reserveCapacity(bgra.count / 4 * 3)
        for pixel in stride(from: 0, to: bgra.count, by: 4) { rgb += [bgra[pixel + 2], bgra[pixel + 1], bgra[pixel]] }
        return rgb
    }

    private func renderedRGB(_ frame: Int, in name: String) throws -> (width: Int, rgb: [UInt8]) {
        let image = try RGBAImage.read(
            fixture.folder.appendingPathComponent(String(format: "\(name)/frame_%04d.png", frame)))
        var rgb: [UInt8] = []
        for pixel in stride(from: 0, to: image.bytes.count, by: 4) { rgb += image.bytes[pixel..<pixel + 3] }
        return (image.width, rgb)
    }

    @Test func aHalfScaleFrameIsFFmpegsDecodeScaledTheSameWay() throws {
        try fixture.standardClip()
        try fixture.pipeline(#""video": "clips/a.mp4""#)
        let result = try fixture.render(into: "half", ["--scale", "0.5", "--frames", "0-20"])
        #expect(result.status == 0, "\(result.stderr)")
        for frame in [0, 7, 20] {
            let (width, shown) = try renderedRGB(frame, in: "half")
            #expect(width == 160)
            // Both sides are one libswscale pass by area from the same YUV picture to BGRA: the
            // same bytes, with a level to spare. Drawn from the full-size frame as before, the
            // test pattern's edges differed by up to 168.
            let difference = FootageFixture.largestDifference(
                shown, try scaledReference(frame, width: 160, height: 120))
            #expect(difference <= 1, "frame \(frame): \(difference)")
            // Not merely any picture of the clip: the next frame's differs by far more.
            let next = FootageFixture.largestDifference(shown, try scaledReference(frame + 1, width: 160, height: 120))
            #expect(next > 20, "frame \(frame) against clip frame \(frame + 1): \(next)")
        }
        // At scale 1 the frame is ffmpeg's decode itself, as before.
        let full = try fixture.render(into: "full", ["--frames", "7"])
        #expect(full.status == 0, "\(full.stderr)")
        let (_, shown) = try renderedRGB(7, in: "full")
        #expect(FootageFixture.largestDifference(shown, try fixture.reference("clips/a.mp4", index: 7)) <= 2)
    }
}
