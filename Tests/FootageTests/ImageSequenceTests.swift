import Foundation
import Testing

@testable import Footage

/// Numbered PNG files as a clip: found by pattern or glob, timed by fps, checked for gaps and sizes.
@Suite("Image sequences", .enabled(if: TestClips.available, TestClips.missing))
final class ImageSequenceTests {
    private let clips: TestClips
    init() throws { clips = try TestClips() }

    /// `count` 64×48 PNGs numbered from `first` in the folder `shots`, named by `pattern`.
    private func shots(_ pattern: String, first: Int = 1, count: Int = 12) throws -> String {
        try FileManager.default.createDirectory(atPath: clips.path("shots"), withIntermediateDirectories: true)
        try clips.make(
            "shots/\(pattern)",
            [
                "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-frames:v", "\(count)", "-start_number",
                "\(first)",
            ])
        return clips.path("shots")
    }

    @Test("a %04d pattern starts at the first existing number; frame i shows from i ÷ fps")
    func pattern() throws {
        let folder = try shots("frame_%04d.png", first: 5)
        let sequence = try ImageSequence(files: folder + "/frame_%04d.png", fps: 10)
        #expect(sequence.files.first == folder + "/frame_0005.png")
        #expect(sequence.files.count == 12)
        #expect((sequence.width, sequence.height) == (64, 48))
        #expect(sequence.duration == 1.2)
        #expect(sequence.frameIndex(at: 0.3) == 3)
        #expect(sequence.frameIndex(at: 0.29) == 2)
        #expect(sequence.frameIndex(at: -1) == 0 && sequence.frameIndex(at: 5) == 11)
        let expected = try clips.reference(folder + "/frame_0008.png", index: 0)
        #expect(TestClips.largestDifference(try sequence.frame(at: 0.3), expected) == 0)
    }

    @Test("a %d pattern and a glob, in natural order")
    func globNaturalOrder() throws {
        let folder = try shots("frame%d.png", count: 12)
        let names = (1...12).map { "\(folder)/frame\($0).png" }
        #expect(try ImageSequence(files: folder + "/frame%d.png", fps: 10).files == names)
        let globbed = try ImageSequence(files: folder + "/*.png", fps: 10)
        #expect(globbed.files == names)
        let expected = try clips.reference(folder + "/frame10.png", index: 0)
        #expect(TestClips.largestDifference(try globbed.frame(index: 9), expected) == 0)
    }

    @Test("natural order compares numbers by value")
    func naturalOrder() {
        let names = ["b1.png", "a10.png", "a2.png", "a02.png", "a1b.png", "a1a.png"]
        #expect(
            names.sorted(by: NaturalOrder.precedes) == ["a1a.png", "a1b.png", "a02.png", "a2.png", "a10.png", "b1.png"])
    }

    @Test("a gap in the numbering names the first missing file and its neighbours")
    func gap() throws {
        let folder = try shots("frame_%04d.png")
        try FileManager.default.removeItem(atPath: folder + "/frame_0007.png")
        #expect(throws: FootageError.self) { try ImageSequence(files: folder + "/frame_%04d.png", fps: 30) }
        do {
            _ = try ImageSequence(files: folder + "/frame_%04d.png", fps: 30)
        } catch {
            #expect(
                error.description
                    == "\(folder)/frame_0007.png is missing: the sequence has frame_0006.png and frame_0008.png")
        }
    }

    @Test("a frame of another size is named")
    func sizeMismatch() throws {
        let folder = try shots("frame_%04d.png")
        try clips.make("shots/frame_0009.png", ["-f", "lavfi", "-i", "testsrc2=size=32x32", "-frames:v", "1"])
        #expect(
            throws: FootageError.sizeMismatch(
                path: folder + "/frame_0009.png", width: 32, height: 32, first: folder + "/frame_0001.png",
                firstWidth: 64, firstHeight: 48)
        ) {
            try ImageSequence(files: folder + "/*.png", fps: 30)
        }
        #expect(
            FootageError.sizeMismatch(
                path: "b.png", width: 32, height: 32, first: "a.png", firstWidth: 64, firstHeight: 48
            )
            .description == "b.png is 32×32 but a.png is 64×48: all frames of a sequence must have the same size")
    }

    @Test("a pattern that matches nothing, and one that is no pattern")
    func noFiles() throws {
        let folder = try shots("frame_%04d.png")
        #expect(throws: FootageError.noFiles(pattern: folder + "/shot_%03d.png")) {
            try ImageSequence(files: folder + "/shot_%03d.png", fps: 30)
        }
        #expect(throws: FootageError.noFiles(pattern: folder + "/*.jpg")) {
            try ImageSequence(files: folder + "/*.jpg", fps: 30)
        }
        #expect(throws: FootageError.notASequence(pattern: folder + "/frame_0001.png")) {
            try ImageSequence(files: folder + "/frame_0001.png", fps: 30)
        }
    }

    @Test("JPEG headers give the size too")
    func jpegSize() throws {
        let path = try clips.make("shot.jpg", ["-f", "lavfi", "-i", "testsrc2=size=72x40", "-frames:v", "1"])
        #expect(try ImageHeader.size(ofFile: path)! == (72, 40))
    }

    @Test(
        "WebP headers give the size too: lossy, lossless, and extended with alpha",
        arguments: [
            ("lossy", "VP8 ", ["-c:v", "libwebp"]), ("lossless", "VP8L", ["-c:v", "libwebp", "-lossless", "1"]),
            ("alpha", "VP8X", ["-vf", "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='X'", "-c:v", "libwebp"]),
        ])
    func webpSize(name: String, chunk: String, options: [String]) throws {
        let path = try clips.make(
            "\(name).webp", ["-f", "lavfi", "-i", "testsrc2=size=72x40", "-frames:v", "1"] + options)
        let start = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(16)
        try #require(String(decoding: start.suffix(4), as: UTF8.self) == chunk)
        let size = try #require(try ImageHeader.size(ofFile: path))
        #expect(size.width == 72 && size.height == 40)
    }

    @Test("a lossless WebP sequence decodes to the pixels of the PNGs it was made from")
    func webpSequence() throws {
        let folder = try shots("frame_%04d.png", count: 3)
        try clips.make(
            "shots/frame_%04d.webp", ["-i", folder + "/frame_%04d.png", "-c:v", "libwebp", "-lossless", "1"])
        let webp = try ImageSequence(files: folder + "/*.webp", fps: 10)
        let png = try ImageSequence(files: folder + "/*.png", fps: 10)
        #expect(webp.files.count == 3 && (webp.width, webp.height) == (64, 48))
        for index in 0..<3 {
            #expect(TestClips.bytes(try webp.frame(index: index)) == TestClips.bytes(try png.frame(index: index)))
        }
    }
}
