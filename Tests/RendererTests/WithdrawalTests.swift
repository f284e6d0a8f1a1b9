import Foundation
import OptionNames
import Output
import Scene
import Testing

@testable import Renderer

@Suite("Withdrawing the frames after a failed one")
struct WithdrawalTests {
    /// An opaque 8×8 frame.
    private static func withFrame(_ body: (FrameView) throws -> Void) rethrows {
        let bytes = [UInt8](repeating: 0xff, count: 8 * 8 * 4)
        try bytes.withUnsafeBufferPointer { pixels in
            try body(FrameView(width: 8, height: 8, stride: 32, pixels: pixels.baseAddress!))
        }
    }

    /// A sink that takes frames in order and writes nothing, as a video does until it is finished.
    private final class OrderedSink: FrameSink {
        func write(_ frame: FrameView, index: Int) throws(OutputError) {}
        func finish() throws(OutputError) {}
        func abandon() {}
        var unfinishedFiles: [String] { [] }
        var writingProcesses: [Int32] { [] }
        var concurrent: (any ConcurrentFrameSink)? { nil }
    }

    /// Writes `frames` through a PNG sequence in `folder` as rendering threads do, recording them.
    private static func written(_ frames: [Int], in folder: String) throws -> (PNGSequenceWriter, WrittenFrames) {
        let writer = try PNGSequenceWriter(directory: folder, frameCount: 20)
        let written = WrittenFrames()
        try withFrame { frame in
            for index in frames {
                try writer.writeConcurrently(frame, index: index)
                written.add(index)
            }
        }
        return (writer, written)
    }

    @Test("frames finished after the failed one are removed, so the folder holds a gap-free prefix")
    func prefix() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        // Frame 6 failed; other threads had finished frames up to 11, out of order.
        let (writer, written) = try Self.written([0, 1, 2, 4, 3, 5, 9, 7, 11, 8], in: fixture.output)
        let withdrawal = written.withdraw(after: 6, from: [writer], first: 0)
        #expect(try fixture.outputFiles() == frameNames(0..<6))
        #expect(withdrawal.description == "frames 0–5 are complete; frame 6 and later were not written")
    }

    @Test("frames an earlier run completed before the failed one stay; videos are said to be removed")
    func resumedWithVideo() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        try fixture.place(frameNames(0..<10))
        let (writer, written) = try Self.written([10, 11, 13, 14], in: fixture.output)
        let withdrawal = written.withdraw(after: 12, from: [writer, OrderedSink()], first: 0)
        #expect(try fixture.outputFiles() == frameNames(0..<12))
        #expect(
            withdrawal.description
                == "frames 0–11 are complete; frame 12 and later were not written; unfinished videos were removed")
    }

    @Test("a failure at the run's first frame, or with no frame files, says nothing was written")
    func nothing() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let (writer, written) = try Self.written([11, 12], in: fixture.output)
        #expect(
            written.withdraw(after: 10, from: [writer], first: 10).description
                == "no frame was complete; nothing was written")
        #expect(try fixture.outputFiles() == [])
        #expect(
            WrittenFrames().withdraw(after: 3, from: [OrderedSink()], first: 0).description
                == "nothing was written; unfinished videos were removed")
        #expect(WrittenFrames().withdraw(after: 3, from: [], first: 0).description == "nothing was written")
    }

    @Test("a failed render's error says what stays, after how to continue an interrupted one")
    func notes() {
        let withdrawal = Withdrawal(first: 0, failed: 4, keptFrameFiles: true, removedVideos: false)
        let failed = RenderJobError.renderFailed(
            .pluginChanged(plugin: "p.so", frame: 4), resumable: false,
            withdrawal: withdrawal)
        #expect(failed.notes == ["frames 0–3 are complete; frame 4 and later were not written"])
        #expect(failed.kind == .failure)
        let interrupted = RenderJobError.renderFailed(.interrupted(complete: 0..<7), resumable: true, withdrawal: nil)
        #expect(interrupted.notes.map(\.onCommandLine) == ["run the same command with --resume to continue"])
        #expect(interrupted.kind == .interrupted)
        #expect(interrupted.description == "interrupted: frames 0–6 are complete; unfinished files were removed")
    }
}
