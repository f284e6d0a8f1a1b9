import CAnimatorABI
import CCairo
import CRaster
import Foundation
import Scene

/// Track mattes: a layer seen through a sibling's picture (`LayerMatte`). The matte layer is
/// drawn, with everything it has, into a picture the size of the surface the matted layer goes
/// onto, in the same device space (siblings share their parent's); the picture's alpha or
/// luminance becomes an A8 coverage, and the matted layer's group keeps that fraction of each
/// pixel (DEST_IN) before its opacity and blend mode put it onto its parent.
final class MattePicture {
    let picture: FrameBuffer
    /// The matte's coverage (A8), the picture's size; valid inside `drawn`.
    let coverage: OpaquePointer
    /// The device pixels the matte layer could change in the last drawing; transparent elsewhere
    /// (cleared before the next drawing).
    var drawn = PixelBox.empty

    init?(width: Int, height: Int) {
        guard let picture = try? FrameBuffer(width: width, height: height) else { return nil }
        let coverage = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        guard cairo_surface_status(coverage) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(coverage)
            return nil
        }
        self.picture = picture
        self.coverage = coverage
    }

    deinit { cairo_surface_destroy(coverage) }

    var width: Int { picture.width }
    var height: Int { picture.height }

    /// Makes the picture transparent where the last drawing reached.
    func clear() {
        guard !drawn.isEmpty else { return }
        cairo_surface_flush(picture.surface)
        for y in drawn.y0..<drawn.y1 {
            memset(picture.pixels + y * picture.stride + drawn.x0 * 4, 0, (drawn.x1 - drawn.x0) * 4)
        }
        cairo_surface_mark_dirty(picture.surface)
        drawn = .empty
    }

    /// Computes the coverage inside `drawn` from the picture in `mode`.
    func measure(_ mode: MatteMode) {
        guard !drawn.isEmpty else { return }
        cairo_surface_flush(coverage)
        let stride = Int(cairo_image_surface_get_stride(coverage))
        let bytes = cairo_image_surface_get_data(coverage)!
        raster_matte_coverage(
            picture.pixels + drawn.y0 * picture.stride + drawn.x0 * 4, UInt32(picture.stride),
            UInt32(drawn.x1 - drawn.x0), UInt32(drawn.y1 - drawn.y0), mode.raster,
            bytes + drawn.y0 * stride + drawn.x0, UInt32(stride))
        cairo_surface_mark_dirty(coverage)
    }
}

/// A layer's matte as its drawing applies it.
struct AppliedMatte {
    let picture: MattePicture
    let mode: MatteMode

    /// The device pixels outside which the matted layer shows nothing; nil when it may show
    /// anywhere (an inverted matte keeps all outside the matte layer's reach).
    var keeps: PixelBox? { mode.isInverted ? nil : picture.drawn }

    /// Keeps in the group being drawn on `cr` the matte's fraction of each pixel: the coverage
    /// inside the matte layer's reach; outside it, nothing (all, when inverted).
    func apply(on cr: OpaquePointer) {
        let box = picture.drawn
        guard !box.isEmpty else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
        cairo_set_source_surface(cr, picture.coverage, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

extension Compositor {
    /// The layers the matte of layer `index` is drawn from: its matte layer and that layer's
    /// sublayers, then the same of the matte layer's own matte, and so on (mattes never cycle).
    func matteLayers(of index: Int) -> [Int] {
        var drawn: [Int] = []
        var next = contents[index].matte?.layer
        while let layer = next, !drawn.contains(layer) {
            drawn += Array(layer..<tree.ends[layer])
            next = contents[layer].matte?.layer
        }
        return drawn
    }

    /// Whether layer `index` is skipped where it stands: it is drawn only as a matte, and not
    /// being drawn as one now.
    func isDrawnOnlyAsMatte(_ index: Int) -> Bool {
        drawnOnlyAsMatte.contains(index) && !mattesDrawing.contains(index)
    }

    /// Whether layer `index` is seen through a matte where it is drawn now.
    func isMatted(_ index: Int) -> Bool {
        contents[index].matte != nil && !mattesWithheld.contains(index)
    }

    /// The matte of layer `index` in this frame, its matte layer drawn (of `layers`, as it looks
    /// even when hidden) into a picture the size of `frame`, the surface the layer goes onto; nil
    /// when it has none here, or the picture cannot be had.
    func matte(of index: Int, in layers: [anim_layer_t], frame: FrameBuffer) -> AppliedMatte? {
        guard let matte = contents[index].matte, !mattesWithheld.contains(index) else { return nil }
        var picture = mattes[index]
        if let kept = picture, kept.width != frame.width || kept.height != frame.height { picture = nil }
        if picture == nil {
            picture = MattePicture(width: frame.width, height: frame.height)
            mattes[index] = picture
        }
        guard let picture else { return nil }
        picture.clear()
        var shown = layers
        shown[matte.layer].hidden = 0
        let beyond = drawnBeyond
        let drawing = mattesDrawing.insert(matte.layer).inserted
        var box = PixelBox.empty
        self.drawing(into: picture.picture, over: nil) { cr in
            box = drawSubtree(matte.layer, of: shown, replacing: [], nested: false, on: cr, frame: picture.picture)
        }
        if drawing { mattesDrawing.remove(matte.layer) }
        drawnBeyond = beyond
        picture.drawn = box
        picture.measure(matte.mode)
        return AppliedMatte(picture: picture, mode: matte.mode)
    }
}

extension MatteMode {
    var raster: raster_matte_mode {
        switch self {
        case .alpha: RASTER_MATTE_ALPHA
        case .alphaInverted: RASTER_MATTE_ALPHA_INVERTED
        case .luma: RASTER_MATTE_LUMA
        case .lumaInverted: RASTER_MATTE_LUMA_INVERTED
        }
    }
}
