import Foundation
import Scene
import Testing

@testable import Output

/// MP4, opaque WebM and Y4M get their frames as yuv420p converted here, a third of the bytes of
/// BGRA, and the videos decode to exactly the frames they had when ffmpeg converted BGRA itself.
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

    /// The command line that fed `command` BGRA frames from `file` through ffmpeg's own
    /// conversion: `-pix_fmt bgra` at the frame size, and `pad` (for H.264's even sizes),
    /// `scale` and `format` before the colour tags.
    static func bgraArguments(of command: FFmpegCommand, reading file: String) -> [String] {
        var arguments = command.arguments
        let size = arguments.firstIndex(of: "-s")!
        arguments[size - 1] = "bgra"
        arguments[size + 1] = "\(command.width)x\(command.height)"
        arguments[arguments.firstIndex(of: "-i")! + 1] = file
        guard case .yuv420p(let width, let height) = command.input else { return arguments }
        let pad = width == command.width && height == command.height ? "" : "pad=\(width):\(height),"
        arguments[arguments.firstIndex(of: "-vf")! + 1] = pad + YUV420ConversionTests.bgraFilter
        return arguments
    }

    /// Every frame of `video` as rgb24.
    static func decoded(_ video: String) throws -> Data {
        try Tools.run(Tools.ffmpeg!, ["-v", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).output
    }

    @Test(
        "the pipe carries yuv420p and the video decodes as it did from BGRA",
        arguments: [
            (OutputFormat.mp4, 64, 48, "-pix_fmt yuv420p -s 64x48"), (.mp4, 63, 47, "-pix_fmt yuv420p -s 64x48"),
            (.webm, 64, 47, "-pix_fmt yuv420p -s 64x47"), (.y4m, 64, 48, "-pix_fmt yuv420p -s 64x48"),
            (.y4m, 63, 48, "-pix_fmt bgra -s 63x48"),
        ])
    func sameVideo(format: OutputFormat, width: Int, height: Int, input: String) throws {
        let (path, reference) = (scratch.path + "/clip." + format.rawValue, scratch.path + "/bgra." + format.rawValue)
        let encoder = try FFmpegEncoder(
            format: format, path: path, width: width, height: height, fps: 25, ffmpegPath: try loggingFFmpeg())
        var frames = Data()
        for index in 0..<6 {
            let frame =
                index % 2 == 0
                ? TestFrame.sample(index: index, width: width, height: height)
                : YUV420ConversionTests.noise(width: width, height: height, seed: UInt64(index))
            try frame.withView { view throws(OutputError) in try encoder.write(view, index: index) }
            frames.append(YUV420ConversionTests.packedBGRA(frame))
        }
        try encoder.finish()
        let log = try String(contentsOfFile: argumentLog, encoding: .utf8)
        #expect(log.contains("-f rawvideo \(input) -framerate"), "\(log)")

        let file = scratch.path + "/frames.bgra"
        try frames.write(to: URL(fileURLWithPath: file))
        let command = FFmpegCommand(
            format: format, width: width, height: height, fps: 25, quality: .standard, keepsAlpha: false,
            output: reference)
        #expect(try Tools.run(Tools.ffmpeg!, Self.bgraArguments(of: command, reading: file)).status == 0)
        let (video, expected) = (try Self.decoded(path), try Self.decoded(reference))
        // Compared as booleans: a failed `==` on Data would have the test library diff the bytes.
        let sameFrames = !video.isEmpty && video == expected
        #expect(sameFrames, "decoded \(video.count) bytes, \(expected.count) from BGRA")
        let sameFile = FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: reference)
        #expect(sameFile)
    }
}
