import CAnimatorABI
import Text

/// Which value of one text animator an `animate` step changes.
public enum TextAnimatorField: Sendable, Hashable {
    /// A number of selector `index` (`select.offset`, or `select.1.offset` in a list).
    case selector(index: Int, name: String)
    /// A property (`properties.scale`).
    case property(String)

    /// The numbers of a range selector that steps may animate.
    public static let rangeNames = rangeNumbers.map(\.name)
    /// The same of a wiggly selector.
    public static let wigglyNames = wigglyNumbers.map(\.name)

    /// A range selector's animated numbers by name, each where it is read and written. `end`
    /// reads the end of its units when the file gives none.
    static let rangeNumbers: [(name: String, path: WritableKeyPath<TextRangeSelector, Double> & Sendable)] = [
        ("start", \.start), ("end", \.animatedEnd), ("offset", \.offset), ("easeHigh", \.easeHigh),
        ("easeLow", \.easeLow), ("smoothness", \.smoothness), ("amount", \.amount),
    ]
    /// The same of a wiggly selector.
    static let wigglyNumbers: [(name: String, path: WritableKeyPath<TextWigglySelector, Double> & Sendable)] = [
        ("maxAmount", \.maxAmount), ("minAmount", \.minAmount), ("wigglesPerSecond", \.wigglesPerSecond),
        ("correlation", \.correlation), ("temporalPhase", \.temporalPhase), ("spatialPhase", \.spatialPhase),
    ]
}

extension TextRangeSelector {
    /// `end` as a step animates it: the file's, or the end of its units when it gives none.
    var animatedEnd: Double {
        get { end ?? (units == .percent ? 100 : 0) }
        set { end = newValue }
    }
}

/// One animated value of one text animator, as `HostLayerState.textAnimatorValues` keys it.
public struct TextAnimatorSlot: Sendable, Hashable {
    public let animator: Int
    public let field: TextAnimatorField

    public init(animator: Int, field: TextAnimatorField) { (self.animator, self.field) = (animator, field) }
}

/// A text animator's value an `animate` step changes: `textAnimators.<i>.select.<name>` (a
/// `select` written as one selector), `textAnimators.<i>.select.<j>.<name>` (a list), or
/// `textAnimators.<i>.properties.<name>`.
public struct TextAnimatorKeyPath: Sendable, Equatable {
    public let slot: TextAnimatorSlot
    /// As the file writes it.
    public let written: String
    public let kind: LayerKeyPath.Kind
    /// The range the key has where the file sets it; animated values (a spring overshoots) are
    /// kept inside it.
    public let range: ClosedRange<Double>?

    public static func == (left: TextAnimatorKeyPath, right: TextAnimatorKeyPath) -> Bool { left.slot == right.slot }

    /// The value in this frame: the step-changed one, else the file's (a property the file leaves
    /// out is the one that changes nothing).
    func value(_ host: HostLayerState, content: LayerContent) -> [Double] {
        if let value = host.textAnimatorValues[slot] { return value }
        guard let text = content.text, text.animators.indices.contains(slot.animator) else {
            return Array(repeating: 0, count: kind.components)
        }
        return text.animators[slot.animator].value(of: slot.field, text: text)
    }

    func set(_ value: [Double], on host: inout HostLayerState) {
        let kept =
            switch kind {
            case .color: value.map { min(max($0, 0), 1) }
            default: range.map { range in value.map { min(max($0, range.lowerBound), range.upperBound) } } ?? value
            }
        host.textAnimatorValues[slot] = kept
    }

    /// The kind and range of `field`, from the declarations of its key; nil when there is no such
    /// animatable value.
    public static func kindAndRange(of field: TextAnimatorField) -> (LayerKeyPath.Kind, ClosedRange<Double>?)? {
        switch field {
        case .selector(_, let name):
            guard (TextAnimatorField.rangeNames + TextAnimatorField.wigglyNames).contains(name) else { return nil }
            return (.number, Keys.textSelector[name].form.numberRange)
        case .property(let name):
            guard TextAnimatorProperties.names.contains(name) else { return nil }
            let form = Keys.textAnimatorProperties[name].form
            switch form {
            case .color: return (.color, nil)
            case .point(let range): return (.point, range)
            default: return (.number, form.numberRange)
            }
        }
    }
}

extension TextAnimator {
    /// The value of `field` as numbers: the file's, or for a property it leaves out the one that
    /// changes nothing (0, scale 1, opacity 1, the text's own colours and outline width). `scale`
    /// reads its horizontal factor.
    public func value(of field: TextAnimatorField, text: TextContent) -> [Double] {
        switch field {
        case .selector(let index, let name):
            guard selectors.indices.contains(index) else { return [0] }
            switch selectors[index] {
            case .range(let range):
                return [TextAnimatorField.rangeNumbers.first { $0.name == name }.map { range[keyPath: $0.path] } ?? 0]
            case .wiggly(let wiggly):
                return [TextAnimatorField.wigglyNumbers.first { $0.name == name }.map { wiggly[keyPath: $0.path] } ?? 0]
            }
        case .property(let name):
            let p = properties
            let unchanged = TextUnitChange(text: text)
            func color(_ c: anim_color_t) -> [Double] { [c.r, c.g, c.b, c.a] }
            switch name {
            case "position": return [p.position?.x ?? 0, p.position?.y ?? 0]
            case "anchor": return [p.anchor?.x ?? 0, p.anchor?.y ?? 0]
            case "scale": return [p.scale?.x ?? 1]
            case "rotation": return [p.rotation ?? 0]
            case "opacity": return [p.opacity ?? 1]
            case "fillColor": return color(p.fillColor ?? unchanged.fillColor)
            case "strokeColor": return color(p.strokeColor ?? unchanged.strokeColor)
            case "strokeWidth": return [p.strokeWidth ?? unchanged.strokeWidth]
            case "tracking": return [p.tracking ?? 0]
            case "blur": return [p.blur ?? 0]
            case "skew": return [p.skew ?? 0]
            default: return [0]
            }
        }
    }

    /// Sets `field` to `value` (as many numbers as its kind has); `scale` sets both factors.
    public mutating func set(_ field: TextAnimatorField, to value: [Double]) {
        switch field {
        case .selector(let index, let name):
            guard selectors.indices.contains(index), let number = value.first else { return }
            switch selectors[index] {
            case .range(var range):
                guard let path = TextAnimatorField.rangeNumbers.first(where: { $0.name == name })?.path else { return }
                range[keyPath: path] = number
                selectors[index] = .range(range)
            case .wiggly(var wiggly):
                guard let path = TextAnimatorField.wigglyNumbers.first(where: { $0.name == name })?.path else { return }
                wiggly[keyPath: path] = number
                selectors[index] = .wiggly(wiggly)
            }
        case .property(let name):
            func point() -> anim_point_t { anim_point_t(x: value[0], y: value.count > 1 ? value[1] : value[0]) }
            func color() -> anim_color_t { anim_color_t(r: value[0], g: value[1], b: value[2], a: value[3]) }
            switch name {
            case "position": properties.position = point()
            case "anchor": properties.anchor = point()
            case "scale": properties.scale = anim_point_t(x: value[0], y: value[0])
            case "rotation": properties.rotation = value[0]
            case "opacity": properties.opacity = value[0]
            case "fillColor": properties.fillColor = color()
            case "strokeColor": properties.strokeColor = color()
            case "strokeWidth": properties.strokeWidth = value[0]
            case "tracking": properties.tracking = value[0]
            case "blur": properties.blur = value[0]
            case "skew": properties.skew = value[0]
            default: break
            }
        }
    }
}
