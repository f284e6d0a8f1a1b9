import CAnimatorABI
import CCairo
import CRaster
import Foundation
import Scene

/// Track mattes: a layer seen through a sibling's picture (`LayerMatte`). The matte layer is
/// drawn, with everything it has, into a picture the size of the surface the matted layer goes
/// onto, in the same device space (siblings share their parent's); the matted layer is drawn as
/// it would be at full opacity into another such picture, which keeps the matte's fraction of
/// each pixel (`raster_matte_apply`), and that picture goes onto the parent at the layer's
/// opacity and in its blend mode. A layer showing only an image or footage is painted straight
/// through the matte's coverage instead (`paintStraight`).
final class MattePictures {
    /// The matte layer's picture.
    let matte: FrameBuffer
    /// The matted layer's picture.
    let layer: FrameBuffer
    /// The device pixels each drawing could change last; transparent elsewhere (cleared before
    /// the next drawing).
    var matteDrawn = PixelBox.empty, layerDrawn = PixelBox.empty
    /// Whether a drawing under way holds them.
    var inUse = false
    /// The matte's coverage (A8, the pictures' size) for a layer painted straight through it;
    /// made when first needed.
    private(set) var coverage: OpaquePointer?

    deinit { if let coverage { cairo_surface_destroy(coverage) } }

    /// The coverage surface, made if it is not yet; nil when memory runs out.
    func coverageSurface() -> OpaquePointer? {
        if coverage == nil {
            let made = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
            guard cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else {
                cairo_surface_destroy(made)
                return nil
            }
            coverage = made
        }
        return coverage
    }

    init?(width: Int, height: Int) {
        guard let matte = try? FrameBuffer(width: width, height: height),
            let layer = try? FrameBuffer(width: width, height: height)
        else { return nil }
        (self.matte, self.layer) = (matte, layer)
    }

    var width: Int { matte.width }
    var height: Int { matte.height }

    /// Makes `box` of `picture` transparent.
    static func clear(_ box: PixelBox, of picture: FrameBuffer) {
        guard !box.isEmpty else { return }
        cairo_surface_flush(picture.surface)
        for y in box.y0..<box.y1 {
            memset(picture.pixels + y * picture.stride + box.x0 * 4, 0, (box.x1 - box.x0) * 4)
        }
        cairo_surface_mark_dirty(picture.surface)
    }
}

/// A layer's matte drawn for this frame.
struct AppliedMatte {
    let pictures: MattePictures
    let mode: MatteMode

    /// The device pixels outside which the matted layer shows nothing; nil when it may show
    /// anywhere (an inverted matte keeps all outside the matte layer's reach).
    var keeps: PixelBox? { mode.isInverted ? nil : pictures.matteDrawn }
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

    /// Runs `body` with pictures the size of `frame` that no drawing under way uses, kept from an
    /// earlier frame or made (nil when memory runs out, for which the layer draws nothing).
    /// Drawing a matte, or a matted layer, inside `body` takes another pair.
    func withMattePictures(for frame: FrameBuffer, _ body: (MattePictures) -> PixelBox) -> PixelBox {
        let free = mattePictures.first { !$0.inUse && $0.width == frame.width && $0.height == frame.height }
        guard let pictures = free ?? MattePictures(width: frame.width, height: frame.height) else { return .empty }
        if free == nil { mattePictures.append(pictures) }
        pictures.inUse = true
        defer { pictures.inUse = false }
        return body(pictures)
    }

    /// The matte of layer `index` in this frame, its matte layer drawn (of `layers`, as it looks
    /// even when hidden) into `pictures`' matte picture, in the device space of the surface the
    /// layer goes onto; nil when it has none here.
    func matte(of index: Int, in layers: [anim_layer_t], into pictures: MattePictures) -> AppliedMatte? {
        guard let matte = contents[index].matte, !mattesWithheld.contains(index) else { return nil }
        MattePictures.clear(pictures.matteDrawn, of: pictures.matte)
        // A hidden matte layer still makes its matte (copied only then).
        var shown = layers
        if shown[matte.layer].hidden != 0 { shown[matte.layer].hidden = 0 }
        let beyond = drawnBeyond
        let drawing = mattesDrawing.insert(matte.layer).inserted
        var box = PixelBox.empty
        self.drawing(into: pictures.matte, over: nil) { cr in
            box = drawSubtree(matte.layer, of: shown, replacing: [], nested: false, on: cr, frame: pictures.matte)
        }
        if drawing { mattesDrawing.remove(matte.layer) }
        drawnBeyond = beyond
        pictures.matteDrawn = box
        return AppliedMatte(pictures: pictures, mode: matte.mode)
    }

