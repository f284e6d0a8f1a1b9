import CAnimatorABI
import CCairo
import Compositor
import Foundation
import Scene
import Testing
import Text
import Timing

/// Text animators as the compositor draws them: each character placed, scaled, coloured and
/// faded by its weight, checked against the same letters placed by hand as layers of their own.
@Suite struct TextAnimatorDrawingTests {
    static let mono = "DejaVu Sans Mono"
    static let size = 48.0

    /// The font's ascent and a letter's advance at `size`, read through Cairo's own font
    /// selection with unhinted metrics (the positions text is laid out with).
    static func metrics(_ family: String = mono, size: Double = size) -> (
        ascent: Double, descent: Double, advance: Double
    ) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(surface)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        var letter = cairo_text_extents_t()
        cairo_text_extents(cr, "a", &letter)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return (font.ascent, font.descent, letter.x_advance)
    }

    static func text(
        _ string: String, animators: [TextAnimator] = [], alignment: TextAlignment = .left,
        verticalAlignment: TextVerticalAlignment = .top
    ) -> TextContent {
        var text = TextContent(
            string: string, fontFamily: mono, size: size, alignment: alignment, verticalAlignment: verticalAlignment)
        text.animators = animators
        return text
    }

    static func animator(_ select: TextRangeSelector?, _ change: (inout TextAnimatorProperties) -> Void) -> TextAnimator
    {
        var properties = TextAnimatorProperties()
        change(&properties)
        return TextAnimator(selectors: select.map { [.range($0)] } ?? [], properties: properties)
    }

    static func range(_ shape: TextSelectorShape, offset: Double = 0) -> TextRangeSelector {
        var range = TextRangeSelector()
        range.shape = shape
        range.offset = offset
        return range
    }

    static func draw(_ text: TextContent, in frame: anim_rect_t, width: Int = 240, height: Int = 120) -> FrameBuffer {
        render([layer(frame)], [LayerContent(text: text)], width: width, height: height)
    }

    /// Peak signal-to-noise ratio over every byte of two frames, in dB (infinite when equal).
    static func psnr(_ a: FrameBuffer, _ b: FrameBuffer) -> Double {
        let (x, y) = (bytes(of: a), bytes(of: b))
        let squared = zip(x, y).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(x.count)))
    }

    /// "abc" under a triangle selector over the whole word, scale 2: the weights are 1/3, 1,
    /// 1/3 (the unit centres at 1/6, 1/2 and 5/6 of the range), so the letters scale by 4/3, 2
    /// and 4/3 about the middles of their advances on the baseline. The same three letters drawn
    /// each as a layer of its own, at its place in the word and scaled about that point, give
    /// the same picture.
    @Test func aTriangleScalesEachLetterAsIfPlacedByHand() {
        let (_, descent, advance) = Self.metrics()
        // The text stands at the bottom of a tall frame: a layer's frame clips its text, and the
        // letters grow upwards from the baseline.
        let (x, height) = (40.0, 180.0)
        let triangle = Self.animator(Self.range(.triangle)) { $0.scale = anim_point_t(x: 2, y: 2) }
        let animated = Self.draw(
            Self.text("abc", animators: [triangle], verticalAlignment: .bottom), in: rect(x, 0, 180, height),
            height: 200)
        let scales = [4.0 / 3, 2, 4.0 / 3]
        var layers: [anim_layer_t] = []
        var contents: [LayerContent] = []
        for (index, letter) in ["a", "b", "c"].enumerated() {
            // A frame three advances wide, the letter centred in it, so its pen lies at its place.
            var letterLayer = layer(rect(x + Double(index - 1) * advance, 0, 3 * advance, height))
            letterLayer.anchor = anim_point_t(x: 0.5, y: (height - descent) / height)
            letterLayer.scale = anim_point_t(x: scales[index], y: scales[index])
            layers.append(letterLayer)
            contents.append(LayerContent(text: Self.text(letter, alignment: .center, verticalAlignment: .bottom)))
        }
        let byHand = render(layers, contents, width: 240, height: 200)
        let still = Self.draw(Self.text("abc", verticalAlignment: .bottom), in: rect(x, 0, 180, height), height: 200)
        // A turned or scaled glyph's outline is filled as a path at its exact place, where a
        // layer's glyphs are rasterised by FreeType at a place rounded to a fraction of a pixel:
        // edge pixels differ by a few levels, the letters by less than half a pixel.
        #expect(
            Self.psnr(animated, byHand) >= 32, "against the letters placed by hand: \(Self.psnr(animated, byHand)) dB")
        let (drawn, placed) = (Ink(animated), Ink(byHand))
        #expect(abs(drawn.centreX - placed.centreX) < 0.5)
        #expect(abs(drawn.total - placed.total) < placed.total / 100, "\(drawn.total) against \(placed.total)")
        #expect(abs(drawn.rows.min()! - placed.rows.min()!) <= 1 && abs(drawn.lowestRow - placed.lowestRow) <= 1)
        #expect(abs(drawn.rightmostColumn - placed.rightmostColumn) <= 1)
        #expect(Self.psnr(animated, still) < 25, "the animator changes the picture")
        // Hand-placed letters at the wrong scales differ: the check can tell.
        layers[1].scale = anim_point_t(x: 4.0 / 3, y: 4.0 / 3)
        let wrong = render(layers, contents, width: 240, height: 200)
        #expect(Self.psnr(animated, wrong) < 30, "a middle letter at 4/3: \(Self.psnr(animated, wrong)) dB")
    }

    /// A typewriter half way (a square selector shifted by 50 %) hides the second half of the
    /// characters: the same bytes as the first half drawn alone.
    @Test func aTypewriterHalfWayShowsTheFirstHalfExactly() {
        let typewriter = Self.animator(Self.range(.square, offset: 50)) { $0.opacity = 0 }
        let animated = Self.draw(Self.text("abcd", animators: [typewriter]), in: rect(10, 10, 220, 100))
        let half = Self.draw(Self.text("ab"), in: rect(10, 10, 220, 100))
        #expect(bytes(of: animated) == bytes(of: half))
    }

    /// Animators at rest (every weight 0) draw the text as it stands, byte for byte.
    @Test func animatorsAtRestDrawTheTextAsItStands() {
        var range = Self.range(.square)
        range.end = 0
        let resting = Self.animator(range) {
            $0.position = anim_point_t(x: 0, y: -20)
            $0.fillColor = red
        }
        let animated = Self.draw(Self.text("Rest", animators: [resting]), in: rect(10, 10, 220, 100))
        #expect(bytes(of: animated) == bytes(of: Self.draw(Self.text("Rest"), in: rect(10, 10, 220, 100))))
    }

    /// Position moves a selected character by w of the offset; fill colour and opacity restyle it.
    @Test func positionColourAndOpacityFollowTheWeight() {
        var second = Self.range(.square)
        second.units = .index
        second.start = 1
        second.end = 2
        let moved = Self.draw(
            Self.text("ab", animators: [Self.animator(second) { $0.position = anim_point_t(x: 0, y: 30) }]),
            in: rect(0, 0, 240, 120))
        let still = Self.draw(Self.text("ab"), in: rect(0, 0, 240, 120))
        let advance = Self.metrics().advance
        func ink(_ frame: FrameBuffer, columns: Range<Int>) -> [Int] {
            var rows: [Int] = []
            for y in 0..<frame.height {
                for x in columns where frame.pixel(x: x, y: y).a > 0 {
                    rows.append(y)
                    break
                }
            }
            return rows
        }
        let secondColumns = Int(advance.rounded(.up))..<Int(2 * advance)
        #expect(ink(moved, columns: 0..<Int(advance)) == ink(still, columns: 0..<Int(advance)), "a stays")
        #expect(
            ink(moved, columns: secondColumns).map { $0 - 30 } == ink(still, columns: secondColumns),
            "b is 30 px lower")
        let tinted = Self.draw(
            Self.text(
                "ab",
                animators: [
                    Self.animator(second) {
                        $0.fillColor = blue
                        $0.opacity = 0.5
                    }
                ]), in: rect(0, 0, 240, 120))
        var alphas: [Int] = []
        for y in 0..<120 {
            for x in secondColumns where tinted.pixel(x: x, y: y).a > 0 {
                let pixel = tinted.pixel(x: x, y: y)
                #expect(pixel.r == 0 && pixel.g == 0 && pixel.b == pixel.a, "blue, premultiplied")
                alphas.append(Int(pixel.a))
            }
        }
        #expect(alphas.max().map { abs($0 - 128) <= 1 } == true, "half opacity: \(alphas.max() ?? -1)")
    }

    /// Tracking adds space after each selected character; a centred line stays centred.
    @Test func trackingWidensTheLineAboutItsAlignment() {
        let spread = Self.animator(nil) { $0.tracking = 500 }
        let frame = rect(0, 0, 240, 120)
        let wide = Ink(Self.draw(Self.text("abcd", animators: [spread], alignment: .center), in: frame))
        let narrow = Ink(Self.draw(Self.text("abcd", alignment: .center), in: frame))
        let added = 3 * 500 * Self.size / 1000
        let widths = [wide, narrow].map { Double($0.rightmostColumn - $0.pixels.map(\.x).min()!) }
        #expect(abs(widths[0] - widths[1] - added) <= 2, "\(widths) for \(added) px added")
        #expect(abs(wide.centreX - narrow.centreX) <= 1.5)
    }

    /// Blur spreads a character's ink without moving its middle; skew leans its top to the right.
    @Test func blurSpreadsAndSkewLeans() {
        let frame = rect(0, 0, 240, 120)
        let sharp = Ink(Self.draw(Self.text("l"), in: frame))
        let blurred = Ink(Self.draw(Self.text("l", animators: [Self.animator(nil) { $0.blur = 6 }]), in: frame))
        #expect(blurred.pixels.count > sharp.pixels.count * 2)
        #expect(abs(blurred.centreX - sharp.centreX) < 1)
        let leaning = Self.draw(Self.text("l", animators: [Self.animator(nil) { $0.skew = 20 }]), in: frame)
        let columns = { (rows: Range<Int>) -> Double in
            Ink(leaning).pixels.filter { rows.contains($0.y) }.map { Double($0.x) }.reduce(0, +)
                / Double(Ink(leaning).pixels.filter { rows.contains($0.y) }.count)
        }
        let ascent = Self.metrics().ascent
        let top = columns(0..<Int(ascent / 2))
        let bottom = columns(Int(ascent / 2)..<Int(ascent))
        #expect(top > bottom + 4, "top at \(top), bottom at \(bottom)")
    }

    /// A counter, string keyframes and caption cues show the string of the time the compositor is
    /// told, the same bytes as a text of that string.
    @Test func changingStringsShowTheStringOfTheTime() throws {
        var counter = Self.text("")
        counter.source = .counter(
            TextCounter(from: 0, to: 100, start: 0, duration: 1, curve: LinearCurve(), pattern: NumberPattern()))
        var keyed = Self.text("")
        keyed.source = .keyframes(TextStringKeyframes(values: ["one", "two"], times: [0, 0.6]))
        let frame = rect(10, 10, 220, 100)
        for (text, time, shown) in [
            (counter, 0.5, "50"), (counter, 2, "100"), (keyed, 0.3, "one"), (keyed, 0.7, "two"),
        ] {
            let compositor = Compositor(
                canvas: Canvas(width: 240, height: 120, background: clear), contents: [LayerContent(text: text)])
            try compositor.showFootage(at: time)
            let out = FrameBuffer.blank(width: 240, height: 120)
            compositor.render([layer(frame)], into: out)
            #expect(bytes(of: out) == bytes(of: Self.draw(Self.text(shown), in: frame)), "\(shown) at \(time) s")
        }
    }

    /// The characters' boxes and weights a studio shows: where the layout puts each character on
    /// the canvas, and its weight under each animator.
    @Test func textUnitsGiveEachCharactersBoxAndWeights() {
        let (ascent, descent, advance) = Self.metrics()
        let triangle = Self.animator(Self.range(.triangle)) { $0.scale = anim_point_t(x: 2, y: 2) }
        var moved = layer(rect(10, 20, 200, 80))
        moved.translation = anim_point_t(x: 5, y: 0)
        let compositor = Compositor(
            canvas: Canvas(width: 240, height: 120, background: clear),
            contents: [LayerContent(text: Self.text("abc", animators: [triangle]))])
        let units = compositor.textUnits(ofLayer: 0, in: [moved], host: [HostLayerState()])
        #expect(units.map(\.character) == ["a", "b", "c"])
        #expect(units.map(\.index) == [0, 1, 2])
        for (index, unit) in units.enumerated() {
            #expect(abs(unit.weights[0] - [1.0 / 3, 1, 1.0 / 3][index]) < 1e-9)
            let left = 15 + Double(index) * advance
            #expect(abs(unit.corners[0].x - left) < 1e-6 && abs(unit.corners[0].y - 20) < 1e-6)
            #expect(abs(unit.corners[2].x - left - advance) < 1e-6)
            #expect(abs(unit.corners[2].y - 20 - ascent - descent) < 1e-6)
        }
    }

    /// A caption shows its cue's text between the cue's times, its `<font color>` span in that
    /// colour, with a box behind the line; nothing shows between cues.
    @Test func captionsShowTheCueOfTheTimeWithItsColours() throws {
        let cues = try CaptionParser.parseSubRip(
            "1\n00:00:01,000 --> 00:00:02,000\nab <font color=\"#0000ff\">cd</font>\n")
        var text = Self.text("")
        var style = CaptionStyle()
        style.margin = 0
        style.box = CaptionBox(color: anim_color_t(r: 0, g: 1, b: 0, a: 1), padding: 2, cornerRadius: 0)
        text.captions = TextCaptions(
            file: "talk.srt", track: CaptionTrack(cues: cues), style: style,
            origin: SceneError.Origin(file: "test.json", position: nil, path: nil))
        let compositor = Compositor(
            canvas: Canvas(width: 240, height: 120, background: clear), contents: [LayerContent(text: text)])
        func frame(at time: Double) throws -> FrameBuffer {
            try compositor.showFootage(at: time)
            let out = FrameBuffer.blank(width: 240, height: 120)
            compositor.render([layer(rect(0, 0, 240, 120))], into: out)
            return out
        }
        #expect(Ink(try frame(at: 0.5)).pixels.isEmpty, "before the cue")
        #expect(Ink(try frame(at: 2)).pixels.isEmpty, "at the cue's end")
        let shown = try frame(at: 1.5)
        let advance = Self.metrics().advance
        var colours: (black: Int, blue: Int, green: Int) = (0, 0, 0)
        for y in 0..<120 {
            for x in 0..<240 {
                let pixel = shown.pixel(x: x, y: y)
                guard pixel.a == 255 else { continue }
                if pixel == (0, 0, 0, 255) { colours.black += x < Int(2 * advance) ? 1 : 0 }
                if pixel == (0, 0, 255, 255) { colours.blue += x > Int(3 * advance) ? 1 : 0 }
                if pixel == (0, 255, 0, 255) { colours.green += 1 }
            }
        }
        #expect(colours.black > 50 && colours.blue > 50 && colours.green > 500, "\(colours)")
    }

    /// With word times (WebVTT inline timestamps), the highlight colours the word being spoken:
    /// the first word until the second's time, then the second.
    @Test func theHighlightFollowsTheSpokenWord() throws {
        let cues = try CaptionParser.parseWebVTT("WEBVTT\n\n00:00.000 --> 00:02.000\nab <00:01.000>cd\n")
        var text = Self.text("")
        var style = CaptionStyle()
        style.margin = 0
        style.highlight = CaptionHighlight(color: anim_color_t(r: 1, g: 0, b: 0, a: 1))
        text.captions = TextCaptions(
            file: "talk.vtt", track: CaptionTrack(cues: cues), style: style,
            origin: SceneError.Origin(file: "test.json", position: nil, path: nil))
        let compositor = Compositor(
            canvas: Canvas(width: 240, height: 120, background: clear), contents: [LayerContent(text: text)])
        let split = Int(2.5 * Self.metrics().advance)
        /// Opaque red pixels left and right of the space between the words.
        func red(at time: Double) throws -> (left: Int, right: Int) {
            try compositor.showFootage(at: time)
            let out = FrameBuffer.blank(width: 240, height: 120)
            compositor.render([layer(rect(0, 0, 240, 120))], into: out)
            var counts = (left: 0, right: 0)
            for y in 0..<120 {
                for x in 0..<240 where out.pixel(x: x, y: y) == (255, 0, 0, 255) {
                    if x < split { counts.left += 1 } else { counts.right += 1 }
                }
            }
            return counts
        }
        let first = try red(at: 0.5)
        let second = try red(at: 1.5)
        #expect(first.left > 50 && first.right == 0, "\(first)")
        #expect(second.left == 0 && second.right > 50, "\(second)")
        // Words after one timestamp are spoken together: both are marked.
        let together = try CaptionParser.parseWebVTT("WEBVTT\n\n00:00.000 --> 00:02.000\nab <00:01.000>cd ef\n")
        text.captions = TextCaptions(
            file: "talk.vtt", track: CaptionTrack(cues: together), style: style,
            origin: SceneError.Origin(file: "test.json", position: nil, path: nil))
        let shared = Compositor(
            canvas: Canvas(width: 240, height: 120, background: clear), contents: [LayerContent(text: text)])
        try shared.showFootage(at: 1.5)
        let out = FrameBuffer.blank(width: 240, height: 120)
        shared.render([layer(rect(0, 0, 240, 120))], into: out)
        let advance = Self.metrics().advance
        func redColumns(_ columns: Range<Int>) -> Int {
            (0..<120).reduce(0) { sum, y in sum + columns.filter { out.pixel(x: $0, y: y) == (255, 0, 0, 255) }.count }
        }
        #expect(redColumns(0..<Int(2.5 * advance)) == 0)
        #expect(redColumns(Int(2.5 * advance)..<Int(5.5 * advance)) > 50, "cd")
        #expect(redColumns(Int(5.5 * advance)..<240) > 50, "ef")
    }

    /// Texts scaled and turned by animators, and counting, draw the same bytes on any number of
    /// threads at once: compositors share fonts, never a FreeType face in use.
    @Test func animatedTextsDrawTheSameBytesOnManyThreads() throws {
        var turn = Self.animator(Self.range(.triangle)) {
            $0.scale = anim_point_t(x: 1.7, y: 1.7)
            $0.rotation = 25
        }
        turn.selectors = [.range(Self.range(.triangle, offset: 20))]
        var counter = Self.text("", animators: [turn])
        counter.source = .counter(
            TextCounter(from: 0, to: 9999, start: 0, duration: 1, curve: LinearCurve(), pattern: NumberPattern()))
        let contents = [LayerContent(text: Self.text("Hooray!", animators: [turn])), LayerContent(text: counter)]
        let times = (0..<12).map { Double($0) / 12 }
        let reference = try Self.frames(of: contents, at: times)
        let results = ThreadResults()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            results.add(try? Self.frames(of: contents, at: times))
        }
        #expect(results.all.count == 6)
        #expect(results.all.allSatisfy { $0 == reference })
    }
}

extension TextAnimatorDrawingTests {
    /// The frames of `contents` (in two layers, one above the other) at `times`, drawn by a
    /// compositor of their own.
    static func frames(of contents: [LayerContent], at times: [Double]) throws -> [[UInt8]] {
        let layers = [layer(rect(0, 0, 240, 60)), layer(rect(0, 60, 240, 60))]
        let compositor = Compositor(canvas: Canvas(width: 240, height: 120, background: clear), contents: contents)
        return try times.map { time in
            try compositor.showFootage(at: time)
            let out = FrameBuffer.blank(width: 240, height: 120)
            compositor.render(layers, into: out)
            return bytes(of: out)
        }
    }
}

/// Frames rendered on several threads, gathered under a lock.
private final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [[[UInt8]]] = []

    func add(_ frames: [[UInt8]]?) {
        guard let frames else { return }
        lock.withLock { results.append(frames) }
    }

    var all: [[[UInt8]]] { lock.withLock { results } }
}
