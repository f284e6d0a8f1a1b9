import CAnimatorABI
import CCairo
import Scene
import Text

/// A layer's text made ready to draw at any render time: the string it shows then (its own,
/// keyframed, a counter's number or the current caption cue), each distinct string shaped once
/// (a `TextLayout` per string, kept for the render), and its text animators' changes to each
/// character in the frame. Captions add their box behind the lines and their highlight of the
/// words being spoken, which is a text animator of its own: a square range over those words.
final class PreparedText {
    /// What the time makes the text show, beyond the layer's state: equal values with equal
    /// states draw equal pixels.
    struct Shown: Equatable, Sendable {
        /// The string, numbered in the order the text met them.
        var string: Int
        /// The caption's words being spoken, when they are highlighted.
        var words: Range<Int>?
        /// The time, when a wiggly selector draws by it.
        var time: Double?
    }

    let content: TextContent
    /// Whether what the text draws changes with the time while the layer's state stays.
    let changesOverTime: Bool
    /// The text that lays out each string: the layer's, with a caption's safe area and line limit.
    private let style: TextContent
    private let wiggles: Bool
    private var layouts: [String: TextLayout] = [:]
    /// The strings of `layouts` in the order they were shaped: past `keptLayouts`, the oldest
    /// is let go (a counter running for minutes shows a new string every frame).
    private var shaped: [String] = []
    static let keptLayouts = 512
    private var unlaid: Set<String> = []
    private var numbers: [String: Int] = [:]
    private(set) var time = 0.0
    private var string: String
    /// The words of the caption cue being spoken: those that start at the latest of its word
    /// times that has passed (one word, when every word has its own time, as estimated ones do).
    private var words: Range<Int>?
    /// The styled spans of the caption cue shown, by the UTF-8 bytes of `string` they cover.
    private var spans: [(range: Range<Int>, span: CaptionSpan)] = []
    /// The caption cue shown (its line in the file), whose spans style the string.
    private var cue: Int?
    private(set) var shown: Shown
    /// The characters' changes of the last frame painted, with what they were made from: a
    /// frame made from the same draws the same, and nil changes draw the text as it stands.
    private var lastChanges: (key: ChangesKey, changes: [TextUnitChange]?)?

    /// What a frame's changes are made from.
    private struct ChangesKey: Equatable {
        var layout: ObjectIdentifier
        var width: Double
        var height: Double
        var values: [TextAnimatorSlot: [Double]]
        var color: SIMD4<Double>?
        var words: Range<Int>?
        var cue: Int?
        var time: Double?
    }

    init(_ content: TextContent) {
        self.content = content
        wiggles = content.animators.contains {
            $0.selectors.contains { if case .wiggly = $0 { true } else { false } }
        }
        changesOverTime = !content.source.isFixed || content.captions != nil || wiggles
        var style = content
        if let captions = content.captions {
            style.padding = captions.style.margin
            style.maxLines = captions.style.maxLines
        }
        self.style = style
        string = content.captions == nil ? content.string(at: 0) : ""
        numbers[string] = 0
        shown = Shown(string: 0, words: nil, time: nil)
        show(at: 0)
    }

    /// Makes the text show what it shows at render time `time`.
    func show(at time: Double) {
        self.time = time
        guard changesOverTime else { return }
        words = nil
        if let captions = content.captions {
            let highlight = captions.style.highlight
            let current = captions.track.current(at: time, timing: highlight?.wordTiming ?? .characters)
            string = current?.cue.text ?? ""
            spans = current?.cue.spanRanges.filter { $0.span.isStyled } ?? []
            cue = current?.cue.fileLine
            if highlight != nil, let current, let last = current.word {
                let all = current.words
                let first = all[..<last].lastIndex { $0.start != all[last].start }.map { $0 + 1 } ?? 0
                words = first..<last + 1
            }
        } else if changesOverTime {
            string = content.string(at: time)
        }
        let number = numbers[string] ?? numbers.count
        numbers[string] = number
        shown = Shown(string: number, words: words, time: wiggles ? time : nil)
    }

