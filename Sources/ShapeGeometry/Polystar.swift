import Foundation

/// Lottie's polystar shape ("sr"): a star or a regular polygon.
public struct Polystar: Sendable, Equatable {
    public enum Kind: String, Sendable { case star, polygon }

    public var kind: Kind
    /// Its points (a polygon's corners); Lottie draws whole points, so the fraction is dropped.
    public var points: Double
    public var center: SIMD2<Double>
    public var outerRadius: Double
    /// A star's; a polygon has outer vertices only.
    public var innerRadius: Double
    /// In percent, 0...100.
    public var outerRoundness: Double
    public var innerRoundness: Double
    /// Degrees clockwise on screen; at 0 the first outer vertex is straight up.
    public var rotation: Double

    public init(
        kind: Kind, points: Double, center: SIMD2<Double>, outerRadius: Double, innerRadius: Double,
        outerRoundness: Double, innerRoundness: Double, rotation: Double
    ) {
        (self.kind, self.points, self.center) = (kind, points, center)
        (self.outerRadius, self.innerRadius) = (outerRadius, innerRadius)
        (self.outerRoundness, self.innerRoundness, self.rotation) = (outerRoundness, innerRoundness, rotation)
    }
}

extension BezierPath {
    /// Lottie's polystar ("sr" shape), as lottie-web draws it (`StarShapeProperty` in
    /// player/js/utils/shapes/ShapeProperty.js): n = ⌊points⌋ vertices for a polygon, 2n for a
    /// star alternating outer and inner; vertex i at angle −90° + rotation + i·360°/count from the
    /// centre (clockwise on screen, y down), the first outer and straight up at rotation 0. Each
    /// vertex of radius r and roundness p % has both handles along the circle's tangent there, in
    /// the drawing direction out and against it in, of length (2π·r) / (4·n) · p / 100 (lottie-web's
    /// "perimeter segment": the circle's perimeter over 4n for stars and polygons alike). One cubic
    /// per vertex to the next, the last back to the first vertex; closed. Fewer than one point: empty.
    public static func polystar(_ star: Polystar) -> BezierPath {
        guard star.points.isFinite, star.points >= 1 else { return BezierPath(subpaths: []) }
        let points = Int(min(star.points, 100_000))
        let count = star.kind == .star ? 2 * points : points
        let firstAngle = -Double.pi / 2 + star.rotation * .pi / 180
        let vertices: [(point: SIMD2<Double>, handle: SIMD2<Double>)] = (0..<count).map { index in
            let isOuter = star.kind == .polygon || index % 2 == 0
            let radius = isOuter ? star.outerRadius : star.innerRadius
            let roundness = (isOuter ? star.outerRoundness : star.innerRoundness) / 100
            let angle = firstAngle + Double(index) * 2 * .pi / Double(count)
            let direction = SIMD2(cos(angle), sin(angle))
            let handleLength = 2 * .pi * radius / Double(4 * points) * roundness
            return (star.center + radius * direction, handleLength * SIMD2(-direction.y, direction.x))
        }
        let segments = (0..<count).map { index in
            let from = vertices[index]
            let to = vertices[(index + 1) % count]
            return PathSegment(control1: from.point + from.handle, control2: to.point - to.handle, end: to.point)
        }
        return BezierPath(subpaths: [Subpath(start: vertices[0].point, segments: segments, isClosed: true)])
    }
}
