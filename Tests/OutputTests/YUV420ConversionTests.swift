import CRaster
import Foundation
import Testing

@testable import Output

/// Frames converted to yuv420p here hold BT.709 in TV range as ffmpeg tags and decodes it: every
/// sample the exact value rounded, each chroma sample of a 2×2 block's mean, padding black.
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

    /// The exact Y, U and V planes of `frame` padded with black to `width`×`height`, in doubles:
    /// BT.709's luma and colour differences scaled to TV range, chroma of each 2×2 block's mean
    /// (a block at an odd edge: of the pixels it has).
    static func exactPlanes(of frame: TestFrame, width: Int, height: Int) -> [Double] {
        let (red, green, blue) = (0.2126, 0.7152, 0.0722)
        var rgb = [[Double]](repeating: [0, 0, 0], count: width * height)
        frame.withView { view in
            for y in 0..<view.height {
                for x in 0..<view.width {
                    let p = view.pixels + y * view.stride + x * 4
                    rgb[y * width + x] = [Double(p[2]), Double(p[1]), Double(p[0])]
                }
            }
        }
        var planes = rgb.map { 16 + 219 / 255 * (red * $0[0] + green * $0[1] + blue * $0[2]) }
        var (blues, reds) = ([Double](), [Double]())
        for by in 0..<(height + 1) / 2 {
            for bx in 0..<(width + 1) / 2 {
                let pixels = (2 * by..<min(2 * by + 2, height)).flatMap { y in
                    (2 * bx..<min(2 * bx + 2, width)).map { x in rgb[y * width + x] }
                }
                let mean = (0..<3).map { c in pixels.map { $0[c] }.reduce(0, +) / Double(pixels.count) }
                let luma = red * mean[0] + green * mean[1] + blue * mean[2]
                blues.append(128 + 224 / 255 * (mean[2] - luma) / 1.8556)
                reds.append(128 + 224 / 255 * (mean[0] - luma) / 1.5748)
            }
        }
        planes += blues + reds
        return planes
    }

    @Test(
        "holds BT.709 in TV range, each sample within 0.52 of exact, padding to even sizes with black",
        arguments: [
            (64, 48, 64, 48, 0), (63, 47, 64, 48, 0), (63, 47, 63, 47, 0), (64, 47, 64, 47, 0), (66, 2, 66, 2, 24),
            (3, 1, 4, 2, 0), (1, 1, 1, 1, 0), (37, 5, 37, 5, 12), (1920, 8, 1920, 8, 0),
        ])
    func exact(width: Int, height: Int, outWidth: Int, outHeight: Int, rowPadding: Int) throws {
        let frame = Self.noise(width: width, height: height, stride: width * 4 + rowPadding)
        let converter = try YUV420Converter(frameWidth: width, frameHeight: height, width: outWidth, height: outHeight)
        let converted = frame.withView { Array(converter.convert($0)) }
        let chroma = (outWidth + 1) / 2 * ((outHeight + 1) / 2)
        #expect(converted.count == outWidth * outHeight + 2 * chroma && converted.count == converter.frameBytes)
        let exact = Self.exactPlanes(of: frame, width: outWidth, height: outHeight)
        let worst = zip(converted, exact).enumerated().max {
            abs(Double($0.1.0) - $0.1.1) < abs(Double($1.1.0) - $1.1.1)
        }
        let error = worst.map { abs(Double($0.element.0) - $0.element.1) } ?? 0
        #expect(error <= 0.52, "byte \(worst?.offset ?? -1): \(worst?.element.0 ?? 0) against \(worst?.element.1 ?? 0)")
    }

    @Test("greys have no colour and black stays TV black, whatever the alpha")
    func greys() throws {
        let frame = TestFrame(width: 40, height: 6)
        for x in 0..<40 {
            for y in 0..<6 {
                frame.setPremultiplied(x: x, y: y, b: UInt8(x * 6), g: UInt8(x * 6), r: UInt8(x * 6), a: 255)
            }
        }
        frame.setPremultiplied(x: 0, y: 0, b: 0, g: 0, r: 0, a: 0)
        let converter = try YUV420Converter(frameWidth: 40, frameHeight: 6, width: 40, height: 6)
        let converted = frame.withView { Array(converter.convert($0)) }
        #expect(converted[240...].allSatisfy { $0 == 128 })
        #expect(converted[0] == 16 && converted[39] == UInt8((16 + 219.0 / 255 * 234).rounded()))
    }

    @Test("luma is ffmpeg's own conversion's within one level, chroma close on a smooth picture")
    func closeToFFmpeg() throws {
        let (width, height) = (320, 180)
        let frame = TestFrame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                frame.setPremultiplied(
                    x: x, y: y, b: UInt8(x * 255 / width), g: UInt8(y * 255 / height), r: 200, a: 255)
            }
        }
        frame.fill(x: 100..<220, y: 60..<120, r: 250, g: 40, b: 30, a: 255)
        let converter = try YUV420Converter(frameWidth: width, frameHeight: height, width: width, height: height)
        let converted = frame.withView { Array(converter.convert($0)) }
        let expected = Array(try ffmpegConversion(of: frame, to: width, height))
        #expect(converted.count == expected.count)
        let luma = zip(converted, expected).prefix(width * height).map { abs(Int($0) - Int($1)) }.max() ?? 99
        #expect(luma <= 1)
        let chroma = zip(converted, expected).dropFirst(width * height).map { Double(Int($0) - Int($1)) }
        let meanSquare = chroma.map { $0 * $0 }.reduce(0, +) / Double(chroma.count)
        #expect(10 * log10(255 * 255 / max(meanSquare, 1e-9)) >= 40, "chroma mean square difference \(meanSquare)")
    }

    @Test("converts each frame afresh: a converter's earlier frames leave no trace")
    func independentFrames() throws {
        let converter = try YUV420Converter(frameWidth: 63, frameHeight: 47, width: 64, height: 48)
        let fresh = try YUV420Converter(frameWidth: 63, frameHeight: 47, width: 64, height: 48)
        let (first, second) = (Self.noise(width: 63, height: 47, seed: 1), Self.noise(width: 63, height: 47, seed: 2))
        _ = first.withView { converter.convert($0) }
        let again = second.withView { Data(converter.convert($0)) }
        #expect(again == second.withView { Data(fresh.convert($0)) })
    }

    /// The plain loop, SSE2 and AVX2 (where the CPU has it) at widths around their steps (16 and
    /// 32 pixels, 8 blocks), with padding, odd sizes and rows apart.
    @Test(
        "every path gives the same bytes",
        arguments: [
            (1, 1, 1, 1, 0), (31, 3, 31, 3, 0), (33, 5, 34, 6, 8), (64, 4, 64, 4, 0), (95, 7, 96, 8, 4),
            (130, 9, 131, 9, 0), (1920, 4, 1920, 4, 0), (1279, 3, 1280, 4, 12),
        ])
    func samePathBytes(width: Int, height: Int, outWidth: Int, outHeight: Int, rowPadding: Int) {
        let frame = Self.noise(width: width, height: height, stride: 4 * width + rowPadding, seed: UInt64(width))
        let chroma = (outWidth + 1) / 2 * ((outHeight + 1) / 2)
        let planes = (0...2).map { path in
            var out = [UInt8](repeating: 0, count: outWidth * outHeight + 2 * chroma)
            frame.withView { view in
                out.withUnsafeMutableBufferPointer { planes in
                    let y = planes.baseAddress!
                    raster_bgra_to_yuv420_on(
                        Int32(path), view.pixels, UInt32(view.stride), UInt32(width), UInt32(height), y,
                        UInt32(outWidth), y + outWidth * outHeight, y + outWidth * outHeight + chroma,
                        UInt32((outWidth + 1) / 2), UInt32(outWidth), UInt32(outHeight))
                }
            }
            return out
        }
        #expect(planes[1] == planes[0], "SSE2 differs from the plain loop")
        #expect(planes[2] == planes[0], "AVX2 differs from the plain loop")
    }

    @Test("refuses a converted size smaller than the frame")
    func refusesSmallerSize() {
        #expect(throws: OutputError.self) {
            try YUV420Converter(frameWidth: 64, frameHeight: 48, width: 63, height: 48)
        }
    }
}
