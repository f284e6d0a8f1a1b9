import Foundation
import TestSupport
import Testing

@testable import Footage

/// A clip's frames are ffmpeg's frames, whatever order and threads ask for them.
@Suite("Decoding video clips", .enabled(if: TestClips.available, TestClips.missing))
final class VideoDecodingTests {
    private let clips: TestClips
    init() throws { clips = try TestClips() }

    @Test("info: display size, frame times, duration and codec of an H.264 MP4")
    func info() throws {
        let clip = try VideoClip(path: try clips.standardClip())
        #expect((clip.width, clip.height) == (320, 240))
        #expect(clip.info.codec == "h264")
        #expect(clip.info.rotation == 0 && !clip.info.hasAlpha && !clip.info.isHighBitDepth)
        #expect(clip.presentationTimes == (0..<60).map { Double($0) / 30 })
        #expect(abs(clip.duration - 2) < 1e-9)
        #expect(clip.frameIndex(at: -1) == 0)
        #expect(clip.frameIndex(at: 1.0) == 30)
        #expect(clip.frameIndex(at: 1.0 + 1 / 60) == 30)
        #expect(clip.frameIndex(at: 99) == 59)
    }

    @Test("frames match ffmpeg's decode within 2 levels", arguments: [0, 1, 7, 14, 15, 16, 37, 59])
    func matchesFFmpeg(index: Int) throws {
        let path = try clips.standardClip()
        let clip = try VideoClip(path: path)
        let frame = try clip.frame(index: index)
        #expect(TestClips.largestDifference(frame, try clips.reference(path, index: index)) <= 2)
        // A neighbour's frame is not within 2 levels: the comparison can fail.
        let other = try clips.reference(path, index: index == 59 ? 58 : index + 1)
        #expect(TestClips.largestDifference(frame, other) > 2)
    }

    @Test("a cloned clip decodes the same bytes from a position of its own, the file read once")
    func cloned() throws {
        let path = try clips.standardClip()
        let original = try VideoClip(path: path)
        let clone = try VideoClip(cloning: original)
        #expect(clone.presentationTimes == original.presentationTimes)
        #expect(clone.info.codec == original.info.codec && clone.duration == original.duration)
        let reference = try VideoClip(path: path)
        let expected = try (0..<60).map { TestClips.bytes(try reference.frame(index: $0)) }
        // The two read far apart in turn: each keeps its own place, so neither goes back to a
        // keyframe for the other (one decoder would, for every frame).
        for index in 0..<20 {
            #expect(TestClips.bytes(try original.frame(index: index)) == expected[index])
            #expect(TestClips.bytes(try clone.frame(index: 40 + index)) == expected[40 + index])
        }
        #expect(original.decodedFrameCount == 20)
        // Frames 40 to 59, from the keyframe before 40 (a keyframe every 15 frames).
        #expect(clone.decodedFrameCount <= 20 + 15, "\(clone.decodedFrameCount)")
    }

    @Test("frames are byte-identical in order, in reverse, at random and from two threads")
    func orderIndependent() throws {
        let path = try clips.standardClip()
        let inOrder = try VideoClip(path: path)
        let expected = try (0..<60).map { TestClips.bytes(try inOrder.frame(index: $0)) }
        #expect(Set(expected).count == 60)

        let reversed = try VideoClip(path: path)
        for index in (0..<60).reversed() {
            #expect(TestClips.bytes(try reversed.frame(index: index)) == expected[index])
        }

        var generator = SeededGenerator(seed: 14)
        let random = try VideoClip(path: path)
        for index in (0..<60).shuffled(using: &generator)
            + (0..<20).map({ _ in Int.random(in: 0..<60, using: &generator) })
        {
            #expect(TestClips.bytes(try random.frame(index: index)) == expected[index])
        }

        let shared = try VideoClip(path: path)
        let orders = [Array(0..<60), Array((0..<60).reversed())]
        let results = Locked([[Data]](repeating: [], count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            let frames = orders[thread].map { (try? shared.frame(index: $0)).map(TestClips.bytes) ?? Data() }
            results.update { $0[thread] = frames }
        }
        #expect(results.value[0] == expected)
        #expect(results.value[1] == expected.reversed())
    }

    @Test("a frame ahead in the same group of pictures decodes forward, without seeking")
    func forward() throws {
        let clip = try VideoClip(path: try clips.standardClip())
        _ = try clip.frame(index: 3)
        let before = clip.decodedFrameCount
        _ = try clip.frame(index: 5)
        #expect(clip.decodedFrameCount - before == 2)
    }

    @Test("recent frames are cached, at most 8 of them")
    func cacheIsBounded() throws {
        let clip = try VideoClip(path: try clips.standardClip())
        for index in 0...8 { _ = try clip.frame(index: index) }
        let decoded = clip.decodedFrameCount
        for index in 1...8 { _ = try clip.frame(index: index) }
        #expect(clip.decodedFrameCount == decoded, "frames 1 to 8 are still cached")
        _ = try clip.frame(index: 0)
        #expect(clip.decodedFrameCount > decoded, "frame 0 was dropped to keep 8")
    }

    @Test("frame 1510 of a 60 s clip seeks to its keyframe and equals the frame reached by decoding forward")
    func seeks() throws {
        let path = try clips.make(
            "long.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30", "-t", "60", "-c:v", "libx264", "-preset",
                "ultrafast", "-g", "30", "-pix_fmt", "yuv420p",
            ])
        let seeking = try VideoClip(path: path)
        #expect(seeking.presentationTimes.count == 1800)
        let frame = TestClips.bytes(try seeking.frame(index: 1510))
        #expect(seeking.decodedFrameCount <= 30)

        let forward = try VideoClip(path: path)
        for index in 0..<1510 { _ = try forward.frame(index: index) }
        #expect(TestClips.bytes(try forward.frame(index: 1510)) == frame)
        #expect(forward.decodedFrameCount == 1511, "each next frame decodes one picture")
        #expect(
            TestClips.largestDifference(try seeking.frame(index: 1510), try clips.reference(path, index: 1510)) <= 2)
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
