import Foundation
import Scene
import Testing

@testable import Output

/// MP4, opaque WebM and Y4M get their frames as yuv420p converted here, a third of the bytes of
/// BGRA, and the files are the ones ffmpeg writes from those converted frames.
@Suite("yuv420p on ffmpeg's input", .enabled(if: Tools.available, Tools.missing))
final class YUV420PipeTests {
    private let scratch: ScratchFolder
    init() throws { scratch = try ScratchFolder() }

    private var argumentLog: String { scratch.path + "/arguments.log" }

    /// An ffmpeg that appends its arguments to `argumentLog`, then is the real one.
    private func loggingFFmpeg() throws -> String {
        try FFmpegLocateTests.script(
            in: scratch.path, named: "ffmpeg", body: "echo \"$*\" >> '\(argumentLog)'\nexec '\(Tools.ffmpeg!)' \"$@\"")
    }

    /// Every frame of `video` as rgb24.
    static func decoded(_ video: String) throws -> Data {
        try Tools.run(Tools.ffmpeg!, ["-v", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).output
    }

    @Test(
        "the pipe carries yuv420p at an even size for H.264, and the file is ffmpeg's from the converted frames",
        arguments: [
            (OutputFormat.mp4, 64, 48, "-pix_fmt yuv420p -s 64x48"), (.mp4, 63, 47, "-pix_fmt yuv420p -s 64x48"),
            (.webm, 64, 47, "-pix_fmt yuv420p -s 64x47"), (.y4m, 64, 48, "-pix_fmt yuv420p -s 64x48"),
            (.y4m, 63, 47, "-pix_fmt yuv420p -s 63x47"),
        ])
    func sameVideo(format: OutputFormat, width: Int, height: Int, input: String) throws {
        let (path, reference) = (scratch.path + "/clip." + format.rawValue, scratch.path + "/yuv." + format.rawValue)
        let encoder = try FFmpegEncoder(
            format: format, path: path, width: width, height: height, fps: 25, ffmpegPath: try loggingFFmpeg())
        let command = FFmpegCommand(
            format: format, width: width, height: height, fps: 25, quality: .standard, keepsAlpha: false,
            output: reference)
        guard case .yuv420p(let paddedWidth, let paddedHeight) = command.input else {
            Issue.record("\(format) at \(width)×\(height) is not fed yuv420p")
            return
        }
        let converter = try YUV420Converter(
            frameWidth: width, frameHeight: height, width: paddedWidth, height: paddedHeight)
        var frames = Data()
        for index in 0..<6 {
            let frame =
                index % 2 == 0
                ? TestFrame.sample(index: index, width: width, height: height)
                : YUV420ConversionTests.noise(width: width, height: height, seed: UInt64(index))
            try frame.withView { view throws(OutputError) in try encoder.write(view, index: index) }
            frame.withView { frames.append(Data(converter.convert($0))) }
        }
        try encoder.finish()
        let log = try String(contentsOfFile: argumentLog, encoding: .utf8)
        #expect(log.contains("-f rawvideo \(input) -framerate"), "\(log)")

        let file = scratch.path + "/frames.yuv"
        try frames.write(to: URL(fileURLWithPath: file))
        var arguments = command.arguments
        arguments[arguments.firstIndex(of: "-i")! + 1] = file
        #expect(try Tools.run(Tools.ffmpeg!, arguments).status == 0)
        let (video, expected) = (try Self.decoded(path), try Self.decoded(reference))
        // Compared as booleans: a failed `==` on Data would have the test library diff the bytes.
        let sameFrames = !video.isEmpty && video == expected
        #expect(sameFrames, "decoded \(video.count) bytes, \(expected.count) from the converted frames")
        let sameFile = FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: reference)
        #expect(sameFile)
    }
}
