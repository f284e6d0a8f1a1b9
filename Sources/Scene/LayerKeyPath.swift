import CAnimatorABI
import ShapeGeometry

/// A property of a layer that an `animate` step changes, named by Core Animation's key path
/// (`anchor` for `anchorPoint`; rotations in degrees, as the layer's `rotation` key has them;
/// `perspective` for the eye's distance the layer's `perspective` key gives; `text.color` for its
/// text's colour). Each reads and writes its value as a few numbers: a number, a point, a size, a
/// rect or a colour.
public enum LayerKeyPath: String, CaseIterable, Sendable {
    case position, frame
    case boundsSize = "bounds.size"
    case anchor, opacity
    case scale = "transform.scale"
    case scaleX = "transform.scale.x"
    case scaleY = "transform.scale.y"
    case rotation = "transform.rotation"
    case rotationX = "transform.rotation.x"
    case rotationY = "transform.rotation.y"
    case perspective
    case translation = "transform.translation"
    case cornerRadius
    case shadowOpacity = "shadow.opacity"
    case shadowRadius = "shadow.radius"
    case shadowOffset = "shadow.offset"
    case shadowColor = "shadow.color"
    case backgroundColor
    case textColor = "text.color"

    /// How a value of the key path is written in a pipeline file.
    public enum Kind: Sendable, Equatable {
        case number, point, size, rect, color
        /// A fixed count of numbers (a dash pattern, a gradient's locations).
        case numbers(Int)
        /// A fixed count of colours (a gradient's colours), four numbers each.
        case colors(Int)
        /// A path (SVG path data in the file), as the numbers of a path of this structure.
        case path(PathStructure)

        /// How many numbers a value has.
        public var components: Int {
            switch self {
            case .number: 1
            case .point, .size: 2
            case .rect, .color: 4
            case .numbers(let count): count
            case .colors(let count): 4 * count
            case .path(let structure): structure.numberCount
            }
        }

        /// What a value looks like, for messages.
        public var written: String {
            switch self {
            case .number: "a number"
            case .point: "a point [x, y]"
            case .size: "a size [width, height]"
            case .rect: "a rect [x, y, width, height]"
            case .color: "a colour such as \"#3366cc\""
            case .numbers(let count): "an array of \(count) number\(count == 1 ? "" : "s")"
            case .colors(let count): "an array of \(count) colours"
            case .path: "SVG path data such as \"M 0 0 L 10 10\""
            }
        }

        /// Whether its numbers are colour components, each kept within 0...1.
        public var isColor: Bool {
            switch self {
            case .color, .colors: true
            default: false
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .position, .anchor, .translation, .shadowOffset: .point
        case .boundsSize: .size
        case .frame: .rect
        case .shadowColor, .backgroundColor, .textColor: .color
        case .opacity, .scale, .scaleX, .scaleY, .rotation, .rotationX, .rotationY, .perspective, .cornerRadius,
            .shadowOpacity, .shadowRadius:
            .number
        }
    }

    /// The range the layer's own key for this value declares (the frame's for `position` and
    /// `bounds.size`): the numbers an `animate` step gives must lie in it, as the key's must. Nil
    /// for colours, which are in range whenever they read.
    public var range: ClosedRange<Double>? {
        let key: FormatKey? =
            switch self {
            case .position, .frame, .boundsSize: Keys.layer["frame"]
            case .anchor: Keys.layer["anchor"]
            case .opacity: Keys.layer["opacity"]
            case .scale, .scaleX, .scaleY: Keys.layer["scale"]
            case .rotation: Keys.layer["rotation"]
            case .rotationX: Keys.layer["rotationX"]
            case .rotationY: Keys.layer["rotationY"]
            case .perspective: Keys.layer["perspective"]
            case .translation: Keys.layer["translation"]
            case .cornerRadius: Keys.layer["cornerRadius"]
            case .shadowOpacity: Keys.shadow["opacity"]
            case .shadowRadius: Keys.shadow["radius"]
            case .shadowOffset: Keys.shadow["offset"]
            case .shadowColor, .backgroundColor, .textColor: nil
            }
        return key?.form.numberRange
    }

