import Foundation
import Testing

@testable import Footage

/// Every frame of a 30 fps clip shows at its own time, whatever precision its container stores
/// times at and whichever of its packets carry them: a 30 fps render shows each frame once.
@Suite("Frame times across containers", .enabled(if: TestClips.available, TestClips.missing))
final class VideoContainerTimingTests {
    private let clips: TestClips
    init() throws { clips = try TestClips() }

    /// Clips as ffmpeg makes them by default or with common settings, with what makes each hard.
    static let containers: [(file: String, codec: [String])] = [
        // Times in milliseconds: the third frame is stored at 67 ms, after 2/30 s.
        ("h264.mkv", ["-c:v", "libx264", "-g", "15"]),
        ("vp9.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-g", "15"]),
        ("h264.flv", ["-c:v", "libx264", "-g", "15"]),
        // Times in hundredths of a second.
        ("frames.gif", []),
        // MPEG-1 in a program stream: some reference pictures carry a decode time alone.
        ("mpeg1.mpg", ["-g", "15"]),
        ("mpeg2.vob", ["-c:v", "mpeg2video", "-bf", "2", "-g", "15"]),
        // AVI stores decode times alone: B-frames are brought out one or two packets late.
        ("mpeg4.avi", ["-c:v", "mpeg4", "-bf", "2", "-g", "15"]),
        ("h264.avi", ["-c:v", "libx264", "-g", "15"]),
        // H.264 in a program stream: many pictures' packets carry no time at all, and libavcodec
        // brings those pictures out without one.
        ("h264.mpg", ["-c:v", "libx264", "-g", "15", "-f", "mpeg"]),
        ("h264.vob", ["-c:v", "libx264", "-bf", "3", "-g", "15"]),
    ]

    @Test(
        "frame k shows at k/30 s and is ffmpeg's k-th picture, read in order and after seeks",
        arguments: containers.map(\.file))
    func everyFrameAtItsTime(file: String) throws {
        let codec = Self.containers.first { $0.file == file }!.codec
        let path = try clips.make(file, ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30", "-t", "2"] + codec)
        let clip = try VideoClip(path: path)
        #expect(clip.presentationTimes.count == 60, "\(file): \(clip.presentationTimes.count) frames")
        let shown = (0..<60).map { clip.frameIndex(at: Double($0) / 30) }
        #expect(shown == Array(0..<60), "\(file) shows \(shown)")
        // In order from the start, then back to the middle of a group, then the last frames.
        for index in [0, 1, 2, 20, 21, 35, 5, 58, 59] {
            let frame = try clip.frame(index: index)
            let expected = try clips.reference(path, index: index, filters: "format=bgra")
            #expect(TestClips.largestDifference(frame, expected) <= 3, "\(file) frame \(index)")
            let neighbour = try clips.reference(path, index: index == 59 ? 58 : index + 1, filters: "format=bgra")
            #expect(TestClips.largestDifference(frame, neighbour) > 3, "\(file) frame \(index) is not its neighbour")
        }
    }

    @Test(
        "a clip cut without re-encoding starts at its keyframe, as ffmpeg decodes it",
        arguments: ["mpeg2.vob", "h264.vob", "mpeg2.mpg"])
    func cutWithoutReencoding(file: String) throws {
        // `ffmpeg -ss 0.7 -c copy` starts the cut at the keyframe before 0.7 s. Open groups
        // (mpeg2video's default) leave B-frames after it that refer to the group cut away; an
        // H.264 program stream's first keyframe carries no time at all.
        let codec =
            file.hasPrefix("mpeg2")
            ? ["-c:v", "mpeg2video", "-bf", "2", "-g", "15"] : ["-c:v", "libx264", "-bf", "3", "-g", "15"]
        let whole = try clips.make(
            "whole-\(file)", ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30", "-t", "3"] + codec)
        let path = try clips.make(file, ["-ss", "0.7", "-i", whole, "-c", "copy"])
        let decoded = try TestClips.run(
            TestClips.ffprobe!,
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                "-of", "csv=p=0", path,
            ])
        // ffprobe's csv: the count, then a comma.
        let count = try #require(Int(String(decoding: decoded, as: UTF8.self).prefix { $0.isNumber }))
        let clip = try VideoClip(path: path)
        #expect(
            clip.presentationTimes.count == count, "\(file): \(clip.presentationTimes.count) frames, ffmpeg \(count)")
        let shown = (0..<count).map { clip.frameIndex(at: Double($0) / 30) }
        #expect(shown == Array(0..<count), "\(file) shows \(shown)")
        for index in [0, 1, 2, 12, count - 1] {
            let frame = try clip.frame(index: index)
            let expected = try clips.reference(path, index: index, filters: "format=bgra")
            #expect(TestClips.largestDifference(frame, expected) <= 3, "\(file) frame \(index)")
            let neighbour = try clips.reference(path, index: index == 0 ? 1 : index - 1, filters: "format=bgra")
            #expect(TestClips.largestDifference(frame, neighbour) > 3, "\(file) frame \(index) is not its neighbour")
        }
    }

    @Test("a 29.97 fps Matroska clip's times lie on its 1001/30000 s grid, not on the milliseconds stored")
    func ntscFrameRate() throws {
        let path = try clips.make(
            "ntsc.mkv", ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30000/1001", "-t", "2", "-c:v", "libx264"])
        let clip = try VideoClip(path: path)
        let grid = (0..<clip.presentationTimes.count).map { Double($0) * 1001 / 30000 }
        #expect(clip.presentationTimes == grid)
        // A 30 fps render shows the frame at or before each of its times: one frame twice, at the
        // start, where 1/30 s comes before the second frame's 1001/30000 s; none skipped.
        let shown = (0..<59).map { clip.frameIndex(at: Double($0) / 30) }
        #expect(shown == [0] + Array(0..<58), "\(shown)")
    }
}
