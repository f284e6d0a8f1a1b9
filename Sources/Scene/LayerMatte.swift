/// A track matte: another layer whose picture decides how much of this one shows, as After
/// Effects' track mattes and Lottie's `tt` do. The matte layer is a sibling (a layer of the same
/// list), drawn with everything it has only to make the matte; it is not drawn itself unless
/// `showsMatte`.
public struct LayerMatte: Sendable, Equatable {
    /// The matte layer's index.
    public var layer: Int
    public var mode: MatteMode
    /// Whether the matte layer is drawn too, where it stands (After Effects hides it).
    public var showsMatte: Bool

    public init(layer: Int, mode: MatteMode, showsMatte: Bool = false) {
        self.layer = layer
        self.mode = mode
        self.showsMatte = showsMatte
    }
}

/// What of the matte layer's picture the matted layer shows through: its alpha, or its luminance
/// (Rec. 709's coefficients on the encoded sRGB values, times alpha, as CSS `mask-mode: luminance`
/// reads a mask image), or the complement of either.
public enum MatteMode: String, Sendable, CaseIterable {
    case alpha
    case alphaInverted = "alpha-inverted"
    case luma
    case lumaInverted = "luma-inverted"

    public var isInverted: Bool { self == .alphaInverted || self == .lumaInverted }
    public var readsLuma: Bool { self == .luma || self == .lumaInverted }
}
