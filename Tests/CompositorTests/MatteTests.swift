import CAnimatorABI
import CCairo
import CRaster
import Compositor
import Foundation
import Scene
import Testing

/// Track mattes against their definition, computed here in double precision: a coloured layer
/// seen through an image whose pixels take every pair of 17 levels of red and green, and of blue
/// and alpha, over a coloured backdrop; every pixel within a level (a level and a half for
/// luminance), in each mode, at opacity 1 and 0.5. Then where the matte layer is drawn, where it is not, and where it lies.
@Suite struct MatteTests {
    static let steps = (0...16).map { UInt8((Double($0) * 255 / 16).rounded()) }
    static let side = 17 * 17
    static let backdrop = SIMD3<Double>(20, 120, 200) / 255
    static let colour = SIMD3<Double>(230, 40, 90) / 255

    /// The matte image's colour (unpremultiplied) and alpha at pixel (x, y).
    static func matte(_ x: Int, _ y: Int) -> (colour: SIMD3<Double>, alpha: Double) {
        let s = steps
        return (SIMD3(Double(s[x % 17]), Double(s[x / 17]), Double(s[y % 17])) / 255, Double(s[y / 17]) / 255)
    }

    /// The fraction of the matted layer the mode keeps at a matte pixel: luminance from the
    /// colour premultiplied by alpha as 8-bit pixels hold it (Chromium's and Cairo's images).
    static func kept(_ mode: MatteMode, _ pixel: (colour: SIMD3<Double>, alpha: Double)) -> Double {
        let c = (pixel.colour * pixel.alpha * 255).rounded(.toNearestOrEven) / 255
        let luma = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
        switch mode {
        case .alpha: return pixel.alpha
        case .alphaInverted: return 1 - pixel.alpha
        case .luma: return luma
        case .lumaInverted: return 1 - luma
        }
    }

    static func writeMatte(to path: String) {
        writePNG(width: side, height: side, to: path) { x, y in
            let pixel = matte(x, y)
            let premultiplied = (pixel.colour * pixel.alpha * 255).rounded(.toNearestOrAwayFromZero)
            return (
                UInt8(premultiplied.z), UInt8(premultiplied.y), UInt8(premultiplied.x),
                UInt8((pixel.alpha * 255).rounded())
            )
        }
    }

    static func fill(_ c: SIMD3<Double>) -> Fill { .color(anim_color_t(r: c.x, g: c.y, b: c.z, a: 1)) }

    /// The backdrop, the matted layer and the matte image over the whole canvas, drawn.
    /// The matted layer is a fill, or an image of the same colour (painted straight through the
    /// matte's coverage where the mode allows).
    static func renderMatted(
        _ mode: MatteMode, opacity: Double = 1, showsMatte: Bool = false, hideMatte: Bool = false,
        image shownImage: Bool = false
    ) throws -> FrameBuffer {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("matte.png").path
        writeMatte(to: path)
        let colourPath = folder.appendingPathComponent("colour.png").path
        writePNG(
            width: 8, height: 8, to: colourPath,
            rects: [(rect(0, 0, 8, 8), anim_color_t(r: colour.x, g: colour.y, b: colour.z, a: 1))])
        let image = try decodedImage(path)
        let colourImage = ImageFile(path: colourPath)
        let bounds = rect(0, 0, Double(side), Double(side))
        var matted =
            shownImage ? LayerContent(image: colourImage, gravity: .fill) : LayerContent(fill: fill(colour))
        matted.matte = LayerMatte(layer: 2, mode: mode, showsMatte: showsMatte)
        var shown = layer(bounds)
        shown.opacity = opacity
        var matteLayer = layer(bounds)
        matteLayer.hidden = hideMatte ? 1 : 0
        return render(
            [layer(bounds), shown, matteLayer],
            [LayerContent(fill: fill(backdrop)), matted, LayerContent(image: image.file, gravity: .fill)],
            images: SceneImages([
                path: try RasterImage.load(contentsOf: path), colourPath: try RasterImage.load(contentsOf: colourPath),
            ]),
            width: side, height: side)
    }

