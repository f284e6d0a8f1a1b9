import CAnimatorABI
import ShapeGeometry

/// A value of a shape that an `animate` step changes: `shape.<key>` for a shape of one path (or
/// every path of an SVG's shape), `shape.paths.<i>.<key>` for one of several.
public struct ShapeKeyPath: Sendable, Equatable {
    public let slot: ShapeSlot
    /// As the file writes it.
    public let written: String
    public let kind: LayerKeyPath.Kind
    public let range: ClosedRange<Double>?
    /// For `path`: the layer's own path as numbers of `kind`'s structure, the value a step that
    /// gives no `from` starts at (see `Decoding.decodePathAnimation`).
    public let basePath: [Double]?

    public init(
        slot: ShapeSlot, written: String, kind: LayerKeyPath.Kind, range: ClosedRange<Double>?,
        basePath: [Double]? = nil
    ) {
        (self.slot, self.written, self.kind, self.range, self.basePath) = (slot, written, kind, range, basePath)
    }

    public static func == (left: ShapeKeyPath, right: ShapeKeyPath) -> Bool { left.slot == right.slot }

    /// The same key path for values matched to `base`'s structure.
    func matched(to base: BezierPath) -> ShapeKeyPath {
        ShapeKeyPath(slot: slot, written: written, kind: .path(base.structure), range: nil, basePath: base.numbers)
    }

    /// The value in this frame: the one a step set, else the file's.
    func value(_ host: HostLayerState, content: LayerContent) -> [Double] {
        if case .path(let structure) = kind {
            // A path an earlier step left in another structure: this step starts from the file's.
            if let path = host.shapePaths[slot], path.structure == structure { return path.numbers }
            return basePath ?? []
        }
        if let value = host.shapeValues[slot], value.count == kind.components { return value }
        guard let shape = content.shape else { return Array(repeating: 0, count: kind.components) }
        let style = slot.path.map { shape.paths[$0].style } ?? shape.svgStyle ?? ShapeStyle()
        return slot.key.value(of: style, path: slot.path.map { shape.paths[$0].path })
    }

    func set(_ value: [Double], on host: inout HostLayerState) {
        if case .path(let structure) = kind {
            host.shapePaths[slot] = BezierPath(structure: structure, numbers: value)
            return
        }
        host.shapeValues[slot] =
            kind.isColor
            ? value.map { min(max($0, 0), 1) }
            : range.map { range in value.map { min(max($0, range.lowerBound), range.upperBound) } } ?? value
    }
}

/// Which value of which path: `path` nil for every path of an SVG's shape.
public struct ShapeSlot: Sendable, Hashable {
    public let path: Int?
    public let key: ShapeKey

    public init(path: Int?, key: ShapeKey) {
        (self.path, self.key) = (path, key)
    }
}

/// The animatable keys of a shape's path, as key paths write them.
public enum ShapeKey: String, CaseIterable, Sendable {
    case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPattern, lineDashPhase
    case strokeStart, strokeEnd, trimOffset
    case fillGradientColors = "fillGradient.colors"
    case fillGradientLocations = "fillGradient.locations"
    case fillGradientStart = "fillGradient.start"
    case fillGradientEnd = "fillGradient.end"
    case strokeGradientColors = "strokeGradient.colors"
    case strokeGradientLocations = "strokeGradient.locations"
    case strokeGradientStart = "strokeGradient.start"
    case strokeGradientEnd = "strokeGradient.end"

    /// The style key it animates, whose declaration gives its range.
    var declaredKey: String { rawValue.split(separator: ".").first.map(String.init) ?? rawValue }

    /// The gradient it reaches into, and which part of it.
    private var gradientPart: (stroke: Bool, part: GradientPart)? {
        switch self {
        case .fillGradientColors: (false, .colors)
        case .fillGradientLocations: (false, .locations)
        case .fillGradientStart: (false, .start)
        case .fillGradientEnd: (false, .end)
        case .strokeGradientColors: (true, .colors)
        case .strokeGradientLocations: (true, .locations)
        case .strokeGradientStart: (true, .start)
        case .strokeGradientEnd: (true, .end)
        default: nil
        }
    }

