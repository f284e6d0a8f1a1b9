/// Morphing: values of one animated path, in the order an animation passes through them.
public enum PathMorph {
    /// The values as paths of one structure, ready to interpolate number for number:
    /// - all of the same `structure` already: returned unchanged (Core Animation's and Lottie's
    ///   rule, so a circle animated to a bigger circle stays a circle);
    /// - otherwise every path is resampled (see below) and the result is polylines (line segments)
    ///   of one structure.
    ///
    /// When the paths differ in structure:
    /// 1. Subpaths are paired by order. A path with fewer subpaths gains degenerate ones: every point at
    ///    the centroid (mean of the resampled points) of the subpath it is paired with in the neighbouring
    ///    value (the previous one; for the first value, the next one).
    /// 2. Each subpath is resampled into N points at equal arc length from its start, N the same for every
    ///    path's subpaths at one index: N = clamp(ceil(L / 2), 64, 2048), L the longest of those subpaths'
    ///    lengths (one point every 2 units). A closed subpath's points go round (the last point one step
    ///    before its start) and stays closed; an open one's run from its start to its end inclusive.
    ///    The resampled subpath is N−1 line segments (open) or N segments with the closing one (closed).
    /// 3. Winding: a closed subpath whose signed area has the opposite sign of its partner in the previous
    ///    value is reversed (its start point kept).
    /// 4. Start point: each closed subpath (after 3) is rotated cyclically to the start that minimises the
    ///    sum of squared distances to its partner in the previous value; an open one is reversed when that
    ///    lowers the sum. Values are matched in order, each to the one before (already matched), so a
    ///    chain square→star→circle stays consistent.
    /// 5. A closed subpath paired with an open one: both are treated as open (the closed one cut at its
    ///    start, its start repeated at the end so it has N points), and the results are open.
    /// Interpolating two matched values number for number is the morph at a time between them.
    ///
    /// Ties keep the earlier choice (the smaller rotation; not reversing). At one subpath index, a
    /// closed subpath in any value paired with an open one in any other makes every value's open there,
    /// so that all values share one structure.
    public static func matched(_ paths: [BezierPath]) -> [BezierPath] {
        guard let first = paths.first, paths.contains(where: { $0.structure != first.structure }) else { return paths }
        let lengths = paths.map(\.lengths)
        let subpathCount = paths.map(\.subpaths.count).max() ?? 0
        var resampled = Array(repeating: [Subpath](), count: paths.count)
        for index in 0..<subpathCount {
            for (value, subpath) in matchedSubpaths(at: index, of: paths, lengths: lengths).enumerated() {
                resampled[value].append(subpath)
            }
        }
        return resampled.map { BezierPath(subpaths: $0) }
    }

    /// Every value's subpath at `index`, resampled and matched (steps 1 to 5).
    private static func matchedSubpaths(at index: Int, of paths: [BezierPath], lengths: [PathLengths]) -> [Subpath] {
        let present = paths.indices.filter { index < paths[$0].subpaths.count }
        let longest = present.map { lengths[$0].subpaths[index] }.max() ?? 0
        // Lengths are found to within 1e-6: a square of side 100 is 400 long, not 400.000000001.
        let wanted = (longest / 2 - 1e-6).rounded(.up)
        let count = wanted.isNaN ? 64 : Int(min(max(wanted, 64), 2048))
        let isClosed = present.allSatisfy { paths[$0].subpaths[index].isClosed }
        var points: [[SIMD2<Double>]?] = paths.indices.map { value in
            guard index < paths[value].subpaths.count else { return nil }
            return resample(
                paths[value].subpaths[index], segmentLengths: lengths[value].segments[index],
                length: lengths[value].subpaths[index], count: count, asClosed: isClosed)
        }
        // Step 1: a missing subpath is its neighbour's centroid; those before the first present one
        // take the next value's, the rest the previous value's.
        for value in points.indices where points[value] == nil && value > 0 && points[value - 1] != nil {
            points[value] = Array(repeating: centroid(points[value - 1]!), count: count)
        }
        for value in points.indices.reversed() where points[value] == nil {
            points[value] = Array(repeating: centroid(points[value + 1]!), count: count)
        }
        var matched = points.map { $0! }
        for value in matched.indices.dropFirst() {
            matched[value] =
                isClosed
                ? alignedLoop(matched[value], to: matched[value - 1])
                : alignedRun(matched[value], to: matched[value - 1])
        }
        return matched.map { points in
            var previous = points[0]
            var segments = points.dropFirst().map { point in
                defer { previous = point }
                return PathSegment.line(from: previous, to: point)
            }
            if isClosed { segments.append(.line(from: previous, to: points[0])) }
            return Subpath(start: points[0], segments: segments, isClosed: isClosed)
        }
    }

