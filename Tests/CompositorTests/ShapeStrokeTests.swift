import CAnimatorABI
import CCairo
import Compositor
import Scene
import ShapeGeometry
import Testing

/// Shape strokes, measured by FreeType and composited by Cairo, against Cairo stroking the same
/// path: caps, joins, miter limits, closed and self-crossing paths, a layer turned and stretched,
/// and the strokes Cairo draws itself (dashes, a dot) — pixel for pixel within antialiasing.
@Suite struct ShapeStrokeTests {
    static let size = 160

    /// `path` stroked in black on a clear canvas by a shape layer filling the canvas, whose own
    /// space is mapped by `matrix` (about the canvas's centre), and by Cairo: the two alphas.
    private func strokes(
        _ data: String, width: Double = 10, cap: ShapeStyle.LineCap = .butt, join: ShapeStyle.LineJoin = .miter,
        miterLimit: Double = 10, dashes: [Double] = [], rotation: Double = 0, scale: (Double, Double) = (1, 1)
    ) throws -> (shape: [UInt8], cairo: [UInt8]) {
        let size = Self.size
        var style = ShapeStyle()
        style.fill = nil
        style.stroke = .color(anim_color_t(r: 0, g: 0, b: 0, a: 1))
        (style.lineWidth, style.lineCap, style.lineJoin, style.miterLimit, style.dashes) =
            (width, cap, join, miterLimit, dashes)
        let path = try PathData.parse(data)
        var content = LayerContent()
        content.shape = ShapeContent(paths: [ShapePath(path: path, style: style)], isList: false)
        var layer = anim_layer_t.base(
            name: nil, frame: anim_rect_t(x: 0, y: 0, width: Double(size), height: Double(size)))
        layer.rotation = rotation
        layer.scale = anim_point_t(x: scale.0, y: scale.1)
        let frame = render([layer], [content], width: size, height: size)
        let shape = (0..<size * size).map { frame.pixels[($0 / size) * frame.stride + ($0 % size) * 4 + 3] }

        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let centre = Double(size) / 2
        cairo_translate(cr, centre, centre)
        cairo_rotate(cr, rotation * .pi / 180)
        cairo_scale(cr, scale.0, scale.1)
        cairo_translate(cr, -centre, -centre)
        for subpath in path.subpaths {
            cairo_move_to(cr, subpath.start.x, subpath.start.y)
            for s in subpath.segments {
                cairo_curve_to(cr, s.control1.x, s.control1.y, s.control2.x, s.control2.y, s.end.x, s.end.y)
            }
            if subpath.isClosed { cairo_close_path(cr) }
        }
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(
            cr, [.butt: CAIRO_LINE_CAP_BUTT, .round: CAIRO_LINE_CAP_ROUND, .square: CAIRO_LINE_CAP_SQUARE][cap]!)
        cairo_set_line_join(
            cr, [.miter: CAIRO_LINE_JOIN_MITER, .round: CAIRO_LINE_JOIN_ROUND, .bevel: CAIRO_LINE_JOIN_BEVEL][join]!)
        cairo_set_miter_limit(cr, miterLimit)
        if !dashes.isEmpty { cairo_set_dash(cr, dashes, Int32(dashes.count), 0) }
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_stroke(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let cairo = (0..<size * size).map { data[($0 / size) * stride + ($0 % size) * 4 + 3] }
        return (shape, cairo)
    }

    /// How far apart two alpha planes are: the largest difference, and how many pixels differ by
    /// more than a quarter of the range.
    private func difference(_ a: [UInt8], _ b: [UInt8]) -> (largest: Int, far: Int, covered: Int) {
        let differences = zip(a, b).map { abs(Int($0) - Int($1)) }
        return (differences.max() ?? 0, differences.filter { $0 > 64 }.count, b.filter { $0 > 128 }.count)
    }

    static let cases: [(String, String, Double, ShapeStyle.LineCap, ShapeStyle.LineJoin, Double)] = [
        ("butt caps", "M 30 40 L 130 60", 12, .butt, .miter, 10),
        ("round caps", "M 30 40 L 130 60", 12, .round, .miter, 10),
        ("square caps", "M 30 40 L 130 60", 12, .square, .miter, 10),
        ("a mitered corner", "M 20 130 L 80 30 L 140 130", 14, .butt, .miter, 10),
        ("a corner past its miter limit", "M 20 130 L 80 30 L 140 130", 14, .butt, .miter, 1.5),
        ("a round corner", "M 20 130 L 80 30 L 140 130", 14, .butt, .round, 10),
        ("a bevelled corner", "M 20 130 L 80 30 L 140 130", 14, .butt, .bevel, 10),
        (
            "a closed circle",
            "M 80 20 C 113 20 140 47 140 80 C 140 113 113 140 80 140 C 47 140 20 113 20 80 C 20 47 47 20 80 20 Z", 8,
            .butt, .miter, 10
        ),
        ("a self-crossing curve", "M 20 80 C 60 -20 100 180 140 80 C 100 -20 60 180 20 80 Z", 9, .round, .round, 10),
        ("a closed square", "M 30 30 L 130 30 L 130 130 L 30 130 Z", 6, .butt, .miter, 10),
        ("a hairline", "M 20 20 C 60 140 100 20 140 140", 0.7, .butt, .miter, 10),
        ("a line past the canvas's edges", "M -40 100 C 40 -60 120 260 220 20", 10, .square, .miter, 10),
    ]

    @Test(arguments: cases.indices) func strokeAsCairoDraws(_ index: Int) throws {
        let (name, data, width, cap, join, limit) = Self.cases[index]
        let (shape, cairo) = try strokes(data, width: width, cap: cap, join: join, miterLimit: limit)
        let d = difference(shape, cairo)
        #expect(d.covered > 100, "\(name): Cairo's stroke covers pixels")
        #expect(d.far == 0, "\(name): \(d.far) pixels differ from Cairo's stroke by more than a quarter")
        #expect(d.largest <= 40, "\(name): a pixel differs from Cairo's stroke by \(d.largest) levels of 255")
    }

    /// The pen is a circle of the layer's space: on a layer stretched 1.6 × 0.5 and turned 30°,
    /// an ellipse on the canvas, wide along the layer's x.
    @Test func aTurnedStretchedLayer() throws {
        let (shape, cairo) = try strokes(
            "M 40 40 L 120 60 C 140 100 60 140 40 110", width: 6, cap: .round, join: .miter, rotation: 30,
            scale: (1.6, 0.5))
        let d = difference(shape, cairo)
        #expect(d.covered > 100)
        #expect(d.far == 0, "\(d.far) pixels differ from Cairo's stroke by more than a quarter")
        #expect(d.largest <= 64, "a pixel differs from Cairo's stroke by \(d.largest) levels of 255")
    }

    /// A round-capped curve a twentieth of a pixel long on the canvas (a trimmed ring's start at
    /// a quarter of its size): shorter than FreeType's stroker measures, drawn by Cairo as the
    /// dot of its caps, beside a longer subpath FreeType strokes.
    @Test func aCurveShorterThanFreeTypeMeasuresIsADot() throws {
        let (shape, cairo) = try strokes(
            "M 100 12 C 100.054 12 100.108 12.00005 100.162 12.00015 M 20 150 L 140 150", width: 18, cap: .round,
            scale: (0.25, 0.25))
        let d = difference(shape, cairo)
        #expect(d.far == 0 && d.largest <= 40, "\(d)")
        #expect(d.covered > 20, "the dot and the line are drawn")
    }

    /// Dashes, and a subpath of one point (a dot of its round caps), are Cairo's own strokes.
    @Test func dashesAndDotsAreCairos() throws {
        let (dashed, cairoDashed) = try strokes("M 20 80 L 140 80", width: 8, dashes: [12, 6])
        #expect(dashed == cairoDashed)
        #expect(difference(dashed, cairoDashed).covered == 7 * 12 * 8)
        let (dot, cairoDot) = try strokes("M 80 80 L 80 80", width: 20, cap: .round)
        #expect(dot == cairoDot)
        #expect(difference(dot, cairoDot).covered > 250, "a dot 20 px across")
    }
}