    /// The layer's value, from its ABI state and the host's (`content` gives the file's fill and
    /// text colours). `position` is where the anchor point lies in the parent's coordinates, as in
    /// Core Animation; `transform.scale` reads the horizontal factor.
    public func value(of layer: anim_layer_t, _ host: HostLayerState, content: LayerContent) -> [Double] {
        let frame = layer.frame
        switch self {
        case .rotationX: return [host.rotationX]
        case .rotationY: return [host.rotationY]
        case .perspective: return [host.perspective]
        case .backgroundColor:
            if let color = host.fillColor { return [color.x, color.y, color.z, color.w] }
            guard case .color(let color) = content.fill else { return [0, 0, 0, 0] }
            return [color.r, color.g, color.b, color.a]
        case .textColor:
            if let color = host.textColor { return [color.x, color.y, color.z, color.w] }
            let color = content.text?.color ?? anim_color_t(r: 0, g: 0, b: 0, a: 0)
            return [color.r, color.g, color.b, color.a]
        case .position: return Self.position(of: layer)
        case .frame: return [frame.x, frame.y, frame.width, frame.height]
        case .boundsSize: return [frame.width, frame.height]
        case .anchor: return [layer.anchor.x, layer.anchor.y]
        case .opacity: return [layer.opacity]
        case .scale, .scaleX: return [layer.scale.x]
        case .scaleY: return [layer.scale.y]
        case .rotation: return [layer.rotation]
        case .translation: return [layer.translation.x, layer.translation.y]
        case .cornerRadius: return [layer.corner_radius]
        case .shadowOpacity: return [layer.shadow.opacity]
        case .shadowRadius: return [layer.shadow.radius]
        case .shadowOffset: return [layer.shadow.offset.x, layer.shadow.offset.y]
        case .shadowColor:
            let color = layer.shadow.color
            return [color.r, color.g, color.b, color.a]
        }
    }

    /// Sets the layer's value. As in Core Animation, a new `position`, bounds size or `anchor`
    /// keeps the other two: the frame moves so that the anchor point lies at the position. A
    /// colour's components are kept within 0...1 (a spring may overshoot them).
    public func set(_ value: [Double], on layer: inout anim_layer_t, _ host: inout HostLayerState) {
        precondition(value.count == kind.components, "\(rawValue) takes \(kind.components) numbers")
        switch self {
        case .rotationX: host.rotationX = value[0]
        case .rotationY: host.rotationY = value[0]
        case .perspective: host.perspective = max(value[0], 0)
        case .backgroundColor: host.fillColor = Self.unitColor(value)
        case .textColor: host.textColor = Self.unitColor(value)
        case .position:
            layer.frame.x = value[0] - layer.anchor.x * layer.frame.width
            layer.frame.y = value[1] - layer.anchor.y * layer.frame.height
        case .frame:
            layer.frame = anim_rect_t(x: value[0], y: value[1], width: value[2], height: value[3])
        case .boundsSize:
            let position = Self.position(of: layer)
            layer.frame.width = value[0]
            layer.frame.height = value[1]
            LayerKeyPath.position.set(position, on: &layer, &host)
        case .anchor:
            let position = Self.position(of: layer)
            layer.anchor = anim_point_t(x: value[0], y: value[1])
            LayerKeyPath.position.set(position, on: &layer, &host)
        case .opacity: layer.opacity = value[0]
        case .scale: layer.scale = anim_point_t(x: value[0], y: value[0])
        case .scaleX: layer.scale.x = value[0]
        case .scaleY: layer.scale.y = value[0]
        case .rotation: layer.rotation = value[0]
        case .translation: layer.translation = anim_point_t(x: value[0], y: value[1])
        case .cornerRadius: layer.corner_radius = value[0]
        case .shadowOpacity: layer.shadow.opacity = value[0]
        case .shadowRadius: layer.shadow.radius = max(value[0], 0)
        case .shadowOffset: layer.shadow.offset = anim_point_t(x: value[0], y: value[1])
        case .shadowColor:
            let unit = Self.unitColor(value)
            layer.shadow.color = anim_color_t(r: unit.x, g: unit.y, b: unit.z, a: unit.w)
        }
    }

    private static func position(of layer: anim_layer_t) -> [Double] {
        [layer.frame.x + layer.anchor.x * layer.frame.width, layer.frame.y + layer.anchor.y * layer.frame.height]
    }

    private static func unitColor(_ value: [Double]) -> SIMD4<Double> {
        let unit = value.map { min(max($0, 0), 1) }
        return SIMD4(unit[0], unit[1], unit[2], unit[3])
    }
}
