import CAnimatorABI
import Compositor
import Scene

/// A text at a place on a picture, drawn as a Compositor text layer: the same DejaVu fonts,
/// wrapping and byte-for-byte deterministic glyphs as text in frames. Text that does not fit
/// its frame is clipped to it.
struct Label {
    var text: String
    var frame: anim_rect_t
    var size: Double
    var color: anim_color_t
    var alignment: TextAlignment = .left
    var bold = false

    /// The title line across the top of a picture of `width` pixels.
    static func title(_ text: String, width: Int) -> Label {
        let margin = Double(SheetStyle.margin)
        return Label(
            text: text,
            frame: anim_rect_t(
                x: margin, y: 14, width: Double(width) - 2 * margin,
                height: Double(SheetStyle.titleHeight)),
            size: SheetStyle.titleSize, color: SheetStyle.title, bold: true)
    }
}

extension FrameBuffer {
    /// A `width` × `height` picture of `background` with `labels` on it; the caller draws the
    /// rest over it with Cairo (see `withCairo`).
    static func labelled(width: Int, height: Int, background: anim_color_t, labels: [Label]) throws(OutOfMemory)
        -> FrameBuffer
    {
        let buffer = try FrameBuffer(width: width, height: height)
        let contents = labels.map { label in
            LayerContent(
                text: TextContent(
                    string: label.text, size: label.size, bold: label.bold,
                    color: label.color, alignment: label.alignment))
        }
        let compositor = Compositor(
            canvas: Canvas(width: width, height: height, background: background),
            contents: contents)
        compositor.render(labels.map { anim_layer_t.base(name: nil, frame: $0.frame) }, into: buffer)
        return buffer
    }
}
