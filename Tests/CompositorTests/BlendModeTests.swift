import CAnimatorABI
import CCairo
import Compositor
import Foundation
import Scene
import Testing

/// Blend modes against W3C Compositing and Blending Level 1's formulas, computed here in double
/// precision: an image layer in each mode over an image backdrop, both opaque, their colours on a
/// 17-step grid of each channel, at full opacity and at 0.5; every pixel within a level.
@Suite struct BlendModeTests {
    /// 17 values from 0 to 255.
    static let steps = (0...16).map { UInt8((Double($0) * 255 / 16).rounded()) }
    static let side = 17 * 17

    /// The source's and the backdrop's colour at pixel (x, y): between them every pair of grid
    /// values meets in each channel, and the three channels vary independently.
    static func colours(_ x: Int, _ y: Int) -> (source: SIMD3<UInt8>, backdrop: SIMD3<UInt8>) {
        let s = steps
        return (SIMD3(s[x % 17], s[x / 17], s[y % 17]), SIMD3(s[y / 17], s[y % 17], s[(x + y) % 17]))
    }

    /// A PNG of the grid's source or backdrop colours, opaque.
    static func writeGrid(source: Bool, to path: String) {
        writePNG(width: side, height: side, to: path) { x, y in
            let pair = colours(x, y)
            let c = source ? pair.source : pair.backdrop
            return (c.z, c.y, c.x, 255)
        }
    }

    /// The mode's result for an opaque backdrop `b` under a source `s` of alpha `alpha`.
    static func expected(_ mode: BlendMode, _ b: SIMD3<Double>, _ s: SIMD3<Double>, alpha: Double) -> SIMD3<Double> {
        if mode == .add { return (b + alpha * s).clamped(lowerBound: .zero, upperBound: .one) }
        let mixed: SIMD3<Double>
        switch mode {
        case .hue: mixed = setLum(setSat(s, sat(b)), lum(b))
        case .saturation: mixed = setLum(setSat(b, sat(s)), lum(b))
        case .color: mixed = setLum(s, lum(b))
        case .luminosity: mixed = setLum(b, lum(s))
        default: mixed = SIMD3((0..<3).map { separable(mode, b[$0], s[$0]) })
        }
        return (1 - alpha) * b + alpha * mixed
    }

    static func separable(_ mode: BlendMode, _ b: Double, _ s: Double) -> Double {
        func hardLight(_ b: Double, _ s: Double) -> Double {
            s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
        }
        switch mode {
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return hardLight(s, b)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b == 0 ? 0 : s == 1 ? 1 : min(1, b / (1 - s))
        case .colorBurn: return b == 1 ? 1 : s == 0 ? 0 : 1 - min(1, (1 - b) / s)
        case .hardLight: return hardLight(b, s)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        default: return s
        }
    }

