import CAnimatorABI

/// How each line of a text sits between the left and right edges of its layer's frame.
public enum TextAlignment: String, Sendable, CaseIterable {
    case left, center, right
}

/// Where the block of lines sits between the top and bottom edges of its layer's frame.
public enum TextVerticalAlignment: String, Sendable, CaseIterable {
    case top, center, bottom
}

/// A text a layer shows above its fill and image, word-wrapped to the width of its frame. Like
/// every content it is fixed for a render; an animator changing the frame only re-wraps it.
public struct TextContent: Sendable {
    /// Lines break at spaces and at "\n"; runs of spaces count as one. A word wider than the
    /// frame keeps a line of its own and is clipped.
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

    /// The family texts use unless they name one (installed with the project's Debian packages).
    public static let defaultFontFamily = "DejaVu Sans"

    public init(
        string: String, fontFamily: String = defaultFontFamily, size: Double, bold: Bool = false,
        color: anim_color_t = anim_color_t(r: 0, g: 0, b: 0, a: 1), alignment: TextAlignment = .left,
        lineHeight: Double = 1.2, verticalAlignment: TextVerticalAlignment = .top, padding: Double = 0,
        maxLines: Int? = nil, fallback: Bool = false
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
    }
}