    private enum GradientPart {
        case colors, locations, start, end
    }

    /// Its value in `style` (and `path`, for the path key), as numbers.
    func value(of style: ShapeStyle, path: BezierPath?) -> [Double] {
        func color(_ paint: ShapeStyle.Paint?) -> [Double] {
            guard case .color(let c) = paint else { return [0, 0, 0, 0] }
            return [c.r, c.g, c.b, c.a]
        }
        if let (stroke, part) = gradientPart {
            guard case .gradient(let gradient) = stroke ? style.stroke : style.fill else { return [] }
            switch part {
            case .colors: return gradient.stops.flatMap { [$0.color.r, $0.color.g, $0.color.b, $0.color.a] }
            case .locations: return gradient.stops.map(\.location)
            case .start: return [gradient.start.x, gradient.start.y]
            case .end: return [gradient.end.x, gradient.end.y]
            }
        }
        switch self {
        case .path: return path?.numbers ?? []
        case .fillColor: return color(style.fill)
        case .strokeColor: return color(style.stroke)
        case .lineWidth: return [style.lineWidth]
        case .miterLimit: return [style.miterLimit]
        case .lineDashPattern: return style.dashes
        case .lineDashPhase: return [style.dashPhase]
        case .strokeStart: return [style.strokeStart]
        case .strokeEnd: return [style.strokeEnd]
        default: return [style.trimOffset]
        }
    }

    /// Sets it in `style` (a path is kept apart: `HostLayerState.shapePaths`).
    func apply(_ value: [Double], to style: inout ShapeStyle) {
        func color(_ v: [Double]) -> ShapeStyle.Paint { .color(anim_color_t(r: v[0], g: v[1], b: v[2], a: v[3])) }
        if let (stroke, part) = gradientPart {
            guard case .gradient(var gradient) = stroke ? style.stroke : style.fill else { return }
            switch part {
            case .colors:
                for index in gradient.stops.indices where 4 * index + 3 < value.count {
                    let v = value[(4 * index)...]
                    let at = v.startIndex
                    gradient.stops[index].color = anim_color_t(r: v[at], g: v[at + 1], b: v[at + 2], a: v[at + 3])
                }
            case .locations:
                for index in gradient.stops.indices where index < value.count {
                    gradient.stops[index].location = value[index]
                }
            case .start: gradient.start = anim_point_t(x: value[0], y: value[1])
            case .end: gradient.end = anim_point_t(x: value[0], y: value[1])
            }
            if stroke { style.stroke = .gradient(gradient) } else { style.fill = .gradient(gradient) }
            return
        }
        switch self {
        case .path: return
        case .fillColor: style.fill = color(value)
        case .strokeColor: style.stroke = color(value)
        case .lineWidth: style.lineWidth = value[0]
        case .miterLimit: style.miterLimit = value[0]
        case .lineDashPattern: style.dashes = value
        case .lineDashPhase: style.dashPhase = value[0]
        case .strokeStart: style.strokeStart = value[0]
        case .strokeEnd: style.strokeEnd = value[0]
        default: style.trimOffset = value[0]
        }
    }
}

extension ShapeContent {
    /// `paths` (the file's, or an SVG's as read) as they are in a frame of a layer whose host
    /// state is `host`: the file's values where no step changed them.
    public static func changed(_ paths: [ShapePath], by host: HostLayerState) -> [ShapePath] {
        guard !host.shapeValues.isEmpty || !host.shapePaths.isEmpty else { return paths }
        var changed = paths
        for (slot, value) in host.shapeValues {
            for index in slot.path.map({ [$0] }) ?? Array(changed.indices) where changed.indices.contains(index) {
                slot.key.apply(value, to: &changed[index].style)
            }
        }
        for (slot, path) in host.shapePaths {
            for index in slot.path.map({ [$0] }) ?? Array(changed.indices) where changed.indices.contains(index) {
                changed[index].path = path
            }
        }
        return changed
    }
}
