import CAnimatorABI
import ShapeGeometry

/// What the host draws a layer with beyond the ABI's layer state (`anim_layer_t`, which
/// animators see and which stays as it is): a turn about its horizontal and vertical axes seen
/// in perspective, whether its back shows, and the fill and text colours `animate` steps change.
public struct HostLayerState: Sendable, Equatable {
    /// Degrees about the layer's horizontal axis through its anchor point (the top tips away
    /// for positive angles), as Core Animation's `transform.rotation.x`.
    public var rotationX: Double = 0
    /// Degrees about its vertical axis through its anchor point (the right edge goes away for
    /// positive angles), as `transform.rotation.y`.
    public var rotationY: Double = 0
    /// The eye's distance from the layer's plane in points (Core Animation's m34 is −1 / it);
    /// 0 sees the turn without perspective.
    public var perspective: Double = 0
    /// Whether the layer shows when it is turned away (its back, mirrored).
    public var isDoubleSided = true
    /// The colour fill's colour when an `animate` step changes it (`backgroundColor`), as
    /// r, g, b, a; nil draws the file's.
    public var fillColor: SIMD4<Double>?
    /// The text's colour when an `animate` step changes it (`text.color`); nil draws the file's.
    public var textColor: SIMD4<Double>?
    /// Filter parameters `animate` steps change (`filters.blur.radius`), by slot; the others
    /// are the file's (`LayerContent.filters`).
    public var effectValues: [EffectSlot: [Double]] = [:]
    /// Text animator values `animate` steps change (`textAnimators.0.select.offset`), by slot;
    /// the others are the file's (`TextContent.animators(changedBy:)` puts them together).
    public var textAnimatorValues: [TextAnimatorSlot: [Double]] = [:]
    /// Shape values `animate` steps change (`shape.strokeEnd`, `shape.paths.1.fillColor`), by
    /// slot; the others are the file's (`ShapeContent.paths(changedBy:)` puts them together).
    public var shapeValues: [ShapeSlot: [Double]] = [:]
    /// Paths `animate` steps change (`shape.path`), in the structure each step matched its
    /// values to.
    public var shapePaths: [ShapeSlot: BezierPath] = [:]

    /// The mask's paths and feather, beside the ABI's mask shapes.
    public var mask = LayerMaskPaths()

    public init() {}

    /// Whether the layer is turned out of its plane, and so drawn through a projection.
    public var isTurned: Bool { rotationX != 0 || rotationY != 0 }
}

/// What a layer's mask holds beyond the ABI's mask (`anim_mask_t`: at most four rects, rounded
/// rects, circles and ellipses): its `path` shapes, each as many subpaths as it likes, and the
/// feather of its edge. They combine with the ABI's shapes under its fill rule and `inverted`.
public struct LayerMaskPaths: Sendable, Equatable {
    /// How many shapes, of every kind, one mask lists.
    public static let maximumShapes = 64

    /// The paths, in the layer's coordinates, as `animate` steps leave them.
    public var paths: [BezierPath] = []
    /// Each path's place in the file's `shapes`.
    public var shapeIndices: [Int] = []
    /// The ABI slot of each other shape, by its place in the file's `shapes`.
    public var abiSlots: [Int: Int] = [:]
    /// The edge's softness in the layer's units: the blur's radius (its sigma is half of it, a
    /// shadow's).
    public var feather = 0.0

    public init() {}

    /// Whether it adds to the ABI's mask: paths, or a feathered edge.
    public var isEmpty: Bool { paths.isEmpty && feather <= 0 }
}
