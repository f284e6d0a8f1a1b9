/// How a layer's picture combines with what lies under it in its parent: the sixteen modes of
/// W3C Compositing and Blending Level 1 (CSS `mix-blend-mode`), applied to the layer's group as
/// source-over with the mode's mixing of colours, and `add` (After Effects' Add, Lottie's blend
/// mode 16, CSS `plus-lighter`): the premultiplied colours summed and clamped.
public enum BlendMode: String, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge"
    case colorBurn = "color-burn"
    case hardLight = "hard-light"
    case softLight = "soft-light"
    case difference, exclusion, hue, saturation, color, luminosity, add
}
