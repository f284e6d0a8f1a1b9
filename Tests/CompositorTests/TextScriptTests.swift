import CAnimatorABI
import CCairo
import Dispatch
import Scene
import Testing

@testable import Compositor

/// Text in every script: characters the text's font lacks come from fonts that have them
/// (CJK, colour emoji), lines of scripts without spaces wrap, and the stroke and the shadow
/// draw around the glyphs.
@Suite struct TextScriptTests {
    func draw(_ text: TextContent, width: Int, height: Int) -> FrameBuffer {
        render(
            [layer(rect(0, 0, Double(width), Double(height)))], [LayerContent(text: text)], width: width,
            height: height)
    }

    /// Pixels whose channels differ widely: only a colour emoji puts them there in black text.
    func saturated(_ frame: FrameBuffer, columns: Range<Int>) -> Int {
        var count = 0
        for y in 0..<frame.height {
            for x in columns {
                let pixel = frame.pixel(x: x, y: y)
                let channels = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
                if pixel.a > 200, channels.max()! - channels.min()! > 100 { count += 1 }
            }
        }
        return count
    }

    @Test func latinHanAndEmojiAllDraw() throws {
        let text = TextContent(string: "Hi 你好 👋", size: 32)
        let layout = try #require(TextLayout(text))
        #expect(layout.paragraph.glyphs.allSatisfy { $0.index != 0 }, "no missing-glyph box")
        #expect(layout.paragraph.missing.isEmpty)
        let frame = draw(text, width: 240, height: 50)
        let ink = Ink(frame)
        let wave = layout.paragraph.layOut(width: 240).glyphs.last!.position.x
        #expect(saturated(frame, columns: Int(wave)..<Int(wave) + 36) > 100, "the waving hand in colour")
        #expect(saturated(frame, columns: 0..<Int(wave)) == 0, "the rest in black")
        // The two ideographs put ink in their own columns, each its own shape.
        let hanzi = layout.paragraph.glyphs(ofGrapheme: 3) + layout.paragraph.glyphs(ofGrapheme: 4)
        #expect(Set(hanzi.map { layout.paragraph.glyphs[$0].index }).count == 2)
        let start = Int(layout.paragraph.width(from: 0, to: 3))
        #expect(ink.pixels.filter { (start..<start + 64).contains($0.x) }.count > 200)
    }

    /// Colour glyphs keep their colours but take the text's opacity.
    @Test func aHalfTransparentTextFadesItsEmoji() {
        let half = anim_color_t(r: 0, g: 0, b: 0, a: 0.5)
        let frame = draw(TextContent(string: "👋", size: 40, color: half), width: 60, height: 60)
        let alphas = Ink(frame).pixels.map(\.alpha)
        #expect(alphas.max() == 128)
        #expect(saturated(draw(TextContent(string: "👋", size: 40), width: 60, height: 60), columns: 0..<60) > 100)
    }

    @Test func japaneseWrapsInsideA300PixelBox() {
        let text = TextContent(string: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。", size: 24)
        let ink = Ink(draw(text, width: 400, height: 200))
        #expect(ink.rightmostColumn < 300 || ink.pixels.allSatisfy { $0.x < 400 })
        let boxed = Ink(
            render([layer(rect(0, 0, 300, 200))], [LayerContent(text: text)], width: 400, height: 200))
        #expect(boxed.pixels.allSatisfy { $0.x < 300 }, "ink inside the box")
        #expect(boxed.bands > 1, "\(boxed.bands) lines")
    }

    /// Fallback fonts, colour emoji and bidi text give the same bytes on every thread.
    @Test func mixedScriptsAreByteIdenticalAcrossCompositorsAndThreads() {
        let contents = [
            LayerContent(
                fill: .color(white),
                text: TextContent(string: "Hi 你好 👋 שלום مرحبا क्षि ภาษาไทย", size: 18, color: blue))
        ]
        let canvas = Canvas(width: 240, height: 100, background: clear)
        let frames = (0..<4).map { _ in FrameBuffer.blank(width: 240, height: 100) }
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            Compositor(canvas: canvas, contents: contents).render([TextTests.turnedLayer()], into: frames[index])
        }
        let again = FrameBuffer.blank(width: 240, height: 100)
        Compositor(canvas: canvas, contents: contents).render([TextTests.turnedLayer()], into: again)
        #expect(frames.allSatisfy { bytes(of: $0) == bytes(of: again) })
    }

    func with(_ text: TextContent, _ change: (inout TextContent) -> Void) -> TextContent {
        var text = text
        change(&text)
        return text
    }