    /// The compositing stage of a matted layer: what `source` paints of it, at full opacity and
    /// blending normally, into its picture (only inside the matte layer's reach unless the matte
    /// is inverted), cut by the matte, then painted onto the parent at its opacity in its blend
    /// mode. Returns the box of pixels it could change.
    func compositeMatted(
        _ source: LayerSource, of layer: anim_layer_t, index: Int, in layers: [anim_layer_t],
        replacing replacements: [Replacement], through matte: AppliedMatte, on cr: OpaquePointer, frame: FrameBuffer
    ) -> PixelBox {
        let pictures = matte.pictures
        MattePictures.clear(pictures.layerDrawn, of: pictures.layer)
        pictures.layerDrawn = .empty
        let keeps = matte.keeps
        if let keeps, keeps.isEmpty { return .empty }
        if let keeps,
            let box = paintStraight(
                source, of: layer, index: index, through: matte, within: keeps, on: cr, frame: frame)
        {
            return box
        }
        var opaque = layer
        opaque.opacity = 1
        var drawn = PixelBox.empty
        drawing(into: pictures.layer, over: nil) { picture in
            keeps?.clip(picture)
            drawn = composite(
                source, of: opaque, index: index, in: layers, replacing: replacements, mode: .normal, on: picture,
                frame: pictures.layer)
        }
        if let keeps { drawn = drawn.intersection(keeps) }
        pictures.layerDrawn = drawn
        guard !drawn.isEmpty else { return .empty }
        cairo_surface_flush(pictures.layer.surface)
        let (layerPixels, mattePixels) = (pictures.layer, pictures.matte)
        raster_matte_apply(
            layerPixels.pixels + drawn.y0 * layerPixels.stride + drawn.x0 * 4, UInt32(layerPixels.stride),
            mattePixels.pixels + drawn.y0 * mattePixels.stride + drawn.x0 * 4, UInt32(mattePixels.stride),
            UInt32(drawn.x1 - drawn.x0), UInt32(drawn.y1 - drawn.y0), matte.mode.raster)
        cairo_surface_mark_dirty(pictures.layer.surface)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        drawn.clip(cr)
        let mode = contents[index].blendMode
        let opacity = min(layer.opacity, 1)
        if !blendWithKernels(pictures.layer.surface, offset: (0, 0), box: drawn, mode: mode, opacity: opacity, on: cr) {
            cairo_set_source_surface(cr, pictures.layer.surface, 0, 0)
            blend(mode, opacity: opacity, on: cr)
        }
        cairo_restore(cr)
        return drawn
    }
}

extension Compositor {
    /// A matted layer that shows only an image, a footage frame or a snapshot, without a shadow
    /// and in a mode pixman blends through a mask, painted straight onto its parent through the
    /// matte's coverage (its opacity folded in), within `keeps`: one paint instead of a picture
    /// drawn, cut and painted. Nil, having drawn nothing, for any other layer.
    fileprivate func paintStraight(
        _ source: LayerSource, of layer: anim_layer_t, index: Int, through matte: AppliedMatte, within keeps: PixelBox,
        on cr: OpaquePointer, frame: FrameBuffer
    ) -> PixelBox? {
        let content = prepared[index]
        let mode = contents[index].blendMode
        guard case .contents(let transform, nil) = source, content.paintCount == 1, content.svg == nil,
            content.lottie == nil, content.image != nil || content.footage?.frame != nil || content.snapshot != nil,
            !mode.isNonSeparable
        else { return nil }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        keeps.clip(cr)
        blend(mode, on: cr)
        pictureMatte = StraightMatte(
            matte: matte, opacity: UInt8((min(max(layer.opacity, 0), 1) * 255).rounded()), keeps: keeps)
        var opaque = layer
        opaque.opacity = 1
        paintContents(of: opaque, index: index, transform: transform, alpha: 1, on: cr)
        pictureMatte = nil
        cairo_restore(cr)
        return covering(transform.boundingBox(of: layer.localBounds), in: frame).intersection(keeps)
    }
}

/// A matte a picture is painted straight through: the matte (its picture and mode), scaled by the
/// matted layer's `opacity` (in 255ths), within `keeps` (device pixels).
struct StraightMatte {
    let matte: AppliedMatte
    let opacity: UInt8
    let keeps: PixelBox

    /// The matte's coverage within `keeps` as an A8 pattern whose pixels are the device's (its
    /// matrix still to be set), which the caller destroys; nil when memory runs out.
    func coverage() -> OpaquePointer? {
        guard let coverage = matte.pictures.coverageSurface() else { return nil }
        let picture = matte.pictures.matte
        cairo_surface_flush(coverage)
        let stride = Int(cairo_image_surface_get_stride(coverage))
        raster_matte_coverage_rows(
            picture.pixels + keeps.y0 * picture.stride + keeps.x0 * 4, UInt32(picture.stride),
            UInt32(keeps.x1 - keeps.x0), UInt32(keeps.y1 - keeps.y0), matte.mode.raster, opacity,
            cairo_image_surface_get_data(coverage)! + keeps.y0 * stride + keeps.x0, UInt32(stride))
        cairo_surface_mark_dirty(coverage)
        return cairo_pattern_create_for_surface(coverage)
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
