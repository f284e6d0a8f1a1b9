import CRaster
import Scene
import TestSupport
import Testing

/// CRaster's blend kernels (raster_blend) against W3C Compositing and Blending Level 1's
/// formulas, computed here in double precision on premultiplied pixels: every channel within
/// 0.51 of a level of the formula (blend.h's bound; a level is what the compositor allows), for
/// opaque colours on a 17-step grid at full opacity and at 0.5 and for random translucent pixels;
/// results premultiplied-valid; transparent source pixels leaving the backdrop as it was; every
/// path the same bytes.
@Suite struct BlendKernelTests {
    /// How far from the formula, in levels, a channel may be.
    static let tolerance = 0.51

    /// 17 values from 0 to 255.
    static let steps = (0...16).map { UInt32((Double($0) * 255 / 16).rounded()) }

    /// The kernel's mode for a BlendMode: the two list the modes in the same order.
    static func kernelMode(_ mode: BlendMode) -> raster_blend_mode {
        raster_blend_mode(rawValue: UInt32(BlendMode.allCases.firstIndex(of: mode)!))
    }

    static func word(_ blue: UInt32, _ green: UInt32, _ red: UInt32, _ alpha: UInt32) -> UInt32 {
        blue | green << 8 | red << 16 | alpha << 24
    }

    /// A random premultiplied pixel: an eighth opaque, an eighth transparent, the rest of any alpha.
    static func randomPixel(_ random: inout SeededGenerator) -> UInt32 {
        let pick = random.next() % 8
        let alpha = pick == 0 ? 255 : pick == 1 ? 0 : UInt32(random.next() % 256)
        let channel = { (random: inout SeededGenerator) in UInt32(random.next() % UInt64(alpha + 1)) }
        return word(channel(&random), channel(&random), channel(&random), alpha)
    }