    static func pixel(_ frame: FrameBuffer, _ x: Int, _ y: Int) -> SIMD3<Double> {
        let p = frame.pixels + y * frame.stride + x * 4
        return SIMD3(Double(p[2]), Double(p[1]), Double(p[0]))
    }

    static func apart(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return max(abs(d.x), abs(d.y), abs(d.z))
    }

    @Test(arguments: MatteMode.allCases, [1.0, 0.5]) func modeAgainstItsDefinition(_ mode: MatteMode, opacity: Double)
        throws
    {
        try expectDefinition(mode, opacity: opacity, image: false)
    }

    @Test(arguments: MatteMode.allCases, [1.0, 0.5]) func anImageThroughAMatte(_ mode: MatteMode, opacity: Double)
        throws
    {
        try expectDefinition(mode, opacity: opacity, image: true)
    }

    func expectDefinition(_ mode: MatteMode, opacity: Double, image: Bool) throws {
        let frame = try Self.renderMatted(mode, opacity: opacity, image: image)
        var worst = 0.0
        var at = (0, 0)
        for y in 0..<Self.side {
            for x in 0..<Self.side {
                let k = Self.kept(mode, Self.matte(x, y)) * opacity
                let want = ((1 - k) * Self.backdrop + k * Self.colour) * 255
                let off = Self.apart(Self.pixel(frame, x, y), want)
                if off > worst { (worst, at) = (off, (x, y)) }
            }
        }
        let pixel = Self.matte(at.0, at.1)
        // Luminance is a sum of three rounded channels, itself rounded to the 8-bit coverage a
        // mask holds before the colour is scaled by it and laid over: half a level more.
        #expect(
            worst <= (mode.readsLuma ? 1.5 : 1),
            "\(image ? "an image" : "a fill") in \(mode.rawValue) at opacity \(opacity): \(worst) levels off at matte \(pixel.colour * 255), alpha \(pixel.alpha)"
        )
    }

    /// The matte layer is drawn only to make the matte, even when hidden, unless the matted
    /// layer shows it: then the matte image lies over the matted layer.
    @Test func theMatteLayerIsDrawnOnlyWhenShown() throws {
        let opaqueWhite = (x: 16 + 17 * 16, y: 16 * 17 + 16)
        let hidden = try Self.renderMatted(.alpha, hideMatte: true)
        let kept = Self.pixel(hidden, opaqueWhite.x, opaqueWhite.y)
        #expect(Self.apart(kept, Self.colour * 255) <= 1, "a hidden matte layer's matte keeps the layer: \(kept)")
        let shown = try Self.renderMatted(.alpha, showsMatte: true)
        let white = Self.pixel(shown, opaqueWhite.x, opaqueWhite.y)
        #expect(Self.apart(white, SIMD3(repeating: 255)) <= 1, "the shown matte layer lies over it: \(white)")
        // Where the matte is transparent the matted layer is gone, and the backdrop shows.
        let gone = Self.pixel(shown, 5, 3)
        #expect(Self.apart(gone, Self.backdrop * 255) <= 1, "\(gone)")
    }

    /// Siblings inside a moved parent: the matte lies where its layer is drawn, and the matted
    /// layer's sublayers are seen through it as one picture; outside the matte layer's reach an
    /// inverted matte keeps everything.
    @Test(arguments: [MatteMode.alpha, .alphaInverted]) func siblingsInsideAMovedParent(_ mode: MatteMode) {
        // A card at (16, 8); inside it, a red panel with a blue sublayer, seen through a 10×10
        // white square at (20, 20) of the card.
        let card = layer(rect(16, 8, 40, 48))
        let panel = layer(rect(0, 0, 40, 48))
        let stripe = layer(rect(0, 24, 40, 24))
        let square = layer(rect(20, 20, 10, 10))
        var panelContent = LayerContent(fill: .color(red))
        panelContent.matte = LayerMatte(layer: 3, mode: mode)
        let frame = FrameBuffer.blank(width: 64, height: 64)
        Compositor(
            canvas: Canvas(width: 64, height: 64, background: white),
            contents: [
                LayerContent(), panelContent, LayerContent(fill: .color(blue)), LayerContent(fill: .color(green)),
            ],
            tree: LayerTree(parents: [nil, 0, 1, 0], ends: [4, 3, 3, 4], masksToBounds: [false, false, false, false])
        ).render(
            [card, panel, stripe, square], host: Array(repeating: HostLayerState(), count: 4), replacing: [],
            into: frame)
        func at(_ x: Int, _ y: Int) -> SIMD3<Double> { Self.pixel(frame, x, y) }
        let (r, b, w) = (SIMD3<Double>(255, 0, 0), SIMD3<Double>(0, 0, 255), SIMD3<Double>(255, 255, 255))
        // Inside the square: its top half over the red panel, its bottom half over the stripe.
        let insideTop = at(16 + 25, 8 + 22)
        let insideBottom = at(16 + 25, 8 + 27)
        let outside = at(16 + 5, 8 + 5)
        let outsideStripe = at(16 + 5, 8 + 40)
        if mode == .alpha {
            #expect(Self.apart(insideTop, r) <= 1 && Self.apart(insideBottom, b) <= 1, "\(insideTop) \(insideBottom)")
            #expect(Self.apart(outside, w) <= 1 && Self.apart(outsideStripe, w) <= 1, "\(outside) \(outsideStripe)")
        } else {
            #expect(Self.apart(insideTop, w) <= 1 && Self.apart(insideBottom, w) <= 1, "\(insideTop) \(insideBottom)")
            #expect(Self.apart(outside, r) <= 1 && Self.apart(outsideStripe, b) <= 1, "\(outside) \(outsideStripe)")
        }
        // The square itself is not drawn: never green.
        for y in 0..<64 {
            for x in 0..<64 { #expect(Self.apart(at(x, y), SIMD3(0, 255, 0)) > 100, "green at \(x), \(y)") }
        }
    }

    /// Mattes chain and nest: a red layer seen through a green square that is seen through a
    /// blue one shows only where both squares lie; inside it, a sublayer matted by its own
    /// sibling is cut by that too. None of the matte layers is drawn.
    @Test func chainedAndNestedMattes() {
        let layers = [
            layer(rect(0, 0, 64, 64)),  // 0 backdrop
            layer(rect(0, 0, 64, 64)),  // 1 red panel, seen through 4
            layer(rect(0, 20, 64, 8)),  // 2 yellow bar inside it, seen through 3
            layer(rect(0, 0, 32, 64)),  // 3 the bar's sibling: the left half of the panel
            layer(rect(8, 0, 40, 40)),  // 4 green square, seen through 5
            layer(rect(24, 16, 40, 40)),  // 5 blue square
        ]
        var panel = LayerContent(fill: .color(red))
        panel.matte = LayerMatte(layer: 4, mode: .alpha)
        var bar = LayerContent(fill: .color(anim_color_t(r: 1, g: 1, b: 0, a: 1)))
        bar.matte = LayerMatte(layer: 3, mode: .alpha)
        var square = LayerContent(fill: .color(green))
        square.matte = LayerMatte(layer: 5, mode: .alpha)
        let frame = FrameBuffer.blank(width: 64, height: 64)
        Compositor(
            canvas: Canvas(width: 64, height: 64, background: white),
            contents: [
                LayerContent(fill: .color(white)), panel, bar, LayerContent(fill: .color(blue)), square,
                LayerContent(fill: .color(blue)),
            ],
            tree: LayerTree(
                parents: [nil, nil, 1, 1, nil, nil], ends: [1, 4, 3, 4, 5, 6],
                masksToBounds: Array(repeating: false, count: 6))
        ).render(layers, host: Array(repeating: HostLayerState(), count: 6), replacing: [], into: frame)
        func at(_ x: Int, _ y: Int) -> SIMD3<Double> { Self.pixel(frame, x, y) }
        let (r, w) = (SIMD3<Double>(255, 0, 0), SIMD3<Double>(255, 255, 255))
        // Both squares lie over x 24..<48, y 16..<40.
        #expect(Self.apart(at(30, 30), r) <= 1, "inside both: \(at(30, 30))")
        #expect(Self.apart(at(12, 30), w) <= 1, "inside the green square only: \(at(12, 30))")
        #expect(Self.apart(at(56, 30), w) <= 1, "inside the blue square only: \(at(56, 30))")
        #expect(Self.apart(at(30, 50), w) <= 1, "below both: \(at(30, 50))")
        // The bar (y 20..<28) shows left of x 32 (its sibling matte), inside the panel's matte.
        let yellow = SIMD3<Double>(255, 255, 0)
        #expect(Self.apart(at(28, 24), yellow) <= 1, "the bar inside both mattes: \(at(28, 24))")
        #expect(Self.apart(at(40, 24), r) <= 1, "the bar cut by its own matte: \(at(40, 24))")
        #expect(Self.apart(at(12, 24), w) <= 1, "the bar cut by the panel's matte: \(at(12, 24))")
    }

    /// The matte's vector loops give the bytes its one-pixel loop gives, in every mode, for
    /// pixels of every kind (random premultiplied layers and mattes), at odd widths.
    @Test(arguments: [RASTER_MATTE_ALPHA, RASTER_MATTE_ALPHA_INVERTED, RASTER_MATTE_LUMA, RASTER_MATTE_LUMA_INVERTED])
    func vectorLoopsMatchTheOnePixelLoop(_ mode: raster_matte_mode) {
        var seed: UInt32 = 5
        func premultiplied() -> [UInt8] {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let alpha = UInt8(seed >> 24)
            return (0..<3).map { _ in
                seed = seed &* 1_664_525 &+ 1_013_904_223
                return UInt8(UInt32(seed >> 24) * UInt32(alpha) / 255)
            } + [alpha]
        }
        for width in [1, 3, 17, 37] {
            let count = width * 3
            let layer = (0..<count).flatMap { _ in premultiplied() }
            let matte = (0..<count).flatMap { _ in premultiplied() }
            var wide = layer
            var one = layer
            var wideCoverage = [UInt8](repeating: 0, count: count)
            var oneCoverage = wideCoverage
            // Three rows, 4 · width bytes apart.
            wide.withUnsafeMutableBufferPointer { w in
                matte.withUnsafeBufferPointer { m in
                    raster_matte_apply(
                        w.baseAddress!, UInt32(4 * width), m.baseAddress!, UInt32(4 * width), UInt32(width), 3, mode)
                }
            }
            matte.withUnsafeBufferPointer { m in
                wideCoverage.withUnsafeMutableBufferPointer { c in
                    raster_matte_coverage_rows(
                        m.baseAddress!, UInt32(4 * width), UInt32(width), 3, mode, 200, c.baseAddress!, UInt32(width))
                }
                for pixel in 0..<count {
                    one.withUnsafeMutableBufferPointer { o in
                        raster_matte_apply(o.baseAddress! + 4 * pixel, 4, m.baseAddress! + 4 * pixel, 4, 1, 1, mode)
                    }
                    oneCoverage.withUnsafeMutableBufferPointer { c in
                        raster_matte_coverage_rows(
                            m.baseAddress! + 4 * pixel, 4, 1, 1, mode, 200, c.baseAddress! + pixel, 1)
                    }
                }
            }
            #expect(wide == one, "raster_matte_apply at width \(width) in mode \(mode.rawValue)")
            #expect(
                wideCoverage == oneCoverage, "raster_matte_coverage_rows at width \(width) in mode \(mode.rawValue)")
            for pixel in 0..<count {
                let a = wide[4 * pixel + 3]
                #expect(wide[4 * pixel..<4 * pixel + 3].allSatisfy { $0 <= a }, "a colour over its alpha at \(pixel)")
            }
        }
    }

    /// Compositing through a matte in one pass gives, in every mode and at odd widths, the bytes
    /// of its one-pixel loop, which are the source scaled by the coverage
    /// (`raster_matte_coverage_rows`) and composited over: where a run of matte pixels covers
    /// nothing, where it covers all of an opaque source, and in between. An opaque source's alpha
    /// bytes are not read.
    @Test(arguments: [RASTER_MATTE_ALPHA, RASTER_MATTE_ALPHA_INVERTED, RASTER_MATTE_LUMA, RASTER_MATTE_LUMA_INVERTED])
    func compositingThroughTheMatteInOnePass(_ mode: raster_matte_mode) {
        var seed: UInt32 = 11
        func byte() -> UInt8 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(seed >> 24)
        }
        func premultiplied() -> [UInt8] {
            let alpha = byte()
            return (0..<3).map { _ in UInt8(UInt32(byte()) * UInt32(alpha) / 255) } + [alpha]
        }
        func scale(_ x: UInt8, _ c: UInt8) -> Int {
            let t = Int(x) * Int(c) + 128
            return (t + (t >> 8)) >> 8
        }
        for opaque in [false, true] {
            for width in [1, 5, 18, 37] {
                let count = width * 3
                // Runs of eight transparent, eight opaque white and eight varied matte pixels.
                let matte = (0..<count).flatMap { pixel -> [UInt8] in
                    switch pixel / 8 % 3 {
                    case 0: [0, 0, 0, 0]
                    case 1: [255, 255, 255, 255]
                    default: premultiplied()
                    }
                }
                let source = (0..<count).flatMap { _ -> [UInt8] in
                    opaque ? [byte(), byte(), byte(), byte()] : premultiplied()
                }
                let backdrop = (0..<count).flatMap { _ in premultiplied() }
                var wide = backdrop
                var one = backdrop
                var coverage = [UInt8](repeating: 0, count: count)
                source.withUnsafeBufferPointer { s in
                    matte.withUnsafeBufferPointer { m in
                        wide.withUnsafeMutableBufferPointer { w in
                            raster_matte_over(
                                w.baseAddress!, UInt32(4 * width), s.baseAddress!, UInt32(4 * width), opaque ? 1 : 0,
                                m.baseAddress!, UInt32(4 * width), UInt32(width), 3, mode, 200)
                        }
                        for pixel in 0..<count {
                            one.withUnsafeMutableBufferPointer { o in
                                raster_matte_over(
                                    o.baseAddress! + 4 * pixel, 4, s.baseAddress! + 4 * pixel, 4, opaque ? 1 : 0,
                                    m.baseAddress! + 4 * pixel, 4, 1, 1, mode, 200)
                            }
                        }
                        coverage.withUnsafeMutableBufferPointer { c in
                            raster_matte_coverage_rows(
                                m.baseAddress!, UInt32(4 * width), UInt32(width), 3, mode, 200, c.baseAddress!,
                                UInt32(width))
                        }
                    }
                }
                #expect(wide == one, "raster_matte_over at width \(width) in mode \(mode.rawValue), opaque \(opaque)")
                let expected = (0..<count).flatMap { pixel -> [UInt8] in
                    var s = Array(source[4 * pixel..<4 * pixel + 4])
                    if opaque { s[3] = 255 }
                    let c = coverage[pixel]
                    let left = UInt8(255 - scale(s[3], c))
                    return (0..<4).map { UInt8(min(255, scale(s[$0], c) + scale(backdrop[4 * pixel + $0], left))) }
                }
                #expect(wide == expected, "raster_matte_over against its formula, mode \(mode.rawValue)")
            }
        }
    }
}
