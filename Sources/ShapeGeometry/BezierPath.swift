/// A run of segments from `start`; a closed one returns to `start` by a straight closing line (of
/// length zero when its last segment already ends there).
public struct Subpath: Sendable, Equatable {
    public var start: SIMD2<Double>
    public var segments: [PathSegment]
    public var isClosed: Bool

    public init(start: SIMD2<Double>, segments: [PathSegment], isClosed: Bool) {
        (self.start, self.segments, self.isClosed) = (start, segments, isClosed)
    }

    /// The straight line from the last segment's end back to `start` (a closed subpath's last drawn part).
    var closingLine: PathSegment {
        PathSegment.line(from: segments.last?.end ?? start, to: start)
    }
}

/// Every path as absolute cubic segments: lines, quadratics and arcs become cubics (an arc one
/// cubic per at most 90°), so paths of one structure interpolate number for number.
public struct BezierPath: Sendable, Equatable {
    public var subpaths: [Subpath]

    public init(subpaths: [Subpath]) {
        self.subpaths = subpaths
    }

    public var isEmpty: Bool { subpaths.allSatisfy { $0.segments.isEmpty } }

    /// Subpath count, and for each its segment count and whether it is closed.
    public var structure: PathStructure {
        PathStructure(parts: subpaths.map { PathStructure.Part(segments: $0.segments.count, isClosed: $0.isClosed) })
    }

    /// Every point in order (each subpath's start, then each segment's control1, control2, end)
    /// as x, y numbers; `init(structure:numbers:)` rebuilds the path (numbers.count must equal
    /// structure.numberCount; precondition).
    public var numbers: [Double] {
        var numbers: [Double] = []
        numbers.reserveCapacity(structure.numberCount)
        for subpath in subpaths {
            numbers += [subpath.start.x, subpath.start.y]
            for segment in subpath.segments {
                numbers += [
                    segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y,
                    segment.end.x, segment.end.y,
                ]
            }
        }
        return numbers
    }

    public init(structure: PathStructure, numbers: [Double]) {
        precondition(
            numbers.count == structure.numberCount, "a path of this structure has \(structure.numberCount) numbers")
        var index = 0
        func point() -> SIMD2<Double> {
            defer { index += 2 }
            return SIMD2(numbers[index], numbers[index + 1])
        }
        subpaths = structure.parts.map { part in
            let start = point()
            let segments = (0..<part.segments).map { _ in
                PathSegment(control1: point(), control2: point(), end: point())
            }
            return Subpath(start: start, segments: segments, isClosed: part.isClosed)
        }
    }

    /// The path through the affine transform x' = a·x + c·y + tx, y' = b·x + d·y + ty (Core
    /// Graphics' and Cairo's order of the six numbers); a Bézier's image is the Bézier of its points' images.
    public func transformed(
        by m: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)
    ) -> BezierPath {
        func map(_ p: SIMD2<Double>) -> SIMD2<Double> {
            SIMD2(m.a * p.x + m.c * p.y + m.tx, m.b * p.x + m.d * p.y + m.ty)
        }
        return BezierPath(
            subpaths: subpaths.map { subpath in
                Subpath(
                    start: map(subpath.start),
                    segments: subpath.segments.map {
                        PathSegment(control1: map($0.control1), control2: map($0.control2), end: map($0.end))
                    },
                    isClosed: subpath.isClosed)
            })
    }
}

/// What two paths must share to interpolate number for number.
public struct PathStructure: Sendable, Hashable {
    public struct Part: Sendable, Hashable {
        public var segments: Int
        public var isClosed: Bool

        public init(segments: Int, isClosed: Bool) {
            (self.segments, self.isClosed) = (segments, isClosed)
        }
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// 2 per start + 6 per segment.
    public var numberCount: Int { parts.reduce(0) { $0 + 2 + 6 * $1.segments } }
}