    /// Runs the kernel over `source` onto `backdrop` (rows of `width` words) on `path`, at the
    /// widest the CPU has unless told.
    static func blend(
        _ source: [UInt32], onto backdrop: [UInt32], width: Int, mode: BlendMode, opacity: Double, path: Int32 = 3
    ) -> [UInt32] {
        var out = backdrop
        let rows = UInt32(source.count / width)
        let stride = UInt32(4 * width)
        source.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                raster_blend_on(
                    path, dst.baseAddress!.assumingMemoryBound(to: UInt8.self), stride,
                    src.baseAddress!.assumingMemoryBound(to: UInt8.self), stride, UInt32(width), rows,
                    kernelMode(mode), opacity)
            }
        }
        return out
    }

    // MARK: The formulas in double precision (BlendModeTests' functions of the colours)

    /// Colours as red, green, blue.
    typealias RGB = SIMD3<Double>

    /// The mode's result for premultiplied words `s` (before the opacity) over `d`, in levels, as
    /// blue, green, red, alpha, unrounded.
    static func expected(_ mode: BlendMode, _ s: UInt32, _ d: UInt32, opacity: Double) -> [Double] {
        func unit(_ w: UInt32, _ shift: UInt32) -> Double { Double(w >> shift & 255) / 255 }
        let alphaS = unit(s, 24) * opacity
        let alphaB = unit(d, 24)
        let cs = RGB(unit(s, 16), unit(s, 8), unit(s, 0)) * opacity
        let cb = RGB(unit(d, 16), unit(d, 8), unit(d, 0))
        let out: RGB
        let alpha: Double
        if mode == .add {
            out = (cs + cb).clamped(lowerBound: .zero, upperBound: .one)
            alpha = min(1, alphaS + alphaB)
        } else {
            let us = alphaS > 0 ? cs / alphaS : .zero
            let ub = alphaB > 0 ? cb / alphaB : .zero
            let f = BlendModeTests.self
            let mixed: RGB
            switch mode {
            case .hue: mixed = f.setLum(f.setSat(us, f.sat(ub)), f.lum(ub))
            case .saturation: mixed = f.setLum(f.setSat(ub, f.sat(us)), f.lum(ub))
            case .color: mixed = f.setLum(us, f.lum(ub))
            case .luminosity: mixed = f.setLum(ub, f.lum(us))
            default: mixed = RGB((0..<3).map { f.separable(mode, ub[$0], us[$0]) })
            }
            out = cs * (1 - alphaB) + cb * (1 - alphaS) + alphaS * alphaB * mixed
            alpha = alphaS + alphaB * (1 - alphaS)
        }
        return [out.z * 255, out.y * 255, out.x * 255, alpha * 255]
    }

    /// The largest distance in levels of any channel of `got` from the formula, and where.
    static func worst(
        _ mode: BlendMode, source: [UInt32], backdrop: [UInt32], got: [UInt32], opacity: Double
    ) -> (levels: Double, source: UInt32, backdrop: UInt32) {
        var worst = (levels: 0.0, source: UInt32(0), backdrop: UInt32(0))
        for index in source.indices {
            let want = expected(mode, source[index], backdrop[index], opacity: opacity)
            for channel in 0..<4 {
                let off = abs(Double(got[index] >> UInt32(8 * channel) & 255) - want[channel])
                if off > worst.levels { worst = (off, source[index], backdrop[index]) }
            }
        }
        return worst
    }

    static func isPremultiplied(_ pixel: UInt32) -> Bool {
        let alpha = pixel >> 24
        return pixel & 255 <= alpha && pixel >> 8 & 255 <= alpha && pixel >> 16 & 255 <= alpha
    }

    // MARK: Tests

    /// Opaque colours on the grid: 17 rows of 289 pixels, so that every pair of grid values meets
    /// in each channel (red: the source's x % 17 with the backdrop's x / 17; green: x / 17 with
    /// y; blue: y with x % 17) while the three channels vary independently.
    @Test(arguments: BlendMode.allCases, [1.0, 0.5]) func opaqueGridWithinALevel(_ mode: BlendMode, opacity: Double) {
        let s = Self.steps
        var source: [UInt32] = []
        var backdrop: [UInt32] = []
        for y in 0..<17 {
            for x in 0..<289 {
                source.append(Self.word(s[y], s[x / 17], s[x % 17], 255))
                backdrop.append(Self.word(s[x % 17], s[y], s[x / 17], 255))
            }
        }
        let got = Self.blend(source, onto: backdrop, width: 289, mode: mode, opacity: opacity)
        let worst = Self.worst(mode, source: source, backdrop: backdrop, got: got, opacity: opacity)
        #expect(
            worst.levels <= Self.tolerance,
            "\(mode.rawValue) at opacity \(opacity): \(worst.levels) levels from the formula at source \(String(worst.source, radix: 16)), backdrop \(String(worst.backdrop, radix: 16))"
        )
        #expect(got.allSatisfy { $0 >> 24 == 255 }, "opaque over opaque stays opaque")
    }

    /// Random premultiplied sources and backdrops of every alpha, at three opacities.
    @Test(arguments: BlendMode.allCases) func translucentPixelsWithinALevel(_ mode: BlendMode) {
        var random = SeededGenerator(seed: 41 + UInt64(BlendMode.allCases.firstIndex(of: mode)!))
        for opacity in [1.0, 0.5, 0.3] {
            let source = (0..<4096).map { _ in Self.randomPixel(&random) }
            let backdrop = (0..<4096).map { _ in Self.randomPixel(&random) }
            let got = Self.blend(source, onto: backdrop, width: 64, mode: mode, opacity: opacity)
            let worst = Self.worst(mode, source: source, backdrop: backdrop, got: got, opacity: opacity)
            #expect(
                worst.levels <= Self.tolerance,
                "\(mode.rawValue) at opacity \(opacity): \(worst.levels) levels from the formula at source \(String(worst.source, radix: 16)), backdrop \(String(worst.backdrop, radix: 16))"
            )
            #expect(got.allSatisfy(Self.isPremultiplied), "\(mode.rawValue): every result premultiplied")
        }
    }

    /// Transparent source pixels, with colour bytes of zero or not, leave any backdrop word as it
    /// was, on every path; so does an opacity of 0.
    @Test(arguments: BlendMode.allCases) func transparentSourceLeavesTheBackdrop(_ mode: BlendMode) {
        var random = SeededGenerator(seed: 7)
        let width = 19
        let backdrop = (0..<(width * 5)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        let clear = (0..<(width * 5)).map { index in
            index % 2 == 0 ? 0 : UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF
        }
        for path: Int32 in 0...3 {
            #expect(Self.blend(clear, onto: backdrop, width: width, mode: mode, opacity: 1, path: path) == backdrop)
        }
        let mixed = (0..<(width * 5)).map { _ in Self.randomPixel(&random) }
        #expect(Self.blend(mixed, onto: backdrop, width: width, mode: mode, opacity: 0) == backdrop)
    }

    /// One pixel at a time, four, AVX2's eight and AVX-512's sixteen (where the CPU has them) at
    /// widths around those steps, with rows padded apart, on runs of 16 pixels (aligned to every
    /// step) that are any bytes, premultiplied or not, opaque in both images, transparent in the
    /// source, premultiplied of any alpha, or of any alpha over a backdrop opaque but in the
    /// run's last pixel (so that a pixel over an opaque backdrop is blended in a vector whose
    /// backdrop is all opaque by one path and not by another): the same bytes, premultiplied-valid wherever the
    /// source is not transparent (where it is, the backdrop stays as it was), and the padding
    /// untouched.
    @Test(arguments: BlendMode.allCases) func everyPathGivesTheSameBytes(_ mode: BlendMode) {
        var random = SeededGenerator(seed: 1 + UInt64(BlendMode.allCases.firstIndex(of: mode)!))
        for (width, height) in [(1, 3), (3, 2), (8, 2), (17, 5), (33, 4), (70, 4)] {
            let (sourceStride, backdropStride) = (4 * width + 12, 4 * width + 20)
            var source = (0..<(sourceStride * height)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var backdrop = (0..<(backdropStride * height)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            func put(_ pixel: UInt32, _ image: inout [UInt8], at offset: Int) {
                for channel in 0..<4 { image[offset + channel] = UInt8(pixel >> UInt32(8 * channel) & 255) }
            }
            for y in 0..<height {
                for x in 0..<width {
                    let (from, to) = (y * sourceStride + 4 * x, y * backdropStride + 4 * x)
                    switch (x / 16 + y) % 5 {
                    case 1:
                        put(UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000, &source, at: from)
                        put(UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000, &backdrop, at: to)
                    case 2:
                        source[from + 3] = 0
                    case 3:
                        put(Self.randomPixel(&random), &source, at: from)
                        put(Self.randomPixel(&random), &backdrop, at: to)
                    case 4:
                        put(Self.randomPixel(&random), &source, at: from)
                        let opaque: UInt32 = x % 16 == 15 ? 0 : 0xFF00_0000
                        put(Self.randomPixel(&random) | opaque, &backdrop, at: to)
                    default:
                        break
                    }
                }
            }
            for opacity in [1.0, 0.6] {
                let outs = (0...3).map { (path: Int32) -> [UInt8] in
                    var out = backdrop
                    source.withUnsafeBufferPointer { src in
                        out.withUnsafeMutableBufferPointer { dst in
                            raster_blend_on(
                                path, dst.baseAddress!, UInt32(backdropStride), src.baseAddress!,
                                UInt32(sourceStride), UInt32(width), UInt32(height), Self.kernelMode(mode), opacity)
                        }
                    }
                    return out
                }
                for (path, name) in [(1, "four"), (2, "AVX2"), (3, "AVX-512")] {
                    let first = outs[0].indices.first { outs[path][$0] != outs[0][$0] }
                    #expect(
                        first == nil,
                        "\(mode.rawValue), \(width) wide, opacity \(opacity): \(name) differs from one at a time at byte \(first ?? 0)"
                    )
                }
                for y in 0..<height {
                    let row = y * backdropStride
                    #expect(
                        outs[0][row + 4 * width..<row + backdropStride]
                            == backdrop[row + 4 * width..<row + backdropStride])
                    for x in 0..<width where source[y * sourceStride + 4 * x + 3] != 0 {
                        let p = outs[0].withUnsafeBytes {
                            $0.loadUnaligned(fromByteOffset: row + 4 * x, as: UInt32.self)
                        }
                        #expect(
                            Self.isPremultiplied(p), "\(mode.rawValue): \(String(p, radix: 16)) is not premultiplied")
                    }
                }
            }
        }
    }
}