    /// `count` points at equal arc length along the subpath (step 2): round a loop when `asClosed`,
    /// else from its start to its end inclusive (a closed subpath's end being its start again).
    private static func resample(
        _ subpath: Subpath, segmentLengths: [Double], length: Double, count: Int, asClosed: Bool
    ) -> [SIMD2<Double>] {
        let step = length / Double(asClosed ? count : count - 1)
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(count)
        var segmentStart = 0.0
        var part = 0
        subpath.forEachDrawnCubic { cubic in
            let segmentLength = segmentLengths[part]
            let isLast = part == segmentLengths.count - 1
            part += 1
            while points.count < count {
                let distance = Double(points.count) * step
                guard distance <= segmentStart + segmentLength || isLast else { break }
                let along = min(max(distance - segmentStart, 0), segmentLength)
                points.append(cubic.point(at: cubic.parameter(atLength: along, of: segmentLength)))
            }
            segmentStart += segmentLength
        }
        // A subpath of no segments is its start repeated; an open run ends exactly at its end.
        while points.count < count { points.append(subpath.start) }
        if !asClosed, let last = subpath.isClosed ? subpath.start : subpath.segments.last?.end {
            points[count - 1] = last
        }
        return points
    }

    private static func centroid(_ points: [SIMD2<Double>]) -> SIMD2<Double> {
        points.reduce(.zero, +) / Double(points.count)
    }

    /// Twice the signed area (shoelace); positive is clockwise on screen (y down).
    private static func signedArea(_ points: [SIMD2<Double>]) -> Double {
        var sum = 0.0
        var previous = points[points.count - 1]
        for point in points {
            sum += previous.x * point.y - point.x * previous.y
            previous = point
        }
        return sum
    }

    private static func squaredDistance(_ a: [SIMD2<Double>], _ b: [SIMD2<Double>], shift: Int) -> Double {
        var sum = 0.0
        for index in b.indices {
            let d = a[(index + shift) % a.count] - b[index]
            sum += (d * d).sum()
        }
        return sum
    }

    /// A loop turned the way `reference` turns (step 3) and started where it is nearest it (step 4).
    private static func alignedLoop(_ loop: [SIMD2<Double>], to reference: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var loop = loop
        if signedArea(loop) * signedArea(reference) < 0 {
            loop = loop.indices.map { loop[(loop.count - $0) % loop.count] }
        }
        var best = (shift: 0, sum: squaredDistance(loop, reference, shift: 0))
        for shift in 1..<loop.count {
            let sum = squaredDistance(loop, reference, shift: shift)
            if sum < best.sum { best = (shift, sum) }
        }
        return (0..<loop.count).map { loop[($0 + best.shift) % loop.count] }
    }

    /// A run reversed when that brings it nearer `reference` (step 4).
    private static func alignedRun(_ run: [SIMD2<Double>], to reference: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let reversed = Array(run.reversed())
        return squaredDistance(reversed, reference, shift: 0) < squaredDistance(run, reference, shift: 0)
            ? reversed : run
    }
}
