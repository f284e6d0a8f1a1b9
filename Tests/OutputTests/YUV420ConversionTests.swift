import Foundation
import Testing

@testable import Output

/// Frames converted to yuv420p here are byte for byte what ffmpeg's own filter made of them
/// when it was fed BGRA.
@Suite("Converting frames to yuv420p", .enabled(if: Tools.available, Tools.missing))
final class YUV420ConversionTests {
    private let scratch: ScratchFolder
    init() throws { scratch = try ScratchFolder() }

    /// Pseudo-random premultiplied pixels (every colour at most its alpha), the same for a seed.
    static func noise(width: Int, height: Int, stride: Int? = nil, seed: UInt64 = 1) -> TestFrame {
        let frame = TestFrame(width: width, height: height, stride: stride)
        var state = seed
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for y in 0..<height {
            for x in 0..<width {
                let a = next() < 64 ? next() : 255
                let colour = { UInt8(Int(next()) * Int(a) / 255) }
                frame.setPremultiplied(x: x, y: y, b: colour(), g: colour(), r: colour(), a: a)
            }
        }
        return frame
    }

    /// The frame's pixels without row padding.
    static func packedBGRA(_ frame: TestFrame) -> Data {
        frame.withView { view in
            var data = Data()
            for row in 0..<view.height {
                data.append(view.pixels + row * view.stride, count: view.width * 4)
            }
            return data
        }
    }

    /// What ffmpeg makes of `frame` with the filter it was given for BGRA frames, `pad` first
    /// where H.264 needs even sizes.
    func ffmpegConversion(of frame: TestFrame, to width: Int, _ height: Int) throws -> Data {
        let input = scratch.path + "/frame.bgra"
        try Self.packedBGRA(frame).write(to: URL(fileURLWithPath: input))
        let pad = width == frame.width && height == frame.height ? "" : "pad=\(width):\(height),"
        return try Tools.run(
            Tools.ffmpeg!,
            [
                "-v", "error", "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(frame.width)x\(frame.height)",
                "-i", input, "-vf", pad + Self.bgraFilter, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-",
            ]
        ).output
    }

    /// The filter ffmpeg converts BGRA frames with (`FFmpegCommand` for `.premultipliedBGRA`).
    static let bgraFilter =
        "scale=out_color_matrix=bt709,format=yuv420p,"
        + "setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv"

    @Test(
        "gives the bytes ffmpeg's scale filter gives, padding to even sizes as its pad filter does, on any threads",
        arguments: [
            (64, 48, 64, 48, 0), (63, 47, 64, 48, 0), (64, 47, 64, 47, 0), (66, 2, 66, 2, 24), (3, 1, 4, 2, 0),
            (1920, 1080, 1920, 1080, 0),
        ])
    func sameAsFFmpeg(width: Int, height: Int, outWidth: Int, outHeight: Int, rowPadding: Int) throws {
        let frame = Self.noise(width: width, height: height, stride: width * 4 + rowPadding)
        let expected = try ffmpegConversion(of: frame, to: outWidth, outHeight)
        let chroma = (outWidth + 1) / 2 * ((outHeight + 1) / 2)
        for threads in [1, 2, 3] {
            let converter = try YUV420Converter(
                frameWidth: width, frameHeight: height, width: outWidth, height: outHeight, threads: threads)
            let converted = try #require(frame.withView { converter.convert($0).map { Data($0) } })
            #expect(converted.count == outWidth * outHeight + 2 * chroma && converted.count == converter.frameBytes)
            // Compared as a boolean: a failed `==` on megabytes would have the test library diff them.
            let same = converted == expected
            let difference = same ? nil : zip(converted, expected).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(
                same,
                "\(threads) threads: \(expected.count) bytes from ffmpeg; first difference at \(difference?.offset ?? -1)"
            )
        }
    }

    @Test("converts each frame afresh: a converter's earlier frames leave no trace")
    func independentFrames() throws {
        let converter = try YUV420Converter(frameWidth: 63, frameHeight: 47, width: 64, height: 48)
        let fresh = try YUV420Converter(frameWidth: 63, frameHeight: 47, width: 64, height: 48)
        let (first, second) = (Self.noise(width: 63, height: 47, seed: 1), Self.noise(width: 63, height: 47, seed: 2))
        _ = first.withView { converter.convert($0) }
        let again = try #require(second.withView { converter.convert($0).map { Data($0) } })
        #expect(again == second.withView { fresh.convert($0).map { Data($0) } })
    }
}
