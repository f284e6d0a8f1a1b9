import CAnimatorABI
import CCairo
import Compositor
import Foundation
import Scene

let clear = anim_color_t(r: 0, g: 0, b: 0, a: 0)
let red = anim_color_t(r: 1, g: 0, b: 0, a: 1)
let green = anim_color_t(r: 0, g: 1, b: 0, a: 1)
let blue = anim_color_t(r: 0, g: 0, b: 1, a: 1)
let white = anim_color_t(r: 1, g: 1, b: 1, a: 1)

typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> anim_rect_t {
    anim_rect_t(x: x, y: y, width: width, height: height)
}

func layer(_ frame: anim_rect_t) -> anim_layer_t {
    .base(name: nil, frame: frame)
}

/// Renders on a 64×64 canvas, the size most tests here use, or a wider one for text.
func render(
    _ layers: [anim_layer_t], _ contents: [LayerContent], images: SceneImages = .none,
    background: anim_color_t = clear, width: Int = 64, height: Int = 64
) -> FrameBuffer {
    let frame = FrameBuffer.blank(width: width, height: height)
    Compositor(canvas: Canvas(width: width, height: height, background: background), contents: contents, images: images)
        .render(layers, into: frame)
    return frame
}

/// The image file at `path` as contents name it, and its decoded pixels for the compositor.
func decodedImage(_ path: String) throws -> (file: ImageFile, images: SceneImages) {
    (ImageFile(path: path), SceneImages([path: try RasterImage.load(contentsOf: path)]))
}

/// Every byte of a frame, padding included, for exact comparisons.
func bytes(of frame: FrameBuffer) -> [UInt8] {
    Array(UnsafeBufferPointer(start: frame.pixels, count: frame.stride * frame.height))
}

func isClose(_ p: Pixel, _ q: Pixel, tolerance: Int = 2) -> Bool {
    [(p.r, q.r), (p.g, q.g), (p.b, q.b), (p.a, q.a)].allSatisfy { abs(Int($0.0) - Int($0.1)) <= tolerance }
}

/// A scratch folder for generated files, removed by the caller.
func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("compositor-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Draws rectangles with Cairo and writes them as a PNG, so tests load real files through libpng.
func writePNG(width: Int, height: Int, to path: String, rects: [(anim_rect_t, anim_color_t)]) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    let cr = cairo_create(surface)
    for (r, c) in rects {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_fill(cr)
    }
    cairo_destroy(cr)
    cairo_surface_write_to_png(surface, path)
    cairo_surface_destroy(surface)
}

/// Writes a width × height PNG whose pixel x, y is `pixel(x, y)`: premultiplied blue, green,
/// red and alpha bytes, as Cairo holds them.
func writePNG(width: Int, height: Int, to path: String, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    defer { cairo_surface_destroy(surface) }
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    let stride = Int(cairo_image_surface_get_stride(surface))
    for y in 0..<height {
        for x in 0..<width {
            let p = data + y * stride + x * 4
            (p[0], p[1], p[2], p[3]) = pixel(x, y)
        }
    }
    cairo_surface_mark_dirty(surface)
    cairo_surface_write_to_png(surface, path)
}

extension FrameBuffer {
    /// A new transparent frame; tests' frames are small, so their memory is always had.
    static func blank(width: Int, height: Int) -> FrameBuffer {
        do { return try FrameBuffer(width: width, height: height) } catch {
            preconditionFailure("a test frame: \(error)")
        }
    }
}

/// Where a text's glyphs put ink (any alpha) on a frame.
struct Ink {
    var pixels: [(x: Int, y: Int, alpha: Int)] = []

    init(_ frame: FrameBuffer) {
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixel(x: x, y: y).a > 0 {
                pixels.append((x, y, Int(frame.pixel(x: x, y: y).a)))
            }
        }
    }

    var total: Int { pixels.reduce(0) { $0 + $1.alpha } }
    var rows: Set<Int> { Set(pixels.map(\.y)) }
    var lowestRow: Int { pixels.map(\.y).max() ?? -1 }
    var rightmostColumn: Int { pixels.map(\.x).max() ?? -1 }
    /// The alpha-weighted mean column.
    var centreX: Double { Double(pixels.reduce(0) { $0 + $1.x * $1.alpha }) / Double(total) }
    /// Runs of consecutive rows holding ink: one per line of text when lines do not touch.
    var bands: Int { rows.filter { !rows.contains($0 - 1) }.count }
}
