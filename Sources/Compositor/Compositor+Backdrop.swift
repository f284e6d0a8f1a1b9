import CAnimatorABI
import CCairo
import Foundation
import Scene

/// `backdropFilters`: what is already drawn behind a layer (in the surface being drawn on, the
/// frame or an enclosing group), inside the layer's rounded frame and mask, filtered and drawn
/// back under the layer's own content, faded by its opacity, as CSS `backdrop-filter` and Core
/// Animation's `backgroundFilters` do. As Chromium does, the backdrop is read inside the
/// layer's box only: an effect extending its edges (the default) continues the box's edge pixels
/// past them, so a frosted panel at the frame's edge gets no dark rim; one with transparent edges
/// fades out toward the box's edges.
extension Compositor {
    /// Draws the filtered backdrop of layer `index`; returns the box it could change.
    func drawBackdrop(_ index: Int, of layers: [anim_layer_t], on cr: OpaquePointer) -> PixelBox {
        let layer = layers[index]
        let world = worlds[index].scaled(by: scale)
        guard layer.isDrawable, world.isUsable else { return .empty }
        let target: OpaquePointer = cairo_get_group_target(cr)
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return .empty }
        cairo_surface_flush(target)
        let surfaceWidth = Int(cairo_image_surface_get_width(target))
        let surfaceHeight = Int(cairo_image_surface_get_height(target))
        var offsetX = 0.0
        var offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        // The layer's box in the surface's pixels.
        let device = world.boundingBox(of: layer.localBounds)
        let x0 = max(Int(floor(device.x + offsetX)), 0)
        let y0 = max(Int(floor(device.y + offsetY)), 0)
        let x1 = min(Int(ceil(device.x + device.width + offsetX)), surfaceWidth)
        let y1 = min(Int(ceil(device.y + device.height + offsetY)), surfaceHeight)
        guard x1 > x0, y1 > y0 else { return .empty }
        let box = PixelBox(covering: device, width: pixelWidth, height: pixelHeight)
        let inputs = backdropInputs(index, of: layers)
        if let inputs, let kept = backdropEffectOutputs[index], kept.inputs == inputs {
            paintBackdrop(kept.picture, of: layer, index: index, world: world, at: kept.origin, on: cr)
            return box
        }
        let density = Self.density(of: world)
        guard let reaches = reaches(of: index, .backdropFilters, density: density) else { return .empty }
        let margins = Self.total(reaches)
        let pad = (
            left: Int(margins.left + margins.read), top: Int(margins.top + margins.read),
            right: Int(margins.right + margins.read), bottom: Int(margins.bottom + margins.read)
        )
        let width = x1 - x0 + pad.left + pad.right
        let height = y1 - y0 + pad.top + pad.bottom
        guard let pictures = pictures(for: index, .backdropFilters, width: width, height: height),
            let pixels = cairo_image_surface_get_data(target)
        else { return .empty }
        var (picture, spare) = (pictures[0], pictures[1])
        let stride = Int(cairo_image_surface_get_stride(target))
        let inside = PixelBox(x0: pad.left, y0: pad.top, x1: pad.left + x1 - x0, y1: pad.top + y1 - y0)
        picture.pixelsChanged()
        picture.clear(outside: inside)
        for row in 0..<(y1 - y0) {
            (picture.pixels + (pad.top + row) * picture.stride + pad.left * 4)
                .update(from: pixels + (y0 + row) * stride + x0 * 4, count: (x1 - x0) * 4)
        }
        cairo_surface_mark_dirty(picture.surface)
        for effect in contents[index].backdropEffects.indices {
            guard
                run(
                    effect, of: .backdropFilters, layer: index, density: density, from: picture, into: spare,
                    read: Int(reaches[effect].read), picture: inside)
            else {
                return .empty
            }
            swap(&picture, &spare)
        }
        let origin = (x: Double(x0 - pad.left) - offsetX, y: Double(y0 - pad.top) - offsetY)
        if let inputs {
            backdropEffectOutputs[index] = BackdropEffectOutput(inputs: inputs, picture: picture, origin: origin)
        }
        paintBackdrop(picture, of: layer, index: index, world: world, at: origin, on: cr)
        return box
    }

    /// The filtered backdrop, clipped to the layer's rounded frame and mask, faded by its opacity.
    private func paintBackdrop(
        _ picture: FrameBuffer, of layer: anim_layer_t, index: Int, world: AffineTransform,
        at origin: (x: Double, y: Double), on cr: OpaquePointer
    ) {
        cairo_save(cr)
        clip(to: layer, index: index, transform: world, bounds: true, on: cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, picture.surface, origin.x, origin.y)
        cairo_paint_with_alpha(cr, min(layer.opacity, 1))
        cairo_restore(cr)
    }

    /// What the backdrop of layer `index` is drawn from, when the frame holds nothing else: every
    /// layer drawn before it, the matte layers of those (a matte layer may come after it in the
    /// list), and its own state (and the time, when an effect draws by it). Nil where the pixels
    /// behind may come from elsewhere: a mixer's output, a layer drawn alone.
    private func backdropInputs(_ index: Int, of layers: [anim_layer_t]) -> EffectOutput.Inputs? {
        guard drawsWholeFrame else { return nil }
        let mattes = Set((0..<index).flatMap { matteLayers(of: $0) }.filter { $0 > index }).sorted()
        let behind = Array(0..<index) + mattes
        let drawn = behind + [index]
        let timed = drawn.contains { contents[$0].hasTimedEffects }
        return EffectOutput.Inputs(
            of: (drawn.map { layers[$0] }, drawn.map { host[$0] }, behind.map { prepared[$0].shown }),
            time: timed ? time : nil)
    }
}

/// A layer's filtered backdrop as its effects left it, where it goes, and what it was drawn from.
struct BackdropEffectOutput {
    let inputs: EffectOutput.Inputs
    let picture: FrameBuffer
    let origin: (x: Double, y: Double)
}
