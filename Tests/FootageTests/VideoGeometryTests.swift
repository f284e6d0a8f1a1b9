import Foundation
import Testing

@testable import Footage

/// Frames come out as the clip is meant to be seen: upright, with square pixels, at their
/// presentation times.
@Suite("Video clips as displayed", .enabled(if: TestClips.available, TestClips.missing))
final class VideoGeometryTests {
    private let clips: TestClips
    init() throws { clips = try TestClips() }

    @Test("a display matrix turns the frames upright as ffmpeg's autorotation does", arguments: [90, 180, 270])
    func rotation(degrees: Int) throws {
        let plain = try clips.standardClip("plain.mp4")
        let path = try clips.make(
            "rotated.mp4", ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=\(degrees)"])
        #expect(try clips.probe(path).contains("side_data_type=\"Display Matrix\""))
        let clip = try VideoClip(path: path)
        #expect(clip.info.rotation == degrees)
        let sideways = degrees != 180
        #expect((clip.width, clip.height) == (sideways ? (240, 320) : (320, 240)))
        #expect((clip.info.codedWidth, clip.info.codedHeight) == (320, 240))
        for index in [0, 20] {
            let frame = try clip.frame(index: index)
            #expect(TestClips.largestDifference(frame, try clips.reference(path, index: index)) <= 2)
            if degrees == 180 {
                // The unturned picture, of the same size, is not what ffmpeg shows.
                let unturned = try clips.reference(path, index: index, autorotate: false)
                #expect(TestClips.largestDifference(frame, unturned) > 2)
            }
        }
    }

    @Test("a pixel aspect of 2:1 displays twice as wide")
    func sampleAspect() throws {
        let path = try clips.make(
            "wide.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "1", "-vf", "setsar=2", "-c:v",
                "libx264", "-pix_fmt", "yuv420p",
            ])
        let clip = try VideoClip(path: path)
        #expect(clip.info.sampleAspectRatio == (2, 1))
        #expect((clip.width, clip.height) == (640, 240))
        let expected = try clips.reference(path, index: 10, filters: "scale=640:240,format=bgra")
        #expect(TestClips.largestDifference(try clip.frame(index: 10), expected) <= 2)
    }

    @Test("variable frame rate: frames are found by presentation time, not by count")
    func variableFrameRate() throws {
        // Frames 0–9 at 30 fps, then a 0.5 s pause before frames 10–19.
        let path = try clips.make(
            "vfr.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-frames:v", "20", "-vf",
                "setpts=(N/30+0.5*gte(N\\,10))/TB", "-fps_mode", "vfr", "-c:v", "libx264", "-pix_fmt", "yuv420p",
            ])
        let times = try clips.frameTimes(path)
        try #require(times.count == 20)
        #expect(times[10] - times[9] > 0.4, "ffprobe sees the pause")
        let clip = try VideoClip(path: path)
        #expect(clip.presentationTimes.count == times.count)
        for (ours, theirs) in zip(clip.presentationTimes, times) { #expect(abs(ours - theirs) < 1e-3) }
        #expect(clip.frameIndex(at: 0.5) == 9, "the pause holds frame 9")
        #expect(clip.frameIndex(at: times[10]) == 10)
        let frame = try clip.frame(at: times[10] + 0.01)
        #expect(TestClips.largestDifference(frame, try clips.reference(path, index: 10)) <= 2)
    }
}
