import Foundation
import Testing

@testable import Footage

/// Alpha survives from the formats that carry it, premultiplied; deeper sources come out 8-bit.
@Suite("Alpha and bit depth of video clips", .enabled(if: TestClips.available, TestClips.missing))
final class VideoPixelFormatTests {
    private let clips: TestClips
    init() throws { clips = try TestClips() }

    /// Five 64×48 frames of one colour with alpha, encoded with `arguments` into `name`.
    private func clip(_ name: String, colour: String, _ arguments: [String]) throws -> VideoClip {
        let path = try clips.make(
            name, ["-f", "lavfi", "-i", "color=c=\(colour):s=64x48:r=10,format=rgba", "-frames:v", "5"] + arguments)
        return try VideoClip(path: path)
    }

    /// The B, G, R, A bytes of the frame's centre pixel.
    private func centre(_ frame: FootageFrame) -> [Int] {
        let pixel = frame.pixels + (frame.height / 2) * frame.stride + (frame.width / 2) * 4
        return (0..<4).map { Int(pixel.load(fromByteOffset: $0, as: UInt8.self)) }
    }

    private func near(_ pixel: [Int], _ expected: [Int], within tolerance: Int = 2) -> Bool {
        zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("ProRes 4444: half-transparent red, premultiplied, from 12 bits")
    func prores() throws {
        let clip = try clip("alpha.mov", colour: "red@0.5", ["-c:v", "prores_ks", "-profile:v", "4444"])
        #expect(clip.info.codec == "prores" && clip.info.hasAlpha && clip.info.isHighBitDepth)
        let pixel = centre(try clip.frame(index: 2))
        #expect(near(pixel, [0, 0, 128, 128]), "\(pixel)")
    }

    @Test("VP9 with alpha in WebM, decoded by libvpx")
    func vp9Alpha() throws {
        let clip = try clip("alpha.webm", colour: "red@0.5", ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p"])
        #expect(clip.info.codec == "vp9" && clip.info.hasAlpha && !clip.info.isHighBitDepth)
        let pixel = centre(try clip.frame(index: 2))
        #expect(near(pixel, [0, 0, 128, 128], within: 3), "\(pixel)")
    }

    @Test("animated PNG and GIF")
    func pngAndGIF() throws {
        // lavfi's red@0.5 has alpha 127.
        let apng = try clip("alpha.apng", colour: "red@0.5", ["-plays", "0"])
        #expect(apng.info.codec == "apng" && apng.info.hasAlpha)
        #expect(centre(try apng.frame(index: 1)) == [0, 0, 127, 127])
        let gif = try clip("frames.gif", colour: "orange", [])
        #expect(gif.info.codec == "gif" && gif.info.hasAlpha)
        let expected = try clips.reference(clips.path("frames.gif"), index: 1)
        #expect(TestClips.largestDifference(try gif.frame(index: 1), expected) == 0)
    }

    @Test("10-bit HEVC comes out as ffmpeg converts it to 8 bits")
    func tenBit() throws {
        let path = try clips.make(
            "deep.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-frames:v", "10", "-c:v", "libx265",
                "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le",
            ])
        let clip = try VideoClip(path: path)
        #expect(clip.info.codec == "hevc" && clip.info.isHighBitDepth && !clip.info.hasAlpha)
        for index in [0, 7] {
            #expect(
                TestClips.largestDifference(try clip.frame(index: index), try clips.reference(path, index: index)) <= 2)
        }
    }

    @Test("an HD clip that names no matrix is BT.709; one that names BT.601 is BT.601")
    func colourMatrix() throws {
        let source = ["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-frames:v", "3", "-c:v", "libx264"]
        let untagged = try clips.make("untagged.mp4", source + ["-pix_fmt", "yuv420p"])
        let bt709 = try clips.reference(untagged, index: 1, filters: "scale=in_color_matrix=bt709,format=bgra")
        let frame = try VideoClip(path: untagged).frame(index: 1)
        #expect(TestClips.largestDifference(frame, bt709) <= 2)
        #expect(
            TestClips.largestDifference(frame, try clips.reference(untagged, index: 1)) > 2, "ffmpeg's own is BT.601")

        let tagged = try clips.make("bt601.mp4", source + ["-pix_fmt", "yuv420p", "-colorspace", "bt470bg"])
        #expect(
            TestClips.largestDifference(
                try VideoClip(path: tagged).frame(index: 1), try clips.reference(tagged, index: 1))
                <= 2)
    }
}
