import CAnimatorABI
import CCairo
import Scene
import ShapeGeometry

/// Shape layers: each path filled, then stroked, in the layer's own space, so edges are drawn at
/// the device's pixels (as sharp at `--scale 2` as at 1). As Core Animation, strokeStart,
/// strokeEnd and trimOffset trim the stroke only; the fill is the whole path's.
extension Compositor {
    func paintShape(
        _ paths: [ShapePath], trim: ShapeContent.Trim, size: anim_size_t, alpha: Double, on cr: OpaquePointer
    ) {
        let strokes = Self.strokedPaths(paths, trim: trim)
        for (index, shapePath) in paths.enumerated() {
            let style = shapePath.style
            if let fill = style.fill, !shapePath.path.isEmpty {
                add(shapePath.path, to: cr)
                cairo_set_fill_rule(cr, style.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                paint(fill, size: size, alpha: alpha, on: cr) { cairo_fill($0) }
            }
            guard let stroke = style.stroke, style.lineWidth > 0, let drawn = strokes[index], !drawn.isEmpty else {
                continue
            }
            add(drawn, to: cr)
            cairo_set_line_width(cr, style.lineWidth)
            cairo_set_line_cap(cr, style.lineCap.cairo)
            cairo_set_line_join(cr, style.lineJoin.cairo)
            cairo_set_miter_limit(cr, style.miterLimit)
            if style.dashes.contains(where: { $0 > 0 }) {
                // Cairo, as SVG, repeats an odd-length pattern twice over.
                cairo_set_dash(cr, style.dashes, Int32(style.dashes.count), style.dashPhase)
            }
            paint(stroke, size: size, alpha: alpha, on: cr) { cairo_stroke($0) }
            cairo_set_dash(cr, nil, 0, 0)
        }
    }

    /// What each path's stroke draws after trimming: simultaneously, each path by its own
    /// strokeStart, strokeEnd and trimOffset; individually, the paths as one, in order, by the
    /// first path's.
    static func strokedPaths(_ paths: [ShapePath], trim: ShapeContent.Trim) -> [BezierPath?] {
        guard trim == .individually, paths.count > 1, let first = paths.first?.style else {
            return paths.map { shapePath in
                let style = shapePath.style
                guard style.stroke != nil else { return nil }
                if style.isWhole { return shapePath.path }
                return shapePath.path.trimmed(
                    start: style.strokeStart, end: style.strokeEnd, offsetDegrees: style.trimOffset)
            }
        }
        let lengths = paths.map(\.path.length)
        let total = lengths.reduce(0, +)
        guard total > 0 else { return paths.map { _ in nil } }
        // The kept stretches of the whole length: one, or two where the offset wraps it round.
        let start = min(max(first.strokeStart, 0), 1)
        let end = min(max(first.strokeEnd, 0), 1)
        guard start < end else { return paths.map { _ in BezierPath(subpaths: []) } }
        let shift = first.trimOffset / 360 - (first.trimOffset / 360).rounded(.down)
        var kept: [(Double, Double)] = []
        let (a, b) = (start + shift, end + shift)
        if b <= 1 {
            kept = [(a, b)]
        } else if a >= 1 {
            kept = [(a - 1, b - 1)]
        } else {
            kept = [(a, 1), (0, b - 1)]
        }
        var before = 0.0
        return zip(paths, lengths).map { shapePath, length in
            defer { before += length }
            guard shapePath.style.stroke != nil, length > 0 else { return nil }
            var pieces: [Subpath] = []
            for (from, to) in kept {
                let lower = max(from * total - before, 0) / length
                let upper = min(to * total - before, length) / length
                guard lower < upper else { continue }
                pieces += shapePath.path.trimmed(start: lower, end: upper, offsetDegrees: 0).subpaths
            }
            return BezierPath(subpaths: pieces)
        }
    }

    private func add(_ path: BezierPath, to cr: OpaquePointer) {
        cairo_new_path(cr)
        addPath(path, to: cr)
    }

    /// Sets `paint` as the source (a gradient over the layer's `size`) and draws with `draw`.
    private func paint(
        _ paint: ShapeStyle.Paint, size: anim_size_t, alpha: Double, on cr: OpaquePointer,
        _ draw: (OpaquePointer) -> Void
    ) {
        switch paint {
        case .color(let c):
            cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * alpha)
            draw(cr)
        case .gradient(let gradient):
            var faded = gradient
            if alpha < 1 { for index in faded.stops.indices { faded.stops[index].color.a *= alpha } }
            let pattern = faded.makePattern(size: size)
            cairo_set_source(cr, pattern)
            draw(cr)
            cairo_pattern_destroy(pattern)
        }
    }
}

extension ShapeStyle.LineCap {
    var cairo: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

extension ShapeStyle.LineJoin {
    var cairo: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}
