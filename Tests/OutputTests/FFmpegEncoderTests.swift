import Foundation
import Output
import Scene
import Testing

@Suite("MP4 and GIF through ffmpeg")
final class FFmpegEncoderTests {
    private let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    /// Feeds `count` sample frames to a new encoder and finishes it.
    static func encode(
        _ format: OutputFormat, to path: String, count: Int, width: Int = 64, height: Int = 48,
        fps: Double = 25, ffmpeg: String? = Tools.ffmpeg
    ) throws(OutputError) {
        let encoder = try FFmpegEncoder(
            format: format, path: path, width: width, height: height, fps: fps, ffmpegPath: ffmpeg!)
        for index in 0..<count {
            try TestFrame.sample(index: index, width: width, height: height).withView { view throws(OutputError) in
                try encoder.write(view, index: index)
            }
        }
        try encoder.finish()
    }

    @Test(
        "writes an H.264 MP4 with every frame, padding odd sizes to even", .enabled(if: Tools.available, Tools.missing))
    func mp4() throws {
        let folder = scratch.path
        try Self.encode(.mp4, to: folder + "/clip.mp4", count: 7)
        try Self.encode(.mp4, to: folder + "/odd.mp4", count: 3, width: 63, height: 47)
        #expect(try Tools.files(in: folder) == ["clip.mp4", "odd.mp4"])
        let clip = try Tools.probe(folder + "/clip.mp4")
        let odd = try Tools.probe(folder + "/odd.mp4")
        #expect(clip["codec_name"] == "h264" && clip["pix_fmt"] == "yuv420p")
        #expect(clip["nb_read_frames"] == "7" && clip["width"] == "64" && clip["height"] == "48")
        #expect(odd["nb_read_frames"] == "3" && odd["width"] == "64" && odd["height"] == "48")
    }

    @Test("MP4 keeps colours in order and shows translucency over black", .enabled(if: Tools.available, Tools.missing))
    func mp4Colours() throws {
        let path = scratch.path + "/colours.mp4"
        try Self.encode(.mp4, to: path, count: 1)
        let rgba = try Tools.decodeRGBA(path)
        let opaque = Self.pixel(rgba, x: 40, y: 10)
        let translucent = Self.pixel(rgba, x: 40, y: 40)
        #expect(Self.near(opaque, [200, 0, 30, 255]), "opaque band decoded as \(opaque)")
        // (20, 180, 250) at alpha 128, composited over black
        #expect(Self.near(translucent, [10, 90, 125, 255]), "translucent band decoded as \(translucent)")
    }

    /// The RGBA pixel at (x, y) of a decoded 64-pixel-wide image (empty if the image is smaller).
    static func pixel(_ rgba: Data, x: Int, y: Int) -> [Int] {
        let start = (y * 64 + x) * 4
        return rgba.count >= start + 4 ? rgba[start..<start + 4].map(Int.init) : []
    }

