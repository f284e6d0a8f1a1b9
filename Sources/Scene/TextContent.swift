import CAnimatorABI
import Text

/// How each line of a text sits between the left and right edges of its layer's frame.
public enum TextAlignment: String, Sendable, CaseIterable {
    /// The edge a paragraph's lines start at: the left edge of a left-to-right paragraph, the
    /// right edge of a right-to-left one (a paragraph reads in the direction of its first
    /// letter). The default.
    case start
    /// The edge a paragraph's lines end at: right for left-to-right, left for right-to-left.
    case end
    /// The same edge whatever the paragraph's direction.
    case left, center, right
}

/// An outline around a text's glyphs, drawn under their fill (so it shows outside them only),
/// with round joins.
public struct TextStroke: Sendable {
    /// Straight alpha.
    public var color: anim_color_t
    /// The outline's whole width in pixels of the layer's own coordinates, centred on the
    /// glyphs' edges: half of it shows outside them. 0 draws none.
    public var width: Double

    public init(color: anim_color_t, width: Double) {
        self.color = color
        self.width = width
    }
}

/// A blurred copy of a text (its glyphs and stroke) drawn under it.
public struct TextShadow: Sendable {
    /// Straight alpha: the alpha is the shadow's opacity.
    public var color: anim_color_t
    /// How far the shadow lies from the text, in pixels of the layer's own coordinates (y down).
    public var offset: anim_point_t
    /// The blur radius in pixels; 0 is a sharp copy.
    public var blur: Double

    public init(color: anim_color_t, offset: anim_point_t, blur: Double) {
        self.color = color
        self.offset = offset
        self.blur = blur
    }
}

/// Where the block of lines sits between the top and bottom edges of its layer's frame.
public enum TextVerticalAlignment: String, Sendable, CaseIterable {
    case top, center, bottom
}

/// A text a layer shows above its fill and image, word-wrapped to the width of its frame. Like
/// every content it is fixed for a render; an animator changing the frame only re-wraps it.
public struct TextContent: Sendable {
    /// Lines break where Unicode's line-breaking rules (UAX #14) allow, so text without spaces
    /// (Chinese, Japanese, Thai) wraps too, and always at "\n"; runs of spaces count as one. A
    /// stretch with no break wider than the frame keeps a line of its own and is clipped.
    public var string: String
    /// A fontconfig family name: one of the pipeline's `fonts` or one installed.
    public var fontFamily: String
    /// A family that is not found is drawn in fontconfig's nearest match; without this it is an
    /// error.
    public var fallback: Bool
    /// The em size in pixels of the layer's own coordinates.
    public var size: Double
    public var bold: Bool
    /// Straight alpha, like every colour here.
    public var color: anim_color_t
    public var alignment: TextAlignment
    /// An outline under the fill; nil draws none.
    public var stroke: TextStroke?
    /// A shadow under the text; nil draws none.
    public var shadow: TextShadow?
    /// OpenType features in HarfBuzz's feature string syntax ("tnum", "-liga", "kern=0",
    /// "ss01=1"), applied in order over the whole text after the font's defaults: a 4-character
    /// tag, "+" or nothing to turn it on, "-" to turn it off, "=value" to set its value.
    public var features: [String]
    /// Space added after every grapheme cluster (letter spacing), in thousandths of the em size
    /// (After Effects' unit: 100 at a size of 20 adds 2 pixels); negative tightens. 0 by default.
    public var tracking: Double
    /// The distance between baselines as a multiple of `size`.
    public var lineHeight: Double
    public var verticalAlignment: TextVerticalAlignment
    /// Pixels kept free inside every edge of the frame: the text wraps to the width left.
    public var padding: Double
    /// At most this many lines; a text that needs more ends its last line with "…".
    public var maxLines: Int?
    /// Where the file names the font family, when it does (a family that is not found is
    /// reported there).
    public var fontOrigin: SceneError.Origin?
    /// Per-character animation (`textAnimators`), applied in order; see `TextAnimator` and
    /// `[TextAnimator].changes(of:from:time:)`.
    public var animators: [TextAnimator] = []
    /// Where the string comes from over time: `string` alone, strings held between times, or a
    /// counter. `string(at:)` gives the string shown.
    public var source: TextSource = .fixed
    /// Captions shown in place of the string; see `string(at:)` and `TextCaptions.track`.
    public var captions: TextCaptions?

    /// The family texts use unless they name one (installed with the project's Debian packages).
    public static let defaultFontFamily = "DejaVu Sans"

    public init(
        string: String, fontFamily: String = defaultFontFamily, size: Double, bold: Bool = false,
        color: anim_color_t = anim_color_t(r: 0, g: 0, b: 0, a: 1), alignment: TextAlignment = .start,
        lineHeight: Double = 1.2, verticalAlignment: TextVerticalAlignment = .top, padding: Double = 0,
        maxLines: Int? = nil, fallback: Bool = false, stroke: TextStroke? = nil, shadow: TextShadow? = nil,
        features: [String] = [], tracking: Double = 0
    ) {
        self.string = string
        self.fontFamily = fontFamily
        self.size = size
        self.bold = bold
        self.color = color
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.verticalAlignment = verticalAlignment
        self.padding = padding
        self.maxLines = maxLines
        self.fallback = fallback
        self.stroke = stroke
        self.shadow = shadow
        self.features = features
        self.tracking = tracking
    }
}

extension TextContent {
    /// The string shown at render time `time` (seconds): the cue's text while a caption cue
    /// shows (nothing between cues), the counter's number, the string keyframe in effect, or
    /// `string`.
    public func string(at time: Double) -> String {
        if let captions { return captions.track.cue(at: time)?.text ?? "" }
        switch source {
        case .fixed: return string
        case .keyframes(let keyframes): return keyframes.value(at: time)
        case .counter(let counter): return counter.string(at: time)
        }
    }

    /// The text animators as they are in one frame: the file's, with the values `animate` steps
    /// changed (`HostLayerState.textAnimatorValues`) put in.
    public func animators(changedBy host: HostLayerState) -> [TextAnimator] {
        var animators = self.animators
        for (slot, value) in host.textAnimatorValues where animators.indices.contains(slot.animator) {
            animators[slot.animator].set(slot.field, to: value)
        }
        return animators
    }
}

extension TextUnitChange {
    /// No change: the text's own colours and outline.
    public init(text: TextContent) {
        self.init(
            fillColor: text.color, strokeColor: text.stroke?.color ?? anim_color_t(r: 0, g: 0, b: 0, a: 0),
            strokeWidth: text.stroke?.width ?? 0)
    }
}
