import CAnimatorABI
import CCairo
import CRaster
import Foundation
import Scene

/// Layers turned out of their plane (`rotationX`, `rotationY`, seen at `perspective`), as Core
/// Animation draws a layer whose transform rotates it about the x or y axis: the layer and its
/// sublayers are drawn flat into an image of their own, which is then mapped onto the frame
/// through the projective transform the turn gives (Cairo takes only affine ones).
extension Compositor {
    /// The content, effects and projection stages of turned layer `index` (`world` its map to
    /// device pixels, before the turn): it is drawn with its sublayers, mask and filters flat into
    /// a picture of its own, which is projected into a picture of the frame's size; its opacity
    /// and its shadow (cast from that picture's alpha) apply when it is composited. Nil while it
    /// faces away unless it is double-sided (its back is its front, mirrored), while any corner
    /// lies at or behind the eye, or when nothing of it can show.
    func projectedPicture(
        _ index: Int, of layers: [anim_layer_t], world: AffineTransform, frame: FrameBuffer
    ) -> LayerPicture? {
        let layer = layers[index]
        let turn = host[index]
        guard layer.frame.width > 0, layer.frame.height > 0, layer.frame.width.isFinite, layer.frame.height.isFinite
        else { return nil }
        let projection = world.matrix3 * Self.turnProjection(of: layer, turn)
        let (width, height) = (layer.frame.width, layer.frame.height)
        guard let corners = Self.projected(anim_rect_t(x: 0, y: 0, width: width, height: height), by: projection)
        else { return nil }
        // Seen from behind, the corners go round the other way than the flat layer's do.
        let area = zip(corners, corners.dropFirst() + [corners[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
        let flatArea = world.a * world.d - world.b * world.c
        guard abs(area) > 1e-9, turn.isDoubleSided || (area > 0) == (flatArea > 0) else { return nil }
        // Pixels of the picture per layer point: as many as the frame shows at the nearest corner.
        let widest = corners.map(\.w).reduce(1) { max($0, 1 / $1) }
        let density = min(sqrt(abs(flatArea)) * widest, 4000 / max(width, height))
        // Round the layer, the margins its filters reach (at the pixels per point `filteredPicture`
        // runs them at in the picture) and a transparent one, so its edges blend into transparency.
        let effectDensity = Self.density(of: AffineTransform(a: density, b: 0, c: 0, d: density, tx: 0, ty: 0))
        guard let reaches = reaches(of: index, .filters, density: effectDensity) else { return nil }
        let reach = Self.total(reaches)
        let margin = 2.0
        let (left, top) = (Double(reach.left) + margin, Double(reach.top) + margin)
        let pictureWidth = Int((width * density).rounded(.up) + left + Double(reach.right) + margin)
        let pictureHeight = Int((height * density).rounded(.up) + top + Double(reach.bottom) + margin)
        // What the filtered layer covers; where part of it lies behind the eye, the whole frame.
        let filtered = anim_rect_t(
            x: -Double(reach.left) / density, y: -Double(reach.top) / density,
            width: width + (Double(reach.left) + Double(reach.right)) / density,
            height: height + (Double(reach.top) + Double(reach.bottom)) / density)
        let box = PixelBox(
            covering: Self.projected(filtered, by: projection).map { Self.bounds(of: $0) }
                ?? anim_rect_t(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height)),
            width: frame.width, height: frame.height)
        guard !box.isEmpty, let picture = try? FrameBuffer(width: pictureWidth, height: pictureHeight),
            let projected = try? FrameBuffer(width: frame.width, height: frame.height)
        else { return nil }
        drawFlat(index, of: layers, density: density, left: left, top: top, filtered: true, into: picture)
        let pictureToLayer = Matrix3(cells: [1 / density, 0, -left / density, 0, 1 / density, -top / density, 0, 0, 1])
        project(picture, through: projection * pictureToLayer, box: box, into: projected)
        return LayerPicture(
            image: projected, toDevice: .identity, within: box, clip: box,
            filter: CAIRO_FILTER_GOOD, layerToDevice: nil)
    }

    /// Layer `index` and its sublayers in the layer's own plane, `density` pixels per point, its
    /// top left `left` and `top` pixels in, at full opacity and without its shadow, over a
    /// transparent `picture`; its filters applied when `filtered`.
    func drawFlat(
        _ index: Int, of layers: [anim_layer_t], density: Double, left: Double = 0, top: Double = 0, filtered: Bool,
        into picture: FrameBuffer
    ) {
        let layerToPicture = AffineTransform(a: density, b: 0, c: 0, d: density, tx: left, ty: top)
        drawAlone(index, of: layers, through: layerToPicture, into: picture, flat: filtered, unfiltered: !filtered)
    }

    /// Layer `index` and its sublayers mapped by `layerToPicture` (the layer's own coordinates to
    /// the picture's pixels), at full opacity and without its shadow (nor its mask, when
    /// `withoutMask`), over a transparent `picture`; `flat` and `unfiltered` as `drawSubtree` takes them.
    func drawAlone(
        _ index: Int, of layers: [anim_layer_t], through layerToPicture: AffineTransform, into picture: FrameBuffer,
        withoutMask: Bool = false, flat: Bool = false, unfiltered: Bool = false
    ) {
        let subtree = index..<tree.ends[index]
        let saved = Array(worlds[subtree])
        var alone = layers
        alone[index].opacity = 1
        alone[index].shadow.opacity = 0
        let ownMask = host[index].mask
        if withoutMask {
            alone[index].mask.shape_count = 0
            host[index].mask = LayerMaskPaths()
        }
        defer { host[index].mask = ownMask }
        // Its matte, a sibling's picture in its parent's space, applies where the picture is painted.
        let withheld = mattesWithheld.insert(index).inserted
        defer { if withheld { mattesWithheld.remove(index) } }
        // Maps through `scaled(by: scale)` to the picture's pixels.
        worlds[index] = layerToPicture.scaled(by: 1 / scale)
        for child in subtree.dropFirst() {
            worlds[child] = worlds[tree.parents[child]!].concatenating(alone[child].deviceTransform)
        }
        // A clip filling the picture (a filtered full-frame clip's unfiltered picture) is
        // converted into it, without clearing it and painting it over.
        if writesAloneStraight(alone[index], index: index, unfiltered: unfiltered, into: picture) {
            worlds.replaceSubrange(subtree, with: saved)
            return
        }
        drawing(into: picture, over: anim_color_t(r: 0, g: 0, b: 0, a: 0)) { cr in
            _ = drawSubtree(
                index, of: alone, replacing: [], nested: false, flat: flat, unfiltered: unfiltered, on: cr,
                frame: picture)
        }
        worlds.replaceSubrange(subtree, with: saved)
    }

    /// Writes `picture` mapped through `matrix` (picture pixels to frame pixels) into `box` of
    /// `target`, sampled bilinearly; every pixel of the box is written (transparent outside the
    /// picture). Pixman's projective sampling was tried first and wrote stray opaque columns far
    /// outside the picture, so the sampling is done here (`raster_project_bilinear`).
    private func project(_ picture: FrameBuffer, through matrix: Matrix3, box: PixelBox, into target: FrameBuffer) {
        guard let inverse = matrix.inverse else { return }
        cairo_surface_flush(picture.surface)
        inverse.cells.withUnsafeBufferPointer { cells in
            raster_project_bilinear(
                picture.pixels, Int32(picture.width), Int32(picture.height), Int32(picture.stride), target.pixels,
                Int32(target.stride), Int32(box.x0), Int32(box.y0), Int32(box.x1), Int32(box.y1), cells.baseAddress)
        }
        target.pixelsChanged()
        cairo_surface_mark_dirty(target.surface)
    }

    /// The layer's own points to its turned, projected points, still in its own coordinates: a
    /// turn of `rotationX` about the horizontal axis through the anchor point, then of
    /// `rotationY` about the vertical one, seen from `perspective` points in front (or without
    /// perspective when it is 0).
    static func turnProjection(of layer: anim_layer_t, _ turn: HostLayerState) -> Matrix3 {
        let (ax, ay) = (layer.anchor.x * layer.frame.width, layer.anchor.y * layer.frame.height)
        let (cosX, sinX) = cosSin(degrees: turn.rotationX)
        let (cosY, sinY) = cosSin(degrees: turn.rotationY)
        let k = turn.perspective > 0 ? 1 / turn.perspective : 0
        // Over (X, Y, 1), X and Y measured from the anchor: depth z = −X sin y + Y sin x cos y,
        // and w = 1 − k z is how much nearer (w < 1) or farther the point is than the plane.
        let w = [k * sinY, -k * sinX * cosY, 1.0]
        let x = [cosY + ax * w[0], sinX * sinY + ax * w[1], ax * w[2]]
        let y = [ay * w[0], cosX + ay * w[1], ay * w[2]]
        let fromAnchor = Matrix3(cells: [1, 0, -ax, 0, 1, -ay, 0, 0, 1])
        return Matrix3(cells: x + y + w) * fromAnchor
    }

    /// The corners of `rect` (in the layer's own coordinates) through `projection`, each with
    /// its w (below 1 nearer the eye than the plane); nil when one lies at or behind the eye.
    private static func projected(_ rect: anim_rect_t, by projection: Matrix3) -> [(x: Double, y: Double, w: Double)]? {
        var corners: [(x: Double, y: Double, w: Double)] = []
        for (x, y) in [
            (rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x + rect.width, rect.y + rect.height),
            (rect.x, rect.y + rect.height),
        ] {
            let (px, py, w) = projection.apply(x, y)
            guard w > 1e-6 else { return nil }
            corners.append((px / w, py / w, w))
        }
        return corners
    }

    private static func bounds(of points: [(x: Double, y: Double, w: Double)]) -> anim_rect_t {
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        return anim_rect_t(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

/// A 3×3 matrix over homogeneous 2-D points, row by row: what a projective map needs.
struct Matrix3 {
    var cells: [Double]

    static func * (left: Matrix3, right: Matrix3) -> Matrix3 {
        var cells = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                cells[row * 3 + column] = (0..<3).reduce(0) {
                    $0 + left.cells[row * 3 + $1] * right.cells[$1 * 3 + column]
                }
            }
        }
        return Matrix3(cells: cells)
    }

    /// The matrix undoing this one; nil when it is singular.
    var inverse: Matrix3? {
        let m = cells
        let cofactors = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        let determinant = m[0] * cofactors[0] + m[1] * cofactors[3] + m[2] * cofactors[6]
        guard determinant != 0, determinant.isFinite else { return nil }
        return Matrix3(cells: cofactors.map { $0 / determinant })
    }

    /// (x', y', w) for the point (x, y); the point is (x' / w, y' / w).
    func apply(_ x: Double, _ y: Double) -> (Double, Double, Double) {
        (
            cells[0] * x + cells[1] * y + cells[2], cells[3] * x + cells[4] * y + cells[5],
            cells[6] * x + cells[7] * y + cells[8]
        )
    }
}

extension AffineTransform {
    var matrix3: Matrix3 { Matrix3(cells: [a, c, tx, b, d, ty, 0, 0, 1]) }
}
