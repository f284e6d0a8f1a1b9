/// Every drawn part's length, kept by callers that trim or sample one path many times.
public struct PathLengths: Sendable, Equatable {
    /// For each subpath, each segment's length, then a closed subpath's closing line's.
    public var segments: [[Double]]
    /// Each subpath's length (its closing line included).
    public var subpaths: [Double]
    /// All subpaths' lengths summed.
    public var total: Double
}

extension BezierPath {
    /// Every part's length: adaptive Gauss–Legendre quadrature of the speed |B′(t)|, each segment to
    /// within 1e-6 of a unit (`Cubic.length`).
    public var lengths: PathLengths {
        var segments: [[Double]] = []
        segments.reserveCapacity(subpaths.count)
        for subpath in subpaths {
            var lengths: [Double] = []
            lengths.reserveCapacity(subpath.segments.count + 1)
            subpath.forEachDrawnCubic { lengths.append($0.length(to: 1)) }
            segments.append(lengths)
        }
        let subpathLengths = segments.map { $0.reduce(0, +) }
        return PathLengths(segments: segments, subpaths: subpathLengths, total: subpathLengths.reduce(0, +))
    }

    /// Total arc length (all subpaths): adaptive Gauss–Legendre quadrature, within 1e-6 per segment.
    public var length: Double { lengths.total }

    /// Each subpath's arc length, a closed one's closing line included.
    public var subpathLengths: [Double] { lengths.subpaths }

    /// The point at `distance` along the whole path (subpaths in order, a closed one including its
    /// closing line); clamped to 0...length.
    public func point(atDistance distance: Double) -> SIMD2<Double> {
        point(atDistance: distance, lengths: lengths)
    }

    /// `point(atDistance:)` with the path's `lengths` computed once by the caller.
    public func point(atDistance distance: Double, lengths: PathLengths) -> SIMD2<Double> {
        guard let first = subpaths.first else { return .zero }
        var remaining = min(max(distance, 0), lengths.total)
        for (index, subpath) in subpaths.enumerated() {
            if remaining > lengths.subpaths[index] && index < subpaths.count - 1 {
                remaining -= lengths.subpaths[index]
                continue
            }
            var found: SIMD2<Double>?
            var part = 0
            subpath.forEachDrawnCubic { cubic in
                guard found == nil else { return }
                let length = lengths.segments[index][part]
                part += 1
                if remaining <= length || part == lengths.segments[index].count {
                    found = cubic.point(at: cubic.parameter(atLength: min(remaining, length), of: length))
                } else {
                    remaining -= length
                }
            }
            return found ?? subpath.start
        }
        return first.start
    }
}

extension Subpath {
    /// Each drawn part in order as a cubic with its start: the segments, then a closed subpath's closing line.
    func forEachDrawnCubic(_ body: (Cubic) -> Void) {
        var current = start
        for segment in segments {
            body(Cubic(from: current, segment))
            current = segment.end
        }
        if isClosed { body(Cubic(from: current, closingLine)) }
    }
}

// Gauss–Legendre nodes and weights of order 8 on [-1, 1] (symmetric pairs).
private let legendreNodes: [Double] = [
    0.183_434_642_495_649_8, 0.525_532_409_916_329_0, 0.796_666_477_413_626_7, 0.960_289_856_497_536_2,
]
private let legendreWeights: [Double] = [
    0.362_683_783_378_362_0, 0.313_706_645_877_887_3, 0.222_381_034_453_374_5, 0.101_228_536_290_376_3,
]

extension Cubic {
    /// Arc length from parameter 0 to `t`.
    func length(to t: Double) -> Double {
        length(from: 0, to: t)
    }

    /// Arc length from parameter `a` to `b` (negative when b < a): Gauss–Legendre of order 8 on
    /// halves, split again while an interval's estimate and its halves' sum differ by over the
    /// interval's share of 1e-6.
    func length(from a: Double, to b: Double) -> Double {
        guard a != b else { return 0 }
        if b < a { return -length(from: b, to: a) }
        let whole = gaussLegendre(a, b)
        // Points too far out for their squares (or not finite) have no length to refine.
        guard whole.isFinite else { return whole }
        return adaptiveLength(a, b, whole: whole, tolerance: 1e-6, depth: 0)
    }

    private func gaussLegendre(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        var sum = 0.0
        for index in 0..<legendreNodes.count {
            let offset = half * legendreNodes[index]
            let speeds = derivativeLength(middle - offset) + derivativeLength(middle + offset)
            sum += legendreWeights[index] * speeds
        }
        return sum * half
    }

    private func derivativeLength(_ t: Double) -> Double {
        let d = derivative(at: t)
        return (d * d).sum().squareRoot()
    }

    // Cusps and near-cusps make the speed kink; those intervals are halved until the estimate settles.
    private func adaptiveLength(_ a: Double, _ b: Double, whole: Double, tolerance: Double, depth: Int) -> Double {
        let middle = (a + b) / 2
        let left = gaussLegendre(a, middle)
        let right = gaussLegendre(middle, b)
        if depth >= 24 || abs(left + right - whole) <= tolerance { return left + right }
        return adaptiveLength(a, middle, whole: left, tolerance: tolerance / 2, depth: depth + 1)
            + adaptiveLength(middle, b, whole: right, tolerance: tolerance / 2, depth: depth + 1)
    }

    /// The parameter where the arc length from the start is `length` (0...total, `total` this
    /// cubic's length), to within 1e-9 of the length: Newton's method on the arc length, each step's
    /// length added to the last (short intervals, one quadrature each), kept inside a shrinking
    /// bracket by bisection.
    func parameter(atLength length: Double, of total: Double) -> Double {
        if length <= 0 || total <= 0 { return 0 }
        if length >= total { return 1 }
        var low = 0.0
        var high = 1.0
        var t = length / total
        var measured = self.length(to: t)
        for _ in 0..<60 {
            let error = measured - length
            if abs(error) <= 1e-9 * max(1, total) { break }
            if error > 0 { high = t } else { low = t }
            let speed = derivativeLength(t)
            var next = speed > 0 ? t - error / speed : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if high - low < 1e-15 { break }
            measured += self.length(from: t, to: next)
            t = next
        }
        return t
    }
}
