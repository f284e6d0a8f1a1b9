import Foundation
import Testing

@testable import Footage

/// Files that are not usable clips are refused with a message naming the file and what is wrong.
@Suite("Bad video files", .enabled(if: TestClips.available, TestClips.missing))
final class VideoBadInputTests {
    private let clips: TestClips
    init() throws { clips = try TestClips() }

    private func failure(_ path: String, maxDimension: Int = 16384) -> FootageError? {
        do {
            _ = try VideoClip(path: path, maxDimension: maxDimension)
            return nil
        } catch {
            return error
        }
    }

    @Test("a missing file")
    func missing() {
        let path = clips.path("clips/a.mp4")
        #expect(failure(path) == .notFound(path: path))
        #expect(failure(path)?.description == "\(path) does not exist")
    }

    @Test("a text file named .mp4")
    func textFile() throws {
        let path = clips.path("notes.mp4")
        try "these are notes, not a video\n".write(toFile: path, atomically: false, encoding: .utf8)
        guard case .unreadable(path, let reason) = failure(path) else {
            Issue.record("not refused as unreadable: \(String(describing: failure(path)))")
            return
        }
        #expect(failure(path)?.description == "\(path) is not a video file ffmpeg's libraries can read (\(reason))")
    }

    @Test("an audio-only file has no video stream")
    func audioOnly() throws {
        let path = try clips.make("a.m4a", ["-f", "lavfi", "-i", "sine", "-t", "1"])
        #expect(failure(path)?.description == "\(path) has no video stream")
    }

    @Test("a bare H.264 stream, whose packets carry no times, is refused with the way to wrap it")
    func bareStream() throws {
        let path = try clips.make(
            "bare.h264",
            ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30", "-t", "0.5", "-c:v", "libx264", "-f", "h264"])
        #expect(
            failure(path)?.description
                == "\(path) is corrupt or truncated (its 15 packets carry no times, as in a bare stream with no "
                + "container; encode it into one at its frame rate, as `ffmpeg -r 30 -i FILE FILE.mp4` does)")
    }

    @Test("a codec with no decoder is named")
    func unsupportedCodec() throws {
        // The Commodore 64 charset codec has an encoder but no decoder; NUT stores it by its tag.
        let path = try clips.make(
            "c64.nut", ["-f", "lavfi", "-i", "testsrc2=size=320x200:rate=10", "-t", "0.5", "-c:v", "a64multi"])
        #expect(failure(path) == .unsupportedCodec(path: path, codec: "a64m"))
        #expect(
            failure(path)?.description == "\(path) is in codec a64m, which this system's ffmpeg libraries cannot decode"
        )
    }

    @Test("a clip larger than the limit")
    func tooLarge() throws {
        let path = try clips.standardClip()
        #expect(failure(path, maxDimension: 300)?.description == "\(path) is 320×240, larger than the 300×300 limit")
        #expect(failure(path, maxDimension: 320) == nil)
    }

    @Test("an MP4 cut in half, its index at the end")
    func truncatedIndexAtEnd() throws {
        let path = try cutInHalf(try clips.standardClip())
        guard case .unreadable(path, let reason) = failure(path) else {
            Issue.record("not refused: \(String(describing: failure(path)))")
            return
        }
        #expect(reason == "invalid data found when processing input")
    }

    @Test("an MP4 cut in half, its index at the start: its last packet is cut short")
    func truncatedIndexAtStart() throws {
        let whole = try clips.make(
            "fast.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "2", "-c:v", "libx264", "-g", "15",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart",
            ])
        #expect(failure(whole) == nil)
        let path = try cutInHalf(whole)
        guard case .corrupt(path, nil, let reason) = failure(path) else {
            Issue.record("not refused as corrupt: \(String(describing: failure(path)))")
            return
        }
        #expect(reason.hasPrefix("the packet of the frame at ") && reason.hasSuffix(" s is cut short or damaged"))
        #expect(failure(path)?.description == "\(path) is corrupt or truncated (\(reason))")
    }

    @Test("damage inside the file names the frame that cannot be decoded")
    func damagedFrame() throws {
        let path = try clips.make(
            "damaged.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "2", "-c:v", "libx264", "-g", "15",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart",
            ])
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let middle = data.count / 2
        data.replaceSubrange(middle..<middle + 4096, with: Data(repeating: 0x5A, count: 4096))
        try data.write(to: URL(fileURLWithPath: path))
        let clip = try VideoClip(path: path)
        var failures: [FootageError] = []
        for index in clip.presentationTimes.indices {
            do { _ = try clip.frame(index: index) } catch { failures.append(error) }
        }
        try #require(!failures.isEmpty)
        guard case .corrupt(path, let time?, let reason) = failures[0] else {
            Issue.record("unexpected: \(failures[0])")
            return
        }
        let seconds = String(format: "%.3f s", time)
        #expect(
            failures[0].description
                == "\(path) is corrupt or truncated: the frame at \(seconds) cannot be decoded (\(reason))")
    }

    private func cutInHalf(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = path.replacingOccurrences(of: ".mp4", with: "-cut.mp4")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        return cut
    }
}
