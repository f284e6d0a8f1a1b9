import Foundation

extension BezierPath {
    /// A rectangle, clockwise on screen (y down). It starts where the top-left corner's rounding
    /// meets the top edge, (x + r, y) with r the corner radius clamped to 0...min(|width|, |height|) / 2
    /// (at r = 0 the top-left corner (x, y), where Core Graphics' rectangle starts), and runs along
    /// the top edge to the right. Without rounding it is four lines ending at the start; with it,
    /// eight segments, each edge's line then the next corner's quarter ellipse arc; closed either way.
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
        let rx = width < 0 ? -radius : radius, ry = height < 0 ? -radius : radius
        let corners: [(center: SIMD2<Double>, edgeStart: SIMD2<Double>)] = [
            ([right - rx, top + ry], [left + rx, top]),
            ([right - rx, bottom - ry], [right, top + ry]),
            ([left + rx, bottom - ry], [right - rx, bottom]),
            ([left + rx, top + ry], [left, bottom - ry]),
        ]
        var segments: [PathSegment] = []
        for (index, corner) in corners.enumerated() {
            let startAngle = -Double.pi / 2 + Double(index) * Double.pi / 2
            let arc = ellipticalArc(
                center: corner.center, radii: [rx, ry], rotation: 0, startAngle: startAngle, sweep: .pi / 2)
            let edgeEnd = corner.center + SIMD2(rx * cos(startAngle), ry * sin(startAngle))
            segments.append(.line(from: corner.edgeStart, to: edgeEnd))
            segments += arc
        }
        segments[segments.count - 1].end = [left + rx, top]
        return BezierPath(subpaths: [Subpath(start: [left + rx, top], segments: segments, isClosed: true)])
    }

    /// The ellipse in the rectangle (x, y, width, height): four quarter arcs, clockwise on screen
    /// (y down), starting at the top (12 o'clock), the last ending there; closed.
    public static func ellipse(x: Double, y: Double, width: Double, height: Double) -> BezierPath {
        let center = SIMD2(x + width / 2, y + height / 2), radii = SIMD2(width / 2, height / 2)
        var segments = ellipticalArc(center: center, radii: radii, rotation: 0, startAngle: -.pi / 2, sweep: 2 * .pi)
        let top = SIMD2(center.x, y)
        segments[segments.count - 1].end = top
        return BezierPath(subpaths: [Subpath(start: top, segments: segments, isClosed: true)])
    }

    /// The arc of the ellipse (centre, radii, x axis turned by `rotation` radians) from angle
    /// `startAngle` through `sweep` radians (positive: clockwise on screen), as one cubic per at
    /// most 90°: each cubic's handles lie along the tangents, 4/3·tan(θ/4) of the radius long for
    /// a part of θ radians (the usual approximation, whose radius errs by under 0.03 %).
    static func ellipticalArc(
        center: SIMD2<Double>, radii: SIMD2<Double>, rotation: Double, startAngle: Double, sweep: Double
    ) -> [PathSegment] {
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let handle = 4.0 / 3 * tan(step / 4)
        let (cosine, sine) = (cos(rotation), sin(rotation))
        func place(_ unit: SIMD2<Double>) -> SIMD2<Double> {
            let scaled = unit * radii
            return center + SIMD2(cosine * scaled.x - sine * scaled.y, sine * scaled.x + cosine * scaled.y)
        }
        return (0..<count).map { index in
            let a = startAngle + Double(index) * step, b = a + step
            let from = SIMD2(cos(a), sin(a)), to = SIMD2(cos(b), sin(b))
            return PathSegment(
                control1: place(from + handle * SIMD2(-from.y, from.x)),
                control2: place(to - handle * SIMD2(-to.y, to.x)),
                end: place(to))
        }
    }
}
