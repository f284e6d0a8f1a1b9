import CCairo
import CStrokeCoverage
import Scene
import ShapeGeometry

/// Shape strokes measured by FreeType and composited by Cairo: FreeType's stroker outlines the
/// line, its smooth rasteriser measures how much of each device pixel the outline covers (the
/// exact area, as rlottie and Skia measure it), and Cairo paints the source through that coverage
/// as a mask, with the context's clip and operator. Cairo's own stroking samples fifteen rows a
/// pixel for every edge and cost about twice as much for shape layers' many short curves. Dashed
/// lines, dots and paths FreeType cannot hold (`stroke_result_t`) are stroked by Cairo. One per
/// compositor: a rasterizer serves one thread at a time.
final class StrokeCoverage {
    private let rasterizer: OpaquePointer?
    private var points: [Double] = []
    private var segments: [Int32] = []
    private var closed: [UInt8] = []

    init() { rasterizer = stroke_rasterizer_create() }

    deinit { stroke_rasterizer_destroy(rasterizer) }

    /// Strokes `path` in `style` with `cr`'s source, clip and operator, in its user space; false
    /// when it did not and Cairo must (`cr` is then as it was).
    func stroke(_ path: BezierPath, style: ShapeStyle, on cr: OpaquePointer) -> Bool {
        guard let rasterizer, style.dashes.allSatisfy({ $0 <= 0 }) else { return false }
        switch cairo_get_antialias(cr) {
        case CAIRO_ANTIALIAS_DEFAULT, CAIRO_ANTIALIAS_GRAY, CAIRO_ANTIALIAS_GOOD, CAIRO_ANTIALIAS_BEST: break
        default: return false
        }
        points.removeAll(keepingCapacity: true)
        segments.removeAll(keepingCapacity: true)
        closed.removeAll(keepingCapacity: true)
        func append(_ point: SIMD2<Double>) {
            points.append(point.x)
            points.append(point.y)
        }
        for subpath in path.subpaths {
            append(subpath.start)
            for segment in subpath.segments {
                append(segment.control1)
                append(segment.control2)
                append(segment.end)
            }
            segments.append(Int32(subpath.segments.count))
            closed.append(subpath.isClosed ? 1 : 0)
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        // The clip's extents in the device space the matrix maps to, where the mask is painted.
        var (left, top, right, bottom) = (0.0, 0.0, 0.0, 0.0)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &left, &top, &right, &bottom)
        let limit = Double(Int32.max / 2)
        var lineStyle = stroke_style_t(
            width: style.lineWidth, cap: style.lineCap.coverage, join: style.lineJoin.coverage,
            miter_limit: style.miterLimit, xx: matrix.xx, yx: matrix.yx, xy: matrix.xy, yy: matrix.yy,
            x0: matrix.x0, y0: matrix.y0,
            clip_x0: Int32(max(left.rounded(.down), -limit)), clip_y0: Int32(max(top.rounded(.down), -limit)),
            clip_x1: Int32(min(right.rounded(.up), limit)), clip_y1: Int32(min(bottom.rounded(.up), limit)))
        var coverage = stroke_coverage_t()
        let result = points.withUnsafeBufferPointer { points in
            segments.withUnsafeBufferPointer { segments in
                closed.withUnsafeBufferPointer { closed in
                    var shape = stroke_path_t(
                        points: points.baseAddress, segments: segments.baseAddress, closed: closed.baseAddress,
                        subpaths: Int32(segments.count))
                    return stroke_rasterizer_stroke(rasterizer, &shape, &lineStyle, &coverage)
                }
            }
        }
        switch result {
        case STROKE_NOTHING:
            return true
        case STROKE_COVERED:
            guard
                let mask = cairo_image_surface_create_for_data(
                    coverage.data, CAIRO_FORMAT_A8, coverage.width, coverage.height, coverage.stride),
                cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS
            else { return false }
            cairo_mask_surface(cr, mask, Double(coverage.x), Double(coverage.y))
            // The coverage's bytes are the rasterizer's: nothing may hold them past this stroke.
            cairo_surface_finish(mask)
            cairo_surface_destroy(mask)
            return true
        default:
            return false
        }
    }
}

extension ShapeStyle.LineCap {
    fileprivate var coverage: Int32 {
        switch self {
        case .butt: Int32(STROKE_CAP_BUTT)
        case .round: Int32(STROKE_CAP_ROUND)
        case .square: Int32(STROKE_CAP_SQUARE)
        }
    }
}

extension ShapeStyle.LineJoin {
    fileprivate var coverage: Int32 {
        switch self {
        case .miter: Int32(STROKE_JOIN_MITER)
        case .round: Int32(STROKE_JOIN_ROUND)
        case .bevel: Int32(STROKE_JOIN_BEVEL)
        }
    }
}
