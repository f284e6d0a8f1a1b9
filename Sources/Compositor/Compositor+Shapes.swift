import CAnimatorABI
import CCairo
import Scene
import ShapeGeometry

/// Shape layers: each path filled, then stroked, in the layer's own space, so edges are drawn at
/// the device's pixels (as sharp at `--scale 2` as at 1). As Core Animation, strokeStart,
/// strokeEnd and trimOffset trim the stroke only; the fill is the whole path's.
extension Compositor {
    func paintShape(
        _ paths: [ShapePath], base: [ShapePath], trim: ShapeContent.Trim, index: Int, size: anim_size_t, alpha: Double,
        on cr: OpaquePointer
    ) {
        if !changingHost.contains(index) {
            // A shape no step changes is one picture, kept while the layer's place and size stay.
            let slot = ShapeRasters.Slot(layer: index, path: -1, part: 0, copy: copyPath)
            let place = ShapeRasters.Place(cr, width: size.width, height: size.height)
            let key =
                shapeRasters.stillKey(at: slot, place: place)
                ?? {
                    let strokes = Self.strokedPaths(paths, trim: trim)
                    let box = paths.indices.reduce(nil) { union($0, Self.box(of: paths[$1], stroke: strokes[$1])) }
                    let drawing = ShapeDrawing(paths: paths, trim: trim, width: size.width, height: size.height)
                    let key = rasterKey(for: drawing, box: box, on: cr)
                    shapeRasters.remember(key, at: slot, place: place)
                    return key
                }()
            return composite(key, at: slot, alpha: alpha, on: cr) { cr, alpha in
                let strokes = Self.strokedPaths(paths, trim: trim)
                for number in paths.indices {
                    Self.fill(paths[number], size: size, alpha: alpha, on: cr)
                    self.stroke(strokes[number], style: paths[number].style, size: size, alpha: alpha, on: cr)
                }
            }
        }
        let strokes = Self.strokedPaths(paths, trim: trim) { path, number in
            shapeRasters.lengths(of: path, at: ShapeRasters.Slot(layer: index, path: number, part: 0))
        }
        // Whether path `number`'s stroke is the file's: trimmed individually, every path's is.
        let whole = trim == .individually && paths.count > 1 ? paths == base : nil
        func unchanged(_ number: Int) -> Bool {
            whole ?? (base.indices.contains(number) && paths[number] == base[number])
        }
        for (number, shapePath) in paths.enumerated() {
            let style = shapePath.style
            if let fill = style.fill, fill.draws, !shapePath.path.isEmpty {
                let filled = ShapePath(path: shapePath.path, style: style.fillOnly)
                let drawing = ShapeDrawing(paths: [filled], trim: nil, width: size.width, height: size.height)
                let key = rasterKey(for: drawing, box: Self.box(of: filled, stroke: nil), on: cr)
                composite(key, at: .init(layer: index, path: number, part: 1, copy: copyPath), alpha: alpha, on: cr) {
                    cr, alpha in
                    Self.fill(filled, size: size, alpha: alpha, on: cr)
                }
            }
            guard style.stroke?.draws == true, style.lineWidth > 0, let drawn = strokes[number], !drawn.isEmpty else {
                continue
            }
            let stroked = ShapePath(path: drawn, style: style.strokeOnly)
            guard unchanged(number) else {
                // A stroke a step changes (a trim drawing on) is new in most frames: drawn directly.
                stroke(drawn, style: stroked.style, size: size, alpha: alpha, on: cr)
                continue
            }
            let drawing = ShapeDrawing(paths: [stroked], trim: nil, width: size.width, height: size.height)
            let key = rasterKey(for: drawing, box: Self.box(of: stroked, stroke: drawn), on: cr)
            composite(key, at: .init(layer: index, path: number, part: 2, copy: copyPath), alpha: alpha, on: cr) {
                cr, alpha in
                stroke(drawn, style: stroked.style, size: size, alpha: alpha, on: cr)
            }
        }
    }

