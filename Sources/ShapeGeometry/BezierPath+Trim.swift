extension BezierPath {
    /// Core Animation's strokeStart/strokeEnd with Lottie's trim offset: keeps the part from
    /// fraction `start` to `end` (0...1) of the whole path's length, both shifted by
    /// `offsetDegrees / 360` and wrapped around (as Lottie's trim path offset: a part that runs
    /// past the end continues at the beginning); start >= end (after clamping to 0...1, before
    /// the offset) keeps nothing. The kept pieces are exact cubic subdivisions (de Casteljau at
    /// the parameter found for the arc length), so a trimmed circle is still round.
    /// Lines that close a closed subpath are trimmed too; a kept piece is an open subpath.
    /// Two cases keep more: start 0 and end 1 keep the path as it is (closed subpaths stay closed,
    /// whatever the offset); and on a path of one closed subpath, a part that wraps past the end
    /// is one piece through the start point, as lottie-web joins it, not two pieces meeting there.
    public func trimmed(start: Double, end: Double, offsetDegrees: Double) -> BezierPath {
        trimmed(start: start, end: end, offsetDegrees: offsetDegrees, lengths: lengths)
    }

    /// `trimmed(start:end:offsetDegrees:)` with the path's `lengths` computed once by the caller.
    public func trimmed(start: Double, end: Double, offsetDegrees: Double, lengths: PathLengths) -> BezierPath {
        let from = min(max(start.isNaN ? 0 : start, 0), 1)
        let to = min(max(end.isNaN ? 0 : end, 0), 1)
        guard from < to, lengths.total > 0 else { return BezierPath(subpaths: []) }
        if from == 0 && to == 1 { return self }
        var offset = offsetDegrees.isFinite ? (offsetDegrees / 360).truncatingRemainder(dividingBy: 1) : 0
        if offset < 0 { offset += 1 }
        var shiftedStart = from + offset
        var shiftedEnd = to + offset
        if shiftedStart >= 1 { (shiftedStart, shiftedEnd) = (shiftedStart - 1, shiftedEnd - 1) }
        let total = lengths.total
        guard shiftedEnd > 1 else {
            return BezierPath(subpaths: pieces(from: shiftedStart * total, to: shiftedEnd * total, lengths: lengths))
        }
        var kept = pieces(from: shiftedStart * total, to: total, lengths: lengths)
        let wrapped = pieces(from: 0, to: (shiftedEnd - 1) * total, lengths: lengths)
        if subpaths.count == 1, subpaths[0].isClosed, var joined = kept.popLast(), let first = wrapped.first {
            joined.segments += first.segments
            return BezierPath(subpaths: kept + [joined] + wrapped.dropFirst())
        }
        return BezierPath(subpaths: kept + wrapped)
    }

    /// The open subpaths that lie between distances `low` and `high` along the whole path.
    private func pieces(from low: Double, to high: Double, lengths: PathLengths) -> [Subpath] {
        var pieces: [Subpath] = []
        var subpathStart = 0.0
        for (index, subpath) in subpaths.enumerated() {
            let subpathEnd = subpathStart + lengths.subpaths[index]
            defer { subpathStart = subpathEnd }
            guard max(low, subpathStart) < min(high, subpathEnd) else { continue }
            var piece: Subpath?
            var segmentStart = subpathStart
            var part = 0
            subpath.forEachDrawnCubic { cubic in
                let length = lengths.segments[index][part]
                let segmentEnd = segmentStart + length
                defer { (segmentStart, part) = (segmentEnd, part + 1) }
                guard max(low, segmentStart) < min(high, segmentEnd) else { return }
                let t0 = low > segmentStart ? cubic.parameter(atLength: low - segmentStart, of: length) : 0
                let t1 = high < segmentEnd ? cubic.parameter(atLength: high - segmentStart, of: length) : 1
                let kept = cubic.part(from: t0, to: t1)
                if piece == nil { piece = Subpath(start: kept.p0, segments: [], isClosed: false) }
                piece!.segments.append(kept.segment)
            }
            if let piece { pieces.append(piece) }
        }
        return pieces
    }
}
