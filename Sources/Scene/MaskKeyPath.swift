import CAnimatorABI
import ShapeGeometry

/// A value of a layer's mask that an `animate` step changes: `mask.shapes.<i>.rect` and
/// `mask.shapes.<i>.cornerRadius` of a rect, rounded rect, circle or ellipse (in the ABI's mask,
/// which animators see too), `mask.shapes.<i>.path` of a path shape and `mask.feather` (the
/// host's).
public struct MaskKeyPath: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case rect(slot: Int)
        case cornerRadius(slot: Int)
        /// The mask's path `index` (`LayerMaskPaths.paths`).
        case path(index: Int)
        case feather
    }

    public let target: Target
    /// As the file writes it.
    public let written: String
    public let kind: LayerKeyPath.Kind
    public let range: ClosedRange<Double>?
    /// For a path: the layer's own path as numbers of `kind`'s structure.
    public let basePath: [Double]?

    public init(
        target: Target, written: String, kind: LayerKeyPath.Kind, range: ClosedRange<Double>?, basePath: [Double]? = nil
    ) {
        (self.target, self.written, self.kind, self.range, self.basePath) = (target, written, kind, range, basePath)
    }

    public static func == (left: MaskKeyPath, right: MaskKeyPath) -> Bool { left.target == right.target }

    /// The same key path for values matched to `base`'s structure.
    func matched(to base: BezierPath) -> MaskKeyPath {
        MaskKeyPath(target: target, written: written, kind: .path(base.structure), range: nil, basePath: base.numbers)
    }

    /// Whether it is part of the host's state of a layer rather than the ABI's.
    var changesHostState: Bool {
        switch target {
        case .path, .feather: true
        case .rect, .cornerRadius: false
        }
    }

    func value(of layer: anim_layer_t, _ host: HostLayerState) -> [Double] {
        switch target {
        case .rect(let slot):
            let rect = layer.mask.shape(at: slot).rect
            return [rect.x, rect.y, rect.width, rect.height]
        case .cornerRadius(let slot): return [layer.mask.shape(at: slot).corner_radius]
        case .feather: return [host.mask.feather]
        case .path(let index):
            guard case .path(let structure) = kind else { return basePath ?? [] }
            let path = host.mask.paths[index]
            return path.structure == structure ? path.numbers : basePath ?? []
        }
    }

    func set(_ value: [Double], on layer: inout anim_layer_t, _ host: inout HostLayerState) {
        let kept = range.map { range in value.map { min(max($0, range.lowerBound), range.upperBound) } } ?? value
        switch target {
        case .rect(let slot):
            layer.mask.setShape(at: slot) {
                $0.rect = anim_rect_t(x: kept[0], y: kept[1], width: max(kept[2], 0), height: max(kept[3], 0))
            }
        case .cornerRadius(let slot): layer.mask.setShape(at: slot) { $0.corner_radius = kept[0] }
        case .feather: host.mask.feather = kept[0]
        case .path(let index):
            guard case .path(let structure) = kind else { return }
            host.mask.paths[index] = BezierPath(structure: structure, numbers: value)
        }
    }
}

extension anim_mask_t {
    /// Shape `slot` of the fixed C array.
    func shape(at slot: Int) -> anim_mask_shape_t {
        withUnsafeBytes(of: shapes) { $0.bindMemory(to: anim_mask_shape_t.self)[slot] }
    }

    mutating func setShape(at slot: Int, _ change: (inout anim_mask_shape_t) -> Void) {
        withUnsafeMutableBytes(of: &shapes) { change(&$0.bindMemory(to: anim_mask_shape_t.self)[slot]) }
    }
}