    /// Lossy codecs move colours a little; `tolerance` is per channel.
    static func near(_ pixel: [Int], _ expected: [Int], tolerance: Int = 6) -> Bool {
        pixel.count == expected.count && zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("writes a looping GIF with every frame and its transparency", .enabled(if: Tools.available, Tools.missing))
    func gif() throws {
        let path = scratch.path + "/clip.gif"
        try Self.encode(.gif, to: path, count: 5)
        let info = try Tools.probe(path)
        #expect(info["codec_name"] == "gif" && info["nb_read_frames"] == "5")
        #expect(info["width"] == "64" && info["height"] == "48")
        let rgba = try Tools.decodeRGBA(path)
        let corner = Self.pixel(rgba, x: 2, y: 2)
        let opaque = Self.pixel(rgba, x: 40, y: 10)
        let translucent = Self.pixel(rgba, x: 40, y: 40)
        #expect(corner.last == 0, "transparent corner decoded as \(corner)")
        #expect(Self.near(opaque, [200, 0, 30, 255]), "opaque band decoded as \(opaque)")
        // GIF has no partial alpha: alpha 128 is at the threshold and is kept, as opaque
        #expect(Self.near(translucent, [20, 180, 250, 255]), "translucent band decoded as \(translucent)")
    }

    @Test("resamples GIFs faster than 50 frames a second", .enabled(if: Tools.available, Tools.missing))
    func fastGIF() throws {
        let path = scratch.path + "/fast.gif"
        try Self.encode(.gif, to: path, count: 12, fps: 60)
        #expect(try Tools.probe(path)["nb_read_frames"] == "10")
    }

    @Test("a failing ffmpeg names the file and leaves nothing behind")
    func failingFFmpeg() throws {
        let folder = scratch.path
        let broken = try FFmpegLocateTests.script(
            in: folder, named: "broken-ffmpeg",
            body: "echo 'unknown encoder libx264' >&2\nexit 3")
        let error = #expect(throws: OutputError.self) {
            try Self.encode(.mp4, to: folder + "/clip.mp4", count: 40, ffmpeg: broken)
        }
        #expect(error?.description == "ffmpeg failed writing \(folder)/clip.mp4 (exit 3): unknown encoder libx264")
        #expect(try Tools.files(in: folder) == ["broken-ffmpeg"])
        let falseError = #expect(throws: OutputError.self) {
            try Self.encode(.gif, to: folder + "/clip.gif", count: 1, ffmpeg: "/bin/false")
        }
        #expect(falseError?.description == "ffmpeg failed writing \(folder)/clip.gif (exit 1): no log output")
    }

    @Test("abandon removes the partial file", .enabled(if: Tools.available, Tools.missing))
    func abandon() throws {
        let folder = scratch.path
        let encoder = try FFmpegEncoder(
            format: .mp4, path: folder + "/clip.mp4", width: 64, height: 48, fps: 25, ffmpegPath: Tools.ffmpeg!)
        try TestFrame.sample(index: 0).withView { view throws(OutputError) in try encoder.write(view, index: 0) }
        encoder.abandon()
        #expect(try Tools.files(in: folder).isEmpty)
    }

    @Test(
        "a file's hidden temporary is what a crash must remove, a stream has none; frames go in order",
        .enabled(if: Tools.available, Tools.missing))
    func unfinishedFiles() throws {
        let folder = scratch.path
        let file = try FFmpegEncoder(
            format: .mp4, path: folder + "/clip.mp4", width: 64, height: 48, fps: 25,
            ffmpegPath: Tools.ffmpeg!)
        try TestFrame.sample(index: 0).withView { view throws(OutputError) in try file.write(view, index: 0) }
        #expect(file.unfinishedFiles == [folder + "/.clip.mp4.partial-\(getpid()).mp4"] && file.concurrent == nil)
        file.abandon()
        let stream = try FFmpegEncoder(
            format: .y4m, stream: FileHandle.nullDevice, width: 64, height: 48, fps: 25,
            ffmpegPath: Tools.ffmpeg!)
        #expect(stream.unfinishedFiles.isEmpty && stream.concurrent == nil)
        stream.abandon()
    }

    @Test("two encoders open at once finish independently", .enabled(if: Tools.available, Tools.missing))
    func concurrentEncoders() throws {
        let folder = scratch.path
        let mp4 = try FFmpegEncoder(
            format: .mp4, path: folder + "/a.mp4", width: 64, height: 48, fps: 25, ffmpegPath: Tools.ffmpeg!)
        let gif = try FFmpegEncoder(
            format: .gif, path: folder + "/a.gif", width: 64, height: 48, fps: 25, ffmpegPath: Tools.ffmpeg!)
        try TestFrame.sample(index: 0).withView { view throws(OutputError) in
            try mp4.write(view, index: 0)
            try gif.write(view, index: 0)
        }
        try mp4.finish()
        try gif.finish()
        #expect(try Tools.files(in: folder) == ["a.gif", "a.mp4"])
    }

    @Test("refuses frames of another size and formats it does not write")
    func refusals() throws {
        let folder = scratch.path
        let png = #expect(throws: OutputError.self) {
            try FFmpegEncoder(
                format: .png, path: folder + "/x.png", width: 64, height: 48, fps: 25, ffmpegPath: "/bin/true")
        }
        #expect(
            png?.description
                == "\(folder)/x.png: png is written by PNGSequenceWriter, not ffmpeg; use one of mp4, webm, mov, gif, webp, apng, y4m here"
        )
        let encoder = try FFmpegEncoder(
            format: .gif, path: folder + "/x.gif", width: 32, height: 32, fps: 25, ffmpegPath: "/bin/cat")
        let size = #expect(throws: OutputError.self) {
            try TestFrame.sample(index: 0).withView { view throws(OutputError) in try encoder.write(view, index: 4) }
        }
        #expect(size?.description == "frame 4 is 64×48, but \(folder)/x.gif was opened for 32×32")
        encoder.abandon()
        #expect(try Tools.files(in: folder).isEmpty)
    }
}