    /// Moves a wiggly selector to render time `time`, leaving the string, the caption cue and its
    /// highlight as they are: a motion-blurred frame samples a text's animators, not what it says.
    func sampleAnimators(at time: Double) {
        guard wiggles else { return }
        self.time = time
        shown.time = time
    }

    /// The layout of `string`, shaped on first use; nil when it draws nothing.
    private func layout(of string: String) -> TextLayout? {
        if let layout = layouts[string] { return layout }
        guard !unlaid.contains(string) else { return nil }
        var text = style
        text.string = string
        guard let layout = TextLayout(text, maxWidth: content.captions?.style.maxWidth) else {
            unlaid.insert(string)
            return nil
        }
        layouts[string] = layout
        shaped.append(string)
        if shaped.count > Self.keptLayouts {
            let oldest = shaped.removeFirst()
            if oldest != self.string {
                layouts[oldest] = nil
                // Its changes may be the last frame's, keyed by its identity.
                lastChanges = nil
            }
        }
        return layout
    }

    /// The layout of the string shown now; nil when it draws nothing.
    var layoutShown: TextLayout? { layout(of: string) }

    /// Paints the text as it shows now in a frame `width` × `height` (the layer's own space of
    /// `cr`), at `alpha`, with the colour and animator values of `host`.
    func paint(width: Double, height: Double, alpha: Double, host: HostLayerState, on cr: OpaquePointer) {
        guard let layout = layout(of: string) else { return }
        layout.layOut(width: width, height: height)
        let changes = changes(of: layout, width: width, height: height, host: host)
        if let captions = content.captions {
            if let box = captions.style.box { paintBox(box, behind: layout, alpha: alpha, on: cr) }
            if let colour = captions.style.highlight?.box, let words {
                paintWordBox(colour, words: words, of: layout, alpha: alpha, on: cr)
            }
        }
        layout.paint(width: width, height: height, alpha: alpha, color: host.textColor, changes: changes, on: cr)
    }

    /// The characters' changes in this frame: the text's animators (with the values `host`
    /// gives), the caption's highlight and its spans' styles; nil when they change nothing.
    /// Made again only when what they are made from differs from the last frame's.
    private func changes(of layout: TextLayout, width: Double, height: Double, host: HostLayerState)
        -> [TextUnitChange]?
    {
        let highlighted = content.captions?.style.highlight != nil ? words : nil
        let key = ChangesKey(
            layout: ObjectIdentifier(layout), width: width, height: height, values: host.textAnimatorValues,
            color: host.textColor, words: highlighted, cue: spans.isEmpty ? nil : cue, time: wiggles ? time : nil)
        if let lastChanges, lastChanges.key == key { return lastChanges.changes }
        var animators = content.animators(changedBy: host)
        if let highlight = content.captions?.style.highlight, let words {
            animators.append(Self.highlighting(words: words, with: highlight))
        }
        var changes: [TextUnitChange]?
        if !animators.isEmpty || !spans.isEmpty {
            var base = content
            if let color = host.textColor { base.color = anim_color_t(r: color.x, g: color.y, b: color.z, a: color.w) }
            var styled = styledCharacters(of: layout, base: base)
            for animator in animators {
                let weights = animator.selectors.weights(of: layout.units, time: time)
                for index in styled.indices { styled[index].apply(animator.properties, weight: weights[index]) }
            }
            let fill = SIMD4(base.color)
            if styled.contains(where: { !$0.isNone(fill: fill, stroke: layout.stroke) }) { changes = styled }
        }
        lastChanges = (key, changes)
        return changes
    }