    /// At `--scale 2` the shadow's offset and the stroke's width are twice as many pixels.
    @Test func theStrokeAndTheShadowScaleWithTheRender() {
        var text = TextContent(string: "H", size: 30, color: red)
        text.stroke = TextStroke(color: green, width: 4)
        text.shadow = TextShadow(color: blue, offset: anim_point_t(x: 0, y: 8), blur: 2)
        func reach(scale: Double) -> (shadow: Int, stroke: Int) {
            let canvas = Canvas(width: 60, height: 60, background: white)
            let (width, height) = canvas.pixelSize(scale: scale)
            let frame = FrameBuffer.blank(width: width, height: height)
            Compositor(canvas: canvas, contents: [LayerContent(text: text)], scale: scale)
                .render([layer(rect(0, 0, 60, 60))], into: frame)
            var rows: (blue: [Int], red: [Int], green: [Int]) = ([], [], [])
            var columns: (red: [Int], green: [Int]) = ([], [])
            for y in 0..<height {
                for x in 0..<width {
                    let pixel = frame.pixel(x: x, y: y)
                    if pixel.b > 200 && pixel.r < 100 && pixel.g < 100 { rows.blue.append(y) }
                    if pixel.r > 200 && pixel.g < 60 && pixel.b < 60 {
                        rows.red.append(y)
                        columns.red.append(x)
                    }
                    if pixel.g > 200 && pixel.r < 60 && pixel.b < 60 {
                        rows.green.append(y)
                        columns.green.append(x)
                    }
                }
            }
            return (rows.blue.max()! - rows.green.max()!, columns.red.min()! - columns.green.min()!)
        }
        let one = reach(scale: 1)
        let two = reach(scale: 2)
        #expect(one.shadow > 0 && abs(two.shadow - 2 * one.shadow) <= 2, "shadow below the outline: \(one), \(two)")
        #expect(one.stroke > 0 && abs(two.stroke - 2 * one.stroke) <= 2, "outline outside the fill: \(one), \(two)")
    }

    /// Draws a layout on a white 200 × 80 surface, as the compositor would.
    func paint(_ layout: TextLayout) -> [(r: Int, g: Int, b: Int)] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 80)!
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        layout.paint(width: 200, height: 80, alpha: 1, on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [(r: Int, g: Int, b: Int)] = []
        for y in 0..<80 {
            for x in 0..<200 {
                let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                    $0.pointee
                }
                pixels.append((Int(word >> 16 & 255), Int(word >> 8 & 255), Int(word & 255)))
            }
        }
        cairo_surface_destroy(surface)
        return pixels
    }

    @Test func theStrokeOutlinesTheGlyphsUnderTheirFill() throws {
        let text = TextContent(string: "Hello", size: 40, color: red)
        let plain = paint(try #require(TextLayout(text)))
        let stroked = paint(
            try #require(TextLayout(with(text) { $0.stroke = TextStroke(color: blue, width: 6) })))
        let outline = stroked.filter { $0.b > 200 && $0.r < 50 && $0.g < 50 }.count
        let redPlain = plain.filter { $0.r > 200 && $0.g < 50 }.count
        let redStroked = stroked.filter { $0.r > 200 && $0.g < 50 && $0.b < 50 }.count
        #expect(outline > 300, "a blue outline")
        #expect(redStroked > redPlain / 2, "the fill drawn over it")
    }

    @Test func theShadowIsOffsetAndBlurred() throws {
        let text = TextContent(string: "Hi", size: 40)
        let shadowed = paint(
            try #require(
                TextLayout(
                    with(text) { $0.shadow = TextShadow(color: blue, offset: anim_point_t(x: 10, y: 10), blur: 4) })))
        let sharp = paint(
            try #require(
                TextLayout(
                    with(text) { $0.shadow = TextShadow(color: blue, offset: anim_point_t(x: 10, y: 10), blur: 0) })))
        let plain = paint(try #require(TextLayout(text)))
        func blueRows(_ pixels: [(r: Int, g: Int, b: Int)]) -> [Int] {
            pixels.indices.filter { pixels[$0].b > pixels[$0].r + 40 }.map { $0 / 200 }
        }
        let inkRows = plain.indices.filter { plain[$0].r < 128 }.map { $0 / 200 }
        #expect(blueRows(plain).isEmpty)
        #expect(blueRows(sharp).max()! >= inkRows.max()! + 8, "moved down")
        let partial = { (pixels: [(r: Int, g: Int, b: Int)]) in
            pixels.filter { $0.b > $0.r + 10 && $0.r > 30 && $0.r < 225 }.count
        }
        #expect(partial(shadowed) > 2 * partial(sharp), "blurred edges")
    }
}
