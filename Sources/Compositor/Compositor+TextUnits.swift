import CAnimatorABI
import Scene
import Text

/// One character of a text as a frame lays it out, for tools that show what text animators
/// select (the studio draws each character's box shaded by its weight).
public struct TextUnitBox: Sendable {
    /// The character (a grapheme cluster) and its index among the text's characters, as selectors count them.
    public let character: String
    public let index: Int
    /// The corners of its box on the canvas, in canvas points: the advance of its glyphs from the
    /// ascent to the descent, where the layout puts it before any animator moves it, through the
    /// layer's transform (top left, top right, bottom right, bottom left).
    public let corners: [anim_point_t]
    /// Its weight under each of the text's animators in that frame, in order (the x weight,
    /// −1…1).
    public let weights: [Double]
}

extension Compositor {
    /// The characters that have glyphs in the text of layer `index` at the time last shown
    /// (`showFootage(at:)`), laid out in the layer's frame of `layers`, with the weights the
    /// animators `host` gives give them; empty when the layer has no text or it draws nothing.
    public func textUnits(ofLayer index: Int, in layers: [anim_layer_t], host: [HostLayerState]) -> [TextUnitBox] {
        precondition(layers.count == prepared.count && host.count == prepared.count, "one state per content")
        guard let text = prepared[index].text else { return [] }
        let frame = layers[index].frame
        guard let (layout, weights) = text.units(width: frame.width, height: frame.height, host: host[index]) else {
            return []
        }
        var transforms: [AffineTransform] = []
        layers.withUnsafeBufferPointer { tree.worldTransforms(of: $0, into: &transforms) }
        let world = transforms[index]
        let graphemes = layout.paragraph.segments.graphemes
        // Each character's line and the pen span of its glyphs, in one pass over them.
        var spans: [Int: (line: Int, left: Double, right: Double)] = [:]
        for glyph in layout.placed {
            guard let unit = glyph.grapheme else { continue }
            let known = spans[unit] ?? (glyph.line, glyph.pen, glyph.pen + glyph.advance)
            spans[unit] = (known.line, min(known.left, glyph.pen), max(known.right, glyph.pen + glyph.advance))
        }
        var boxes: [TextUnitBox] = []
        for unit in spans.keys.sorted() {
            let (line, left, right) = spans[unit]!
            let baseline = layout.lines[line].baseline
            let (top, bottom) = (baseline - layout.ascent, baseline + layout.descent)
            let corners = [(left, top), (right, top), (right, bottom), (left, bottom)].map {
                world.apply(anim_point_t(x: $0.0, y: $0.1))
            }
            boxes.append(
                TextUnitBox(
                    character: layout.paragraph.segments.string(in: graphemes[unit]), index: unit, corners: corners,
                    weights: weights.map { $0[unit] }))
        }
        return boxes
    }
}

extension PreparedText {
    /// The layout of the string shown now in a frame `width` × `height`, and each animator's x
    /// weight for each of its characters under `host`'s values; nil when the text draws nothing.
    func units(width: Double, height: Double, host: HostLayerState) -> (TextLayout, [[Double]])? {
        guard let layout = layoutShown else { return nil }
        layout.layOut(width: width, height: height)
        let weights = content.animators(changedBy: host).map { animator in
            animator.selectors.weights(of: layout.units, time: time).map(\.x)
        }
        return (layout, weights)
    }
}
