import CCairo
import Scene
import ShapeGeometry

/// Shape layers' paths drawn into small images of device pixels, each kept while what it is
/// drawn from stays: a fill whose path, paint and place do not change (a gradient fill under an
/// animated trim, a shape over footage) is rasterised once per render rather than once per frame,
/// and then costs one composite of its pixels.
///
/// Whether a drawing goes through an image never depends on what is kept: a path is drawn
/// into its image and that image composited (`Compositor.rasterise`) on every frame whose
/// geometry allows it, kept or not, so the bytes are the same on every run, thread and shard.
final class ShapeRasters {
    /// What a raster is of, at a slot: the drawing's inputs and where its pixels lie.
    struct Key: Equatable {
        var drawing: ShapeDrawing
        var matrix: [Double]
        var region: PixelRegion
    }

    /// How a drawing reaches the target: through the raster of a key, directly (too large for
    /// one), or not at all (outside the target).
    enum Raster {
        case key(Key)
        case direct
        case nothing
    }

    /// Where a still shape is drawn: the user space's matrix and the target's pixels, and the
    /// layer's size. A layer no step changes draws the same paths in every frame, so the same
    /// place means the same raster.
    struct Place: Equatable {
        var numbers: [Double]

        init(_ cr: OpaquePointer, width: Double, height: Double) {
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            let target = cairo_get_group_target(cr)
            var (x, y) = (0.0, 0.0)
            cairo_surface_get_device_offset(target, &x, &y)
            numbers = [
                matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0, x, y,
                Double(cairo_image_surface_get_width(target)), Double(cairo_image_surface_get_height(target)),
                width, height,
            ]
        }
    }

    /// Where a raster is kept: a layer's path's fill or stroke, or a still layer's whole shape,
    /// in one copy of the replicators it is inside (`Compositor.copyPath`; 0 outside any).
    struct Slot: Hashable {
        var layer: Int
        var path: Int
        var part: Int
        var copy = 0
    }

    private struct Entry {
        var key: Key
        var surface: OpaquePointer
        var bytes: Int
    }

    /// Rasters beyond this many bytes, all slots together, are drawn and let go rather than kept.
    static let byteBudget = 256 << 20
    /// A drawing whose pixels would be more than this many is drawn directly, never through an image.
    static let largestRegion = 1 << 22

    private var entries: [Slot: Entry] = [:]
    private var bytes = 0
    /// Each path's lengths, kept while the path stays, for the trims of animated strokes.
    private var lengths: [Slot: (path: BezierPath, lengths: PathLengths)] = [:]

    /// The raster of each still shape's slot, by the place it was last drawn at.
    private var stills: [Slot: (place: Place, raster: Raster)] = [:]

    func stillKey(at slot: Slot, place: Place) -> Raster? {
        guard let still = stills[slot], still.place == place else { return nil }
        return still.raster
    }

    func remember(_ raster: Raster, at slot: Slot, place: Place) {
        stills[slot] = (place, raster)
    }

    deinit {
        for entry in entries.values { cairo_surface_destroy(entry.surface) }
    }

    /// The raster kept at `slot` for `key` (not to be destroyed by the caller), or the one `draw`
    /// makes; `draw` is given a context whose user space is the caller's and whose pixels are
    /// `key.region`'s. The Bool says whether the caller is to destroy the surface (it was not kept).
    func raster(at slot: Slot, for key: Key, draw: (OpaquePointer) -> Void) -> (OpaquePointer, owned: Bool)? {
        if let entry = entries[slot], entry.key == key { return (entry.surface, false) }
        let region = key.region
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(region.width), Int32(region.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface)
        else { return nil }
        var matrix = cairo_matrix_t(
            xx: key.matrix[0], yx: key.matrix[1], xy: key.matrix[2], yy: key.matrix[3],
            x0: key.matrix[4] - Double(region.x), y0: key.matrix[5] - Double(region.y))
        cairo_set_matrix(cr, &matrix)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        if let old = entries.removeValue(forKey: slot) {
            bytes -= old.bytes
            cairo_surface_destroy(old.surface)
        }
        let size = region.width * region.height * 4
        guard bytes + size <= Self.byteBudget else { return (surface, true) }
        entries[slot] = Entry(key: key, surface: surface, bytes: size)
        bytes += size
        return (surface, false)
    }

    /// `path`'s lengths, measured once while it stays the path at `slot`.
    func lengths(of path: BezierPath, at slot: Slot) -> PathLengths {
        if let kept = lengths[slot], kept.path == path { return kept.lengths }
        let measured = path.lengths
        lengths[slot] = (path, measured)
        return measured
    }
}

/// A whole-pixel rectangle of device space.
struct PixelRegion: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels a drawing's user-space box `(x0, y0)–(x1, y1)` reaches through `cr`'s matrix,
    /// one more all round for antialiasing, within the pixels of `cr`'s target; nil when the
    /// target is not an image.
    static func reached(by box: (Double, Double, Double, Double), on cr: OpaquePointer) -> PixelRegion? {
        let target = cairo_get_group_target(cr)
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
        var (offsetX, offsetY) = (0.0, 0.0)
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let (targetWidth, targetHeight) = (
            Int(cairo_image_surface_get_width(target)), Int(cairo_image_surface_get_height(target))
        )
        var (left, top, right, bottom) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (x, y) in [(box.0, box.1), (box.2, box.1), (box.0, box.3), (box.2, box.3)] {
            var (dx, dy) = (x, y)
            cairo_user_to_device(cr, &dx, &dy)
            (left, top, right, bottom) = (min(left, dx), min(top, dy), max(right, dx), max(bottom, dy))
        }
        guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else { return nil }
        let (minX, minY) = (-offsetX.rounded(.down), -offsetY.rounded(.down))
        let x0 = max(left.rounded(.down) - 1, minX)
        let y0 = max(top.rounded(.down) - 1, minY)
        let x1 = min(right.rounded(.up) + 1, minX + Double(targetWidth))
        let y1 = min(bottom.rounded(.up) + 1, minY + Double(targetHeight))
        guard x1 > x0, y1 > y0 else { return PixelRegion(x: 0, y: 0, width: 0, height: 0) }
        return PixelRegion(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }
}

/// What a shape raster draws: its paths (as drawn: a stroke's already trimmed), each path's style
/// reduced to what the part drawn uses, the shape's trim mode, and the layer's size (the gradients'
/// unit square).
struct ShapeDrawing: Equatable {
    var paths: [ShapePath]
    var trim: ShapeContent.Trim?
    var width: Double
    var height: Double
}

extension ShapeStyle {
    /// The style with only what a fill uses.
    var fillOnly: ShapeStyle {
        var style = ShapeStyle()
        (style.fill, style.evenOdd) = (fill, evenOdd)
        return style
    }

    /// The style with only what a stroke of an already trimmed path uses.
    var strokeOnly: ShapeStyle {
        var style = self
        (style.fill, style.evenOdd, style.given) = (nil, false, [])
        (style.strokeStart, style.strokeEnd, style.trimOffset) = (0, 1, 0)
        return style
    }
}
