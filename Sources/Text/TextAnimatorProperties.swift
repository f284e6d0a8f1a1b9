import CAnimatorABI

/// What a text animator changes, each nil when it changes nothing: the value a fully selected
/// unit (weight 1) shows. A unit of weight w (−1…1) shows w of the change, as After Effects
/// interpolates its animator properties; `TextUnitChange.apply` gives the rule of each.
public struct TextAnimatorProperties: Sendable {
    /// Pixels added to the character's place: w · position.
    public var position: anim_point_t?
    /// Pixels the character's own origin (the point it scales and turns about) moves by: w · anchor.
    public var anchor: anim_point_t?
    /// A multiplier per axis: 1 + w · (s − 1).
    public var scale: anim_point_t?
    /// Degrees clockwise added: w · rotation.
    public var rotation: Double?
    /// An opacity multiplying the layer's own by 1 + w · (o − 1), the result kept between 0 and 1.
    public var opacity: Double?
    /// Colours mixed in by w from the text's own: c + w · (fill − c), each channel kept within 0…1.
    public var fillColor: anim_color_t?
    public var strokeColor: anim_color_t?
    /// Pixels: the outline's width becomes s + w · (width − s) from the text's own s, at least 0.
    public var strokeWidth: Double?
    /// Thousandths of the em added after the character: w · tracking.
    public var tracking: Double?
    /// Pixels of blur radius added: w · blur, at least 0.
    public var blur: Double?
    /// Degrees of horizontal shear added: w · skew.
    public var skew: Double?

    public init() {}

    /// The names of the properties, as files write them under `properties`.
    public static let names = [
        "position", "anchor", "scale", "rotation", "opacity", "fillColor", "strokeColor", "strokeWidth", "tracking",
        "blur", "skew",
    ]
}

/// A text animator: its selectors weigh the characters, and each character shows its weight of
/// the properties.
public struct TextAnimator: Sendable {
    public var selectors: [TextSelector]
    public var properties: TextAnimatorProperties
    /// Whether the file wrote `select` as a list; the key paths of its selectors then name their
    /// index (`select.1.offset`).
    public var selectIsList: Bool

    public init(selectors: [TextSelector], properties: TextAnimatorProperties, selectIsList: Bool = false) {
        (self.selectors, self.properties, self.selectIsList) = (selectors, properties, selectIsList)
    }
}

/// What the text animators make of one character: start from no change (the text's own colours
/// and outline) and apply each animator's properties at the character's weight, in the order of
/// the list.
public struct TextUnitChange: Sendable {
    public var position = anim_point_t(x: 0, y: 0)
    public var anchor = anim_point_t(x: 0, y: 0)
    public var scale = anim_point_t(x: 1, y: 1)
    public var rotation = 0.0
    /// Multiplies the layer's opacity.
    public var opacity = 1.0
    public var fillColor: anim_color_t
    /// The outline's colour and width; the text's own, or transparent and 0 when it has no outline.
    public var strokeColor: anim_color_t
    public var strokeWidth: Double
    public var tracking = 0.0
    public var blur = 0.0
    public var skew = 0.0

    /// No change of a text whose own fill is `fillColor` and outline `strokeColor` at `strokeWidth`.
    public init(fillColor: anim_color_t, strokeColor: anim_color_t, strokeWidth: Double) {
        (self.fillColor, self.strokeColor, self.strokeWidth) = (fillColor, strokeColor, strokeWidth)
    }

    /// Applies `properties` at `weight` (x for numbers and colours, x and y for points):
    /// additive properties add w · value, scale and opacity multiply by 1 + w · (v − 1), colours
    /// and the stroke width move w of the way from the current value to the animator's.
    public mutating func apply(_ properties: TextAnimatorProperties, weight: TextSelectionWeight) {
        let (w, wy) = (weight.x, weight.y)
        if let p = properties.position { position = anim_point_t(x: position.x + w * p.x, y: position.y + wy * p.y) }
        if let a = properties.anchor { anchor = anim_point_t(x: anchor.x + w * a.x, y: anchor.y + wy * a.y) }
        if let s = properties.scale {
            scale = anim_point_t(x: scale.x * (1 + w * (s.x - 1)), y: scale.y * (1 + wy * (s.y - 1)))
        }
        if let r = properties.rotation { rotation += w * r }
        if let o = properties.opacity { opacity = Self.unit(opacity * (1 + w * (o - 1))) }
        if let c = properties.fillColor { fillColor = Self.mix(fillColor, c, w) }
        if let c = properties.strokeColor { strokeColor = Self.mix(strokeColor, c, w) }
        if let s = properties.strokeWidth { strokeWidth = max(0, strokeWidth + w * (s - strokeWidth)) }
        if let t = properties.tracking { tracking += w * t }
        if let b = properties.blur { blur = max(0, blur + w * b) }
        if let k = properties.skew { skew += w * k }
    }

    static func mix(_ from: anim_color_t, _ to: anim_color_t, _ w: Double) -> anim_color_t {
        anim_color_t(
            r: unit(from.r + w * (to.r - from.r)), g: unit(from.g + w * (to.g - from.g)),
            b: unit(from.b + w * (to.b - from.b)), a: unit(from.a + w * (to.a - from.a)))
    }

    private static func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
}

extension [TextAnimator] {
    /// Every character's change at `time`, from `unchanged` (the text's own look): the animators
    /// applied in order, each at the weights its selectors give, as the drawing side applies
    /// them once per frame.
    public func changes(of characters: TextUnitMap, from unchanged: TextUnitChange, time: Double) -> [TextUnitChange] {
        var changes = [TextUnitChange](repeating: unchanged, count: characters.count)
        for animator in self {
            let weights = animator.selectors.weights(of: characters, time: time)
            for index in changes.indices { changes[index].apply(animator.properties, weight: weights[index]) }
        }
        return changes
    }
}