    /// The raster `drawing` goes through on `cr`: its key (`ShapeRasters`), `.nothing` when it
    /// reaches no pixel of the target, `.direct` when it reaches more than a raster may hold.
    /// `box` is the user-space box it stays inside.
    private func rasterKey(
        for drawing: ShapeDrawing, box: (Double, Double, Double, Double)?, on cr: OpaquePointer
    ) -> ShapeRasters.Raster {
        guard let box, let region = PixelRegion.reached(by: box, on: cr),
            region.width * region.height <= ShapeRasters.largestRegion
        else { return .direct }
        guard !region.isEmpty else { return .nothing }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        return .key(
            ShapeRasters.Key(
                drawing: drawing, matrix: [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0],
                region: region))
    }

    /// Draws through `raster`: its image, kept or made by `draw` (given a context and an alpha),
    /// composited at `alpha`; or `draw` on `cr` directly.
    private func composite(
        _ raster: ShapeRasters.Raster, at slot: ShapeRasters.Slot, alpha: Double, on cr: OpaquePointer,
        draw: (OpaquePointer, Double) -> Void
    ) {
        guard case .key(let key) = raster else {
            if case .direct = raster { draw(cr, alpha) }
            return
        }
        guard let (surface, owned) = shapeRasters.raster(at: slot, for: key, draw: { draw($0, 1) }) else {
            return draw(cr, alpha)
        }
        let region = key.region
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, surface, Double(region.x), Double(region.y))
        if alpha < 1 { cairo_paint_with_alpha(cr, alpha) } else { cairo_paint(cr) }
        cairo_restore(cr)
        if owned { cairo_surface_destroy(surface) }
    }

    /// The user-space box a path's fill and its stroke `drawn` stay inside: their control points',
    /// the stroke's grown by its reach past its line (a miter's point, a square cap's corner).
    static func box(of shapePath: ShapePath, stroke drawn: BezierPath?) -> (Double, Double, Double, Double)? {
        let style = shapePath.style
        var box = style.fill == nil ? nil : hull(of: shapePath.path)
        if let drawn, style.stroke != nil, style.lineWidth > 0, let line = hull(of: drawn) {
            let miter = style.lineJoin == .miter ? longestMiter(of: drawn, limit: style.miterLimit) : 1
            let reach = style.lineWidth / 2 * max(miter, style.lineCap == .square ? 2.0.squareRoot() : 1)
            box = union(box, (line.0 - reach, line.1 - reach, line.2 + reach, line.3 + reach))
        }
        return box
    }

    /// The longest miter of `path`'s joins, in half line widths: 1 ÷ cos(half the turn) at each
    /// corner, or 1 where that passes `limit` and the join is bevelled.
    private static func longestMiter(of path: BezierPath, limit: Double) -> Double {
        var longest = 1.0
        for subpath in path.subpaths {
            var segments = subpath.segments
            if subpath.isClosed, let last = segments.last, last.end != subpath.start {
                segments.append(.line(from: last.end, to: subpath.start))
            }
            var starts = [subpath.start] + segments.map(\.end)
            starts.removeLast()
            let ins = zip(starts, segments).map { direction(from: $0, $1, reversed: true) }
            let outs = zip(starts, segments).map { direction(from: $0, $1, reversed: false) }
            let joins = subpath.isClosed ? Array(segments.indices) : Array(segments.indices.dropFirst())
            for index in joins {
                let incoming = ins[(index + segments.count - 1) % segments.count]
                let cosine = min(max((incoming * outs[index]).sum(), -1), 1)
                let ratio = 1 / ((1 + cosine) / 2).squareRoot()
                if ratio.isFinite, ratio <= limit { longest = max(longest, ratio) }
            }
        }
        return longest
    }

    /// A segment's unit direction as it leaves its start, or as it arrives at its end.
    private static func direction(from start: SIMD2<Double>, _ segment: PathSegment, reversed: Bool) -> SIMD2<Double> {
        let points =
            reversed
            ? [segment.end, segment.control2, segment.control1, start]
            : [start, segment.control1, segment.control2, segment.end]
        for other in points.dropFirst() where other != points[0] {
            let d = reversed ? points[0] - other : other - points[0]
            return d / (d * d).sum().squareRoot()
        }
        return .zero
    }

    private static func hull(of path: BezierPath) -> (Double, Double, Double, Double)? {
        var box: (Double, Double, Double, Double)?
        for subpath in path.subpaths {
            box = union(box, (subpath.start.x, subpath.start.y, subpath.start.x, subpath.start.y))
            for segment in subpath.segments {
                for point in [segment.control1, segment.control2, segment.end] {
                    box = union(box, (point.x, point.y, point.x, point.y))
                }
            }
        }
        return box
    }

    private static func fill(_ shapePath: ShapePath, size: anim_size_t, alpha: Double, on cr: OpaquePointer) {
        let style = shapePath.style
        guard let fill = style.fill, !shapePath.path.isEmpty else { return }
        add(shapePath.path, to: cr)
        cairo_set_fill_rule(cr, style.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        paint(fill, size: size, alpha: alpha, on: cr) { cairo_fill($0) }
    }

    private func stroke(
        _ drawn: BezierPath?, style: ShapeStyle, size: anim_size_t, alpha: Double, on cr: OpaquePointer
    ) {
        guard let stroke = style.stroke, style.lineWidth > 0, let drawn, !drawn.isEmpty else { return }
        Self.paint(stroke, size: size, alpha: alpha, on: cr) { cr in
            guard !strokeCoverage.stroke(drawn, style: style, on: cr) else { return }
            Self.strokeWithCairo(drawn, style: style, on: cr)
        }
    }

    private static func strokeWithCairo(_ drawn: BezierPath, style: ShapeStyle, on cr: OpaquePointer) {
        add(drawn, to: cr)
        cairo_set_line_width(cr, style.lineWidth)
        cairo_set_line_cap(cr, style.lineCap.cairo)
        cairo_set_line_join(cr, style.lineJoin.cairo)
        cairo_set_miter_limit(cr, style.miterLimit)
        if style.dashes.contains(where: { $0 > 0 }) {
            // Cairo, as SVG, repeats an odd-length pattern twice over.
            cairo_set_dash(cr, style.dashes, Int32(style.dashes.count), style.dashPhase)
        }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// What each path's stroke draws after trimming: simultaneously, each path by its own
    /// strokeStart, strokeEnd and trimOffset; individually, the paths as one, in order, by the
    /// first path's.
    static func strokedPaths(
        _ paths: [ShapePath], trim: ShapeContent.Trim,
        lengths: (BezierPath, Int) -> PathLengths = { path, _ in path.lengths }
    ) -> [BezierPath?] {
        guard trim == .individually, paths.count > 1, let first = paths.first?.style else {
            return paths.enumerated().map { number, shapePath in
                let style = shapePath.style
                guard style.stroke != nil else { return nil }
                if style.isWhole { return shapePath.path }
                return shapePath.path.trimmed(
                    start: style.strokeStart, end: style.strokeEnd, offsetDegrees: style.trimOffset,
                    lengths: lengths(shapePath.path, number))
            }
        }
        let measured = paths.enumerated().map { lengths($1.path, $0) }
        let total = measured.reduce(0) { $0 + $1.total }
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
        return zip(paths, measured).map { shapePath, measured in
            let length = measured.total
            defer { before += length }
            guard shapePath.style.stroke != nil, length > 0 else { return nil }
            var pieces: [Subpath] = []
            for (from, to) in kept {
                let lower = max(from * total - before, 0) / length
                let upper = min(to * total - before, length) / length
                guard lower < upper else { continue }
                pieces += shapePath.path.trimmed(start: lower, end: upper, offsetDegrees: 0, lengths: measured).subpaths
            }
            return BezierPath(subpaths: pieces)
        }
    }

    private static func add(_ path: BezierPath, to cr: OpaquePointer) {
        cairo_new_path(cr)
        addPath(path, to: cr)
    }

    /// Sets `paint` as the source (a gradient over the layer's `size`) and draws with `draw`.
    private static func paint(
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

extension ShapeStyle.Paint {
    /// Whether it paints anything: a colour or gradient not wholly transparent.
    var draws: Bool {
        switch self {
        case .color(let c): c.a > 0
        case .gradient(let gradient): gradient.stops.contains { $0.color.a > 0 }
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

private func union(
    _ a: (Double, Double, Double, Double)?, _ b: (Double, Double, Double, Double)?
) -> (Double, Double, Double, Double)? {
    guard let a else { return b }
    guard let b else { return a }
    return (min(a.0, b.0), min(a.1, b.1), max(a.2, b.2), max(a.3, b.3))
}
