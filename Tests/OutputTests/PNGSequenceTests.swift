import Foundation
import Output
import Testing

@Suite("PNG sequences and stills")
final class PNGSequenceTests {
    private let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    @Test("names frames with at least four digits, more when the animation needs them")
    func names() throws {
        let folder = scratch.path
        let short = try PNGSequenceWriter(directory: folder + "/a", frameCount: 10)
        let long = try PNGSequenceWriter(directory: folder + "/b/c", frameCount: 12_001, prefix: "shot")
        #expect(short.path(forFrame: 3) == folder + "/a/frame_0003.png")
        #expect(long.path(forFrame: 42) == folder + "/b/c/shot_00042.png")
        #expect(long.path(forFrame: 12_000) == folder + "/b/c/shot_12000.png")
        #expect(FileManager.default.fileExists(atPath: folder + "/b/c"))
    }

    @Test("is written from the rendering threads, leaves nothing unfinished, and withdraws the frames it is given")
    func concurrentAndWithdrawn() throws {
        let folder = scratch.path
        let writer = try PNGSequenceWriter(directory: folder, frameCount: 6)
        let concurrent = try #require(writer.concurrent)
        for index in 0..<6 {
            try TestFrame.sample(index: index).withView { view throws(OutputError) in
                try concurrent.writeConcurrently(view, index: index)
            }
        }
        concurrent.withdraw(frames: [4, 2])
        #expect(
            try Tools.files(in: folder) == ["frame_0000.png", "frame_0001.png", "frame_0003.png", "frame_0005.png"])
        #expect(writer.unfinishedFiles.isEmpty)
    }

    @Test("writes straight RGBA that decodes to the expected bytes", .enabled(if: Tools.available, Tools.missing))
    func translucentRoundTrip() throws {
        let folder = scratch.path
        let writer = try PNGSequenceWriter(directory: folder, frameCount: 3)
        let frames = (0..<3).map { TestFrame.sample(index: $0) }
        for (index, frame) in frames.enumerated() {
            try frame.withView { view throws(OutputError) in try writer.write(view, index: index) }
        }
        try writer.finish()
        #expect(try Tools.files(in: folder) == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
        for (index, frame) in frames.enumerated() {
            let path = writer.path(forFrame: index)
            #expect(try Tools.decodeRGBA(path) == Data(frame.expectedStraightRGBA()))
            #expect(try Tools.probe(path)["pix_fmt"] == "rgba")
        }
    }

    @Test("stores opaque frames as RGB", .enabled(if: Tools.available, Tools.missing))
    func opaqueStill() throws {
        let path = scratch.path + "/still.png"
        let frame = TestFrame.sample(index: 2, opaque: true)
        try frame.withView { view throws(OutputError) in try writePNG(view, to: path, compressionLevel: 9) }
        #expect(try Tools.probe(path)["pix_fmt"] == "rgb24")
        #expect(try Tools.decodeRGBA(path) == Data(frame.expectedStraightRGBA()))
    }

    @Test("names the file and the reason when it cannot write")
    func unwritable() throws {
        let folder = scratch.path
        let path = folder + "/missing/still.png"
        let error = #expect(throws: OutputError.self) {
            try TestFrame.sample(index: 0).withView { view throws(OutputError) in try writePNG(view, to: path) }
        }
        #expect(error?.description == "cannot write \(path): No such file or directory")
        #expect(try Tools.files(in: folder).isEmpty)
    }

    @Test("refuses frames outside the sequence, bad levels and a file in place of the folder")
    func refusals() throws {
        let folder = scratch.path
        let writer = try PNGSequenceWriter(directory: folder, frameCount: 2)
        let outside = #expect(throws: OutputError.self) {
            try TestFrame.sample(index: 0).withView { view throws(OutputError) in try writer.write(view, index: 2) }
        }
        #expect(outside?.description == "frame 2 is outside the sequence in \(folder): frames are 0 to 1")
        let level = #expect(throws: OutputError.self) {
            try PNGSequenceWriter(directory: folder, frameCount: 2, compressionLevel: 12)
        }
        #expect(level?.description == "png compression level 12 is out of range: use 0 (none) to 9 (smallest)")
        _ = FileManager.default.createFile(atPath: folder + "/taken", contents: Data())
        let taken = #expect(throws: OutputError.self) {
            try PNGSequenceWriter(directory: folder + "/taken", frameCount: 2)
        }
        #expect(taken?.description == "cannot create directory \(folder)/taken: a file with that name exists")
    }
}
