import CAnimatorABI
import CCairo
import Compositor
import Dispatch
import Scene
import Testing

@Suite struct TextTests {
    static let sentence = "the quick brown fox jumps over the lazy dog"

    func draw(_ text: TextContent, in frame: anim_rect_t, width: Int = 200, height: Int = 100) -> FrameBuffer {
        render([layer(frame)], [LayerContent(text: text)], width: width, height: height)
    }

    @Test func glyphsStayInsideTheFrame() {
        let text = TextContent(
            string: "Clipped words Supercalifragilisticexpialidocious " + Self.sentence,
            size: 14, color: red)
        let frame = draw(text, in: rect(20, 20, 100, 40))
        let ink = Ink(frame)
        #expect(ink.pixels.count > 200)
        #expect(ink.pixels.allSatisfy { (20..<120).contains($0.x) && (20..<60).contains($0.y) })
        #expect(
            ink.pixels.allSatisfy { frame.pixel(x: $0.x, y: $0.y) == (UInt8($0.alpha), 0, 0, UInt8($0.alpha)) },
            "premultiplied red at every coverage")
    }

    @Test func firstBaselineSitsAtTheAscent() {
        let ink = Ink(draw(TextContent(string: "H", size: 20), in: rect(0, 0, 100, 50)))
        #expect(abs(Double(ink.lowestRow + 1) - ascent(ofSize: 20)) <= 1, "H stands on the baseline")
        #expect(ink.rows.min()! > 2, "the space above a capital is the ascent minus its height")
    }

    @Test func narrowFramesWrapOntoMoreLines() {
        let text = TextContent(string: Self.sentence, size: 12)
        let narrow = Ink(draw(text, in: rect(0, 0, 60, 100)))
        let wide = Ink(draw(text, in: rect(0, 0, 400, 100), width: 400))
        #expect(narrow.lowestRow > wide.lowestRow + 24, "at least two more lines")
        #expect(wide.rightmostColumn > 200, "one line across the wide frame")
        #expect(wide.bands == 1)
    }

    @Test func newlinesBreakLines() {
        let joined = Ink(draw(TextContent(string: "one two", size: 12, lineHeight: 1.5), in: rect(0, 0, 200, 100)))
        let broken = Ink(draw(TextContent(string: "one\ntwo", size: 12, lineHeight: 1.5), in: rect(0, 0, 200, 100)))
        let skipped = Ink(draw(TextContent(string: "one\n\ntwo", size: 12, lineHeight: 1.5), in: rect(0, 0, 200, 100)))
        #expect(joined.bands == 1 && broken.bands == 2)
        #expect(broken.lowestRow == joined.lowestRow + 18, "one line height further down")
        #expect(skipped.lowestRow == broken.lowestRow + 18, "an empty line in between")
    }

    @Test func aWordWiderThanTheFrameKeepsItsOwnLine() {
        let text = TextContent(string: "a Supercalifragilistic b", size: 12, lineHeight: 1.5)
        #expect(Ink(draw(text, in: rect(0, 0, 50, 100))).bands == 3)
    }

    @Test(arguments: TextAlignment.allCases)
    func alignmentMovesTheInk(_ alignment: TextAlignment) {
        let centre = Ink(draw(TextContent(string: "Hi", size: 16, alignment: alignment), in: rect(0, 0, 200, 40)))
            .centreX
        switch alignment {
        case .left, .start: #expect(centre < 20)
        case .center: #expect(abs(centre - 100) < 3)
        case .right, .end: #expect(centre > 180)
        }
    }

    @Test func boldHasMoreInk() {
        let regular = Ink(draw(TextContent(string: "Bold type", size: 16), in: rect(0, 0, 200, 40)))
        let bold = Ink(draw(TextContent(string: "Bold type", size: 16, bold: true), in: rect(0, 0, 200, 40)))
        #expect(Double(bold.total) > 1.2 * Double(regular.total))
    }

    /// A turned, stretched layer, made where it is used: layer states are not Sendable.
    static func turnedLayer() -> anim_layer_t {
        var turned = layer(rect(10, 10, 150, 60))
        turned.rotation = 7
        turned.scale = anim_point_t(x: 1.3, y: 0.9)
        return turned
    }

    @Test func rendersAreByteIdenticalAcrossCompositorsAndThreads() {
        let contents = [
            LayerContent(
                fill: .color(white),
                text: TextContent(
                    string: Self.sentence, size: 13,
                    bold: true, alignment: .center))
        ]
        let canvas = Canvas(width: 200, height: 100, background: blue)
        let frames = (0..<4).map { _ in FrameBuffer.blank(width: 200, height: 100) }
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            Compositor(canvas: canvas, contents: contents).render([Self.turnedLayer()], into: frames[index])
        }
        let again = FrameBuffer.blank(width: 200, height: 100)
        Compositor(canvas: canvas, contents: contents).render([Self.turnedLayer()], into: again)
        #expect(frames.allSatisfy { bytes(of: $0) == bytes(of: again) })
        #expect(Ink(again).pixels.contains { again.pixel(x: $0.x, y: $0.y) == (0, 0, 0, 255) }, "solid glyph stems")
    }

    /// DejaVu Sans's ascent as Cairo reports it, measured independently of the compositor.
    func ascent(ofSize size: Double) -> Double {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(surface)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return extents.ascent
    }
}