    /// Each character as the caption cue's spans style it, before any animator: `<font color>`
    /// its fill; `<i>` leans it 12° (an oblique, as libass draws italics a font lacks); `<b>`
    /// thickens it by an outline in its fill colour a twentieth of the size wide, when the text
    /// has no outline of its own.
    private func styledCharacters(of layout: TextLayout, base: TextContent) -> [TextUnitChange] {
        var changes = [TextUnitChange](repeating: TextUnitChange(text: base), count: layout.units.count)
        guard !spans.isEmpty else { return changes }
        let graphemes = layout.paragraph.segments.graphemes
        var next = 0
        for (index, grapheme) in graphemes.enumerated() {
            while next < spans.count, spans[next].range.upperBound <= grapheme.lowerBound { next += 1 }
            guard next < spans.count, spans[next].range.contains(grapheme.lowerBound) else { continue }
            let span = spans[next].span
            if let colour = span.colorValue { changes[index].fillColor = colour }
            if span.italic { changes[index].skew += 12 }
            if span.bold, layout.stroke == nil {
                changes[index].strokeColor = changes[index].fillColor
                changes[index].strokeWidth = content.size / 20
            }
        }
        return changes
    }

    /// The caption highlight as a text animator: a square range over `words` alone, giving them
    /// the highlight's colour and scale.
    static func highlighting(words: Range<Int>, with highlight: CaptionHighlight) -> TextAnimator {
        var range = TextRangeSelector()
        range.by = .words
        range.units = .index
        range.start = Double(words.lowerBound)
        range.end = Double(words.upperBound)
        var properties = TextAnimatorProperties()
        properties.fillColor = highlight.color
        if highlight.scale != 1 { properties.scale = anim_point_t(x: highlight.scale, y: highlight.scale) }
        return TextAnimator(selectors: [.range(range)], properties: properties)
    }

    /// One rounded box per line, from the ascent to the descent and from the line's first glyph
    /// to its last, grown by the box's padding; the boxes are filled as one shape, so where two
    /// overlap the colour does not double.
    private func paintBox(_ box: CaptionBox, behind layout: TextLayout, alpha: Double, on cr: OpaquePointer) {
        cairo_new_path(cr)
        for line in layout.lines {
            guard let extent = Self.extent(of: layout.placed[line.glyphs]) else { continue }
            addRoundedBox(
                left: extent.lowerBound - box.padding, right: extent.upperBound + box.padding,
                top: line.baseline - layout.ascent - box.padding, bottom: line.baseline + layout.descent + box.padding,
                radius: box.cornerRadius, on: cr)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_set_source_rgba(cr, box.color.r, box.color.g, box.color.b, box.color.a * alpha)
        cairo_fill(cr)
    }

    /// A box behind the words being spoken, on each line they lie on, from the ascent to the
    /// descent, a tenth of the size wider than them on each side.
    private func paintWordBox(
        _ colour: anim_color_t, words: Range<Int>, of layout: TextLayout, alpha: Double,
        on cr: OpaquePointer
    ) {
        let margin = content.size / 10
        cairo_new_path(cr)
        for line in layout.lines {
            let glyphs = layout.placed[line.glyphs].filter { glyph in
                glyph.grapheme.flatMap { layout.units.word[$0] }.map(words.contains) ?? false
            }
            guard let extent = Self.extent(of: glyphs[...]) else { continue }
            addRoundedBox(
                left: extent.lowerBound - margin, right: extent.upperBound + margin,
                top: line.baseline - layout.ascent, bottom: line.baseline + layout.descent, radius: margin, on: cr)
        }
        cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, colour.a * alpha)
        cairo_fill(cr)
    }

    private static func extent(of glyphs: ArraySlice<TextLayout.Placed>) -> ClosedRange<Double>? {
        guard let left = glyphs.map(\.pen).min(), let right = glyphs.map({ $0.pen + $0.advance }).max(), right > left
        else { return nil }
        return left...right
    }

    private func addRoundedBox(
        left: Double, right: Double, top: Double, bottom: Double, radius: Double, on cr: OpaquePointer
    ) {
        let radius = min(max(radius, 0), (right - left) / 2, (bottom - top) / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, right - radius, top + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, right - radius, bottom - radius, radius, 0, .pi / 2)
        cairo_arc(cr, left + radius, bottom - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, left + radius, top + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
