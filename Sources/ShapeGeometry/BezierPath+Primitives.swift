import Foundation

extension BezierPath {
    /// A rectangle, clockwise on screen (y down). It starts where the top-left corner's rounding
    /// meets the top edge, (x + r, y) with r the corner radius clamped to 0...min(|width|, |height|) / 2
    /// (at r = 0 the top-left corner (x, y), where Core Graphics' rectangle starts), and runs along
    /// the top edge to the right. Without rounding it is four lines ending at the start; with it,
    /// eight segments, each edge's line then the next corner's quarter ellipse arc; closed either way.
    /// A negative width or height mirrors it (x + width is then the left side, and so on).
    public static func rect(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double) -> BezierPath {
        let radius = min(max(cornerRadius, 0), abs(width) / 2, abs(height) / 2)
        let (left, top, right, bottom) = (x, y, x + width, y + height)
        guard radius > 0 else {
            let corners: [SIMD2<Double>] = [[right, top], [right, bottom], [left, bottom], [left, top]]
            var previous = SIMD2(left, top)
            let segments = corners.map { corner in
                defer { previous = corner }
                return PathSegment.line(from: previous, to: corner)
            }
            return BezierPath(subpaths: [Subpath(start: [left, top], segments: segments, isClosed: true)])
        }
        // Corner centres in drawing order, each inset by the radius towards the rectangle's inside.
        let rx = width < 0 ? -radius : radius
        let ry = height < 0 ? -radius : radius
        let centres: [SIMD2<Double>] = [
            [right - rx, top + ry], [right - rx, bottom - ry], [left + rx, bottom - ry], [left + rx, top + ry],
        ]
        var segments: [PathSegment] = []
        var current = SIMD2(left + rx, top)
        for (index, centre) in centres.enumerated() {
            let startAngle = -Double.pi / 2 + Double(index) * Double.pi / 2
            let arc = ellipticalArc(
                center: centre, radii: [rx, ry], rotation: 0, startAngle: startAngle, sweep: .pi / 2)
            segments.append(.line(from: current, to: centre + SIMD2(rx * cos(startAngle), ry * sin(startAngle))))
            segments += arc
            current = arc[arc.count - 1].end
        }
        segments[segments.count - 1].end = [left + rx, top]
        return BezierPath(subpaths: [Subpath(start: [left + rx, top], segments: segments, isClosed: true)])
    }

    /// The ellipse in the rectangle (x, y, width, height): four quarter arcs, clockwise on screen
    /// (y down), starting at the top (12 o'clock), the last ending there; closed.
    public static func ellipse(x: Double, y: Double, width: Double, height: Double) -> BezierPath {
        let center = SIMD2(x + width / 2, y + height / 2)
        let radii = SIMD2(width / 2, height / 2)
        var segments = ellipticalArc(center: center, radii: radii, rotation: 0, startAngle: -.pi / 2, sweep: 2 * .pi)
        let top = SIMD2(center.x, y)
        segments[segments.count - 1].end = top
        return BezierPath(subpaths: [Subpath(start: top, segments: segments, isClosed: true)])
    }

    /// The arc of the ellipse (centre, radii, x axis turned by `rotation` radians) from angle
    /// `startAngle` through `sweep` radians (positive: clockwise on screen), as one cubic per at
    /// most 90°. Each cubic's handles lie along the tangents, h = 4/3·tan(θ/4)·(1 − θ⁴·(1.034e-4 +
    /// 2.66e-6·θ²)) of the radius long for a part of θ radians: 4/3·tan(θ/4) puts the middle on the
    /// circle with the rest outside (0.027 % of the radius at 90°); the factor, fitted to the handle
    /// whose largest errors inside and outside are equal, halves that (±0.0196 % at 90°, the 0.5519150
    /// of a quarter circle), so lengths err by 0.004 % rather than 0.014 %.
    static func ellipticalArc(
        center: SIMD2<Double>, radii: SIMD2<Double>, rotation: Double, startAngle: Double, sweep: Double
    ) -> [PathSegment] {
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let squared = step * step
        let handle = 4.0 / 3 * tan(step / 4) * (1 - squared * squared * (1.034e-4 + 2.66e-6 * squared))
        let (cosine, sine) = (cos(rotation), sin(rotation))
        func place(_ unit: SIMD2<Double>) -> SIMD2<Double> {
            let scaled = unit * radii
            return center + SIMD2(cosine * scaled.x - sine * scaled.y, sine * scaled.x + cosine * scaled.y)
        }
        return (0..<count).map { index in
            let a = startAngle + Double(index) * step
            let b = a + step
            let from = SIMD2(cos(a), sin(a))
            let to = SIMD2(cos(b), sin(b))
            return PathSegment(
                control1: place(from + handle * SIMD2(-from.y, from.x)),
                control2: place(to - handle * SIMD2(-to.y, to.x)),
                end: place(to))
        }
    }
}