    static func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = lum(c)
        let n = c.min()
        let x = c.max()
        var c = c
        if n < 0 { c = l + (c - l) * l / (l - n) }
        if x > 1 { c = l + (c - l) * (1 - l) / (x - l) }
        return c
    }

    static func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> { clipColor(c + (l - lum(c))) }

    static func sat(_ c: SIMD3<Double>) -> Double { c.max() - c.min() }

    static func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let maximum = c.max()
        let minimum = c.min()
        guard maximum > minimum else { return .zero }
        return SIMD3(
            (0..<3).map { index in
                c[index] == maximum ? s : c[index] == minimum ? 0 : (c[index] - minimum) * s / (maximum - minimum)
            })
    }

    @Test(arguments: BlendMode.allCases, [1.0, 0.5]) func modeAgainstItsFormula(_ mode: BlendMode, opacity: Double)
        throws
    {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sourcePath = folder.appendingPathComponent("source.png").path
        let backdropPath = folder.appendingPathComponent("backdrop.png").path
        Self.writeGrid(source: true, to: sourcePath)
        Self.writeGrid(source: false, to: backdropPath)
        let images = SceneImages([
            sourcePath: try RasterImage.load(contentsOf: sourcePath),
            backdropPath: try RasterImage.load(contentsOf: backdropPath),
        ])
        let bounds = rect(0, 0, Double(Self.side), Double(Self.side))
        var top = LayerContent(image: ImageFile(path: sourcePath), gravity: .fill)
        top.blendMode = mode
        var source = layer(bounds)
        source.opacity = opacity
        let frame = render(
            [layer(bounds), source],
            [LayerContent(image: ImageFile(path: backdropPath), gravity: .fill), top], images: images,
            width: Self.side, height: Self.side)
        var worst = 0.0
        var at = (0, 0)
        for y in 0..<Self.side {
            for x in 0..<Self.side {
                let pair = Self.colours(x, y)
                let want =
                    Self.expected(
                        mode, SIMD3<Double>(pair.backdrop) / 255, SIMD3<Double>(pair.source) / 255, alpha: opacity)
                    * 255
                let p = frame.pixels + y * frame.stride + x * 4
                let got = SIMD3(Double(p[2]), Double(p[1]), Double(p[0]))
                let difference: SIMD3<Double> = got - want
                let off = max(abs(difference.x), abs(difference.y), abs(difference.z))
                if off > worst { (worst, at) = (off, (x, y)) }
            }
        }
        let pair = Self.colours(at.0, at.1)
        #expect(
            worst <= 1,
            "\(mode.rawValue) at opacity \(opacity): \(worst) levels from the formula at backdrop \(pair.backdrop), source \(pair.source)"
        )
    }

    /// A layer blends with what lies under it in its parent's group: a hue-blended square at
    /// opacity 0.5 inside a card at opacity 0.8 (a group of its own, placed away from the
    /// frame's corner), half over a stripe in the card, over a white canvas.
    @Test func aBlendedSublayerBlendsInsideItsParentsGroup() {
        let under = SIMD3<Double>(0, 191, 128) / 255
        let stripeColour = SIMD3<Double>(255, 64, 0) / 255
        let over = SIMD3<Double>(207, 207, 191) / 255
        func fill(_ c: SIMD3<Double>) -> Fill { .color(anim_color_t(r: c.x, g: c.y, b: c.z, a: 1)) }
        var card = layer(rect(10, 10, 40, 40))
        card.opacity = 0.8
        let stripe = layer(rect(5, 5, 10, 20))
        var square = layer(rect(5, 5, 20, 20))
        square.opacity = 0.5
        var squareContent = LayerContent(fill: fill(over))
        squareContent.blendMode = .hue
        let frame = FrameBuffer.blank(width: 64, height: 64)
        Compositor(
            canvas: Canvas(width: 64, height: 64, background: white),
            contents: [LayerContent(fill: fill(under)), LayerContent(fill: fill(stripeColour)), squareContent],
            tree: LayerTree(parents: [nil, 0, 0], ends: [3, 2, 3], masksToBounds: [false, false, false])
        ).render(
            [card, stripe, square], host: [HostLayerState(), HostLayerState(), HostLayerState()], replacing: [],
            into: frame)
        func pixel(_ x: Int, _ y: Int) -> SIMD3<Double> {
            let p = frame.pixels + y * frame.stride + x * 4
            return SIMD3(Double(p[2]), Double(p[1]), Double(p[0]))
        }
        func apart(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
            let d = a - b
            return max(abs(d.x), abs(d.y), abs(d.z))
        }
        let overStripe = (0.8 * Self.expected(.hue, stripeColour, over, alpha: 0.5) + 0.2 * .one) * 255
        let overCard = (0.8 * Self.expected(.hue, under, over, alpha: 0.5) + 0.2 * .one) * 255
        let outside = (0.8 * under + 0.2 * .one) * 255
        #expect(apart(pixel(16, 30), overStripe) <= 2, "\(pixel(16, 30)) against \(overStripe)")
        #expect(apart(pixel(33, 30), overCard) <= 2, "\(pixel(33, 30)) against \(overCard)")
        #expect(apart(pixel(45, 45), outside) <= 2, "\(pixel(45, 45)) against \(outside)")
    }
}
