import ShapeGeometry

/// The distance between two points.
func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let d = a - b
    return (d * d).sum().squareRoot()
}

/// Whether two points are within `tolerance` of each other.
func near(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double = 1e-9) -> Bool {
    distance(a, b) <= tolerance
}

/// A cubic's point at parameter t, written out in Bernstein form.
func bernstein(_ p0: SIMD2<Double>, _ segment: PathSegment, _ t: Double) -> SIMD2<Double> {
    let u = 1 - t
    return u * u * u * p0 + 3 * u * u * t * segment.control1 + 3 * u * t * t * segment.control2 + t * t * t
        * segment.end
}

/// Every segment of a subpath with the point it starts from.
func cubics(_ subpath: Subpath) -> [(start: SIMD2<Double>, segment: PathSegment)] {
    var start = subpath.start
    return subpath.segments.map { segment in
        defer { start = segment.end }
        return (start, segment)
    }
}
