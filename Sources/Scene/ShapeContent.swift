import CAnimatorABI
import ShapeGeometry

/// What a shape layer draws (CAShapeLayer, Lottie's shape layers): paths in the layer's own
/// coordinates, each filled and stroked in its own style, in order, as vectors at the render's
/// scale. The file's values; `animate` steps change them through the layer's host state
/// (`HostLayerState.shapeValues`).
public struct ShapeContent: Sendable {
    /// How strokeStart and strokeEnd apply to several paths (Lottie's trim paths' modes).
    public enum Trim: String, CaseIterable, Sendable {
        /// Each path is trimmed by the same fractions of its own length.
        case simultaneously
        /// The paths are trimmed as one path, one after another: the first path's strokeStart
        /// and strokeEnd (and trimOffset) apply to their lengths together.
        case individually
    }

    public static let maximumPaths = 10_000

    /// The paths; for an SVG's shape, empty until the compositor's vector stage reads the file.
    public var paths: [ShapePath]
    public var trim: Trim
    /// Whether the file lists `paths` (key paths `shape.paths.<i>.<key>`) rather than one path
    /// (`shape.<key>`).
    public var isList: Bool
    /// The SVG document whose paths these are (`"shape": {"svg": "logo.svg"}`).
    public var svg: SVGFile?
    /// With `svg`: the style keys the file gives beside it, which replace those of every path
    /// the document has (`ShapeStyle.given` says which); `shape.<key>` animates them all.
    public var svgStyle: ShapeStyle?

    public init(paths: [ShapePath], trim: Trim = .simultaneously, isList: Bool) {
        (self.paths, self.trim, self.isList) = (paths, trim, isList)
    }
}

/// One path of a shape and its style.
public struct ShapePath: Sendable, Equatable {
    public var path: BezierPath
    public var style: ShapeStyle

    public init(path: BezierPath, style: ShapeStyle) {
        (self.path, self.style) = (path, style)
    }
}

/// How a path is filled and stroked, with CAShapeLayer's defaults: filled black, not stroked, a
/// stroke 1 wide with butt caps and miter joins limited at 10, drawn whole.
public struct ShapeStyle: Sendable, Equatable {
    public enum Paint: Sendable, Equatable {
        case color(anim_color_t)
        case gradient(Gradient)

        public static func == (a: Paint, b: Paint) -> Bool {
            switch (a, b) {
            case (.color(let x), .color(let y)): x.r == y.r && x.g == y.g && x.b == y.b && x.a == y.a
            case (.gradient(let x), .gradient(let y)): x == y
            default: false
            }
        }
    }

    public enum LineCap: String, CaseIterable, Sendable {
        case butt, round, square
    }

    public enum LineJoin: String, CaseIterable, Sendable {
        case miter, round, bevel
    }

    public static let maximumDashes = 64

    public var fill: Paint? = .color(anim_color_t(r: 0, g: 0, b: 0, a: 1))
    public var evenOdd = false
    public var stroke: Paint?
    public var lineWidth = 1.0
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var miterLimit = 10.0
    public var dashes: [Double] = []
    public var dashPhase = 0.0
    public var strokeStart = 0.0
    public var strokeEnd = 1.0
    public var trimOffset = 0.0

    /// For an SVG's shape: the keys the pipeline file sets, over the document's own style.
    public var given: Set<String> = []

    public init() {}

    /// Whether strokeStart, strokeEnd and trimOffset leave the whole path.
    public var isWhole: Bool { strokeStart <= 0 && strokeEnd >= 1 }
}
