/// The compositor: draws a flat list of layers, bottom first, into a FrameBuffer through Cairo,
/// following Core Animation's model (frame, anchor, scale, rotation, translation, opacity, corner
/// radius, fill, image contents with gravity, drop shadow, mask). It owns the pixel work and the
/// image decoding; it never decides what a layer's properties are (animators and the scene do).
import CAnimatorABI
import CCairo
import Foundation

/// Not thread-safe: one Compositor per rendering thread. RasterImages are shared read-only.
public final class Compositor {
    private let canvas: Canvas
    private let contents: [LayerContent]
    /// Per-layer Cairo surfaces over the shared image pixels (nil where a layer has no image).
    private let imageSurfaces: [OpaquePointer?]
    private let shadows: ShadowCache

    public init(canvas: Canvas, contents: [LayerContent]) {
        self.canvas = canvas
        self.contents = contents
        imageSurfaces = contents.map { $0.image?.makeSurface() }
        shadows = ShadowCache(layerCount: contents.count)
    }

    deinit {
        imageSurfaces.compactMap { $0 }.forEach(cairo_surface_destroy)
    }

    /// Draws the background, then `layers[i]` with `contents[i]`, over every pixel of `frame`.
    public func render(_ layers: [anim_layer_t], into frame: FrameBuffer) {
        precondition(layers.count == contents.count, "render needs one layer state per content")
        precondition(frame.width == canvas.width && frame.height == canvas.height,
                     "frame size must match the canvas")
        guard frame.width > 0, frame.height > 0 else { return }
        let surface = cairo_image_surface_create_for_data(
            frame.pixels, CAIRO_FORMAT_ARGB32, Int32(frame.width), Int32(frame.height), Int32(frame.stride))
        let cr = cairo_create(surface)!
        paintBackground(on: cr)
        for index in layers.indices {
            draw(layers[index], index: index, on: cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
    }

    private func paintBackground(on cr: OpaquePointer) {
        let color = canvas.background
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// Shadow then contents. Below full opacity, a layer that paints more than once goes through
    /// one group so its parts fade together; a single paint takes the opacity directly, sparing
    /// a group the size of the layer.
    private func draw(_ layer: anim_layer_t, index: Int, on cr: OpaquePointer) {
        let transform = layer.deviceTransform
        guard layer.isDrawable, transform.isUsable else { return }
        let content = contents[index], image = imageSurfaces[index]
        let shadow = shadows.mask(for: layer, transform: transform, slot: index,
                                  surfaceWidth: canvas.width, surfaceHeight: canvas.height)
        let paints = [shadow != nil, content.fill != nil, image != nil].filter { $0 }.count
        let grouped = layer.opacity < 1 && paints > 1
        let alpha = grouped ? 1 : min(layer.opacity, 1)
        cairo_save(cr)
        if grouped {
            clip(to: layer.visualFrame, and: shadow?.extents, on: cr)
            cairo_push_group(cr)
        }
        if let shadow {
            let color = layer.shadow.color
            shadow.draw(color: anim_color_t(r: color.r, g: color.g, b: color.b,
                                            a: color.a * min(layer.shadow.opacity, 1) * alpha), on: cr)
        }
        paintContents(of: layer, content: content, image: image, transform: transform, alpha: alpha, on: cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, layer.opacity)
        }
        cairo_restore(cr)
    }

    /// Limits a group to the pixels the layer can touch (whole pixels, so the clip is not blended).
    private func clip(to frame: anim_rect_t, and shadow: anim_rect_t?, on cr: OpaquePointer) {
        var box = frame
        if let shadow {
            let right = max(box.x + box.width, shadow.x + shadow.width)
            let bottom = max(box.y + box.height, shadow.y + shadow.height)
            box = anim_rect_t(x: min(box.x, shadow.x), y: min(box.y, shadow.y), width: 0, height: 0)
            box.width = right - box.x
            box.height = bottom - box.y
        }
        let left = floor(box.x), top = floor(box.y)
        cairo_rectangle(cr, left, top, ceil(box.x + box.width) - left, ceil(box.y + box.height) - top)
        cairo_clip(cr)
    }
}

extension anim_layer_t {
    /// Whether anything of the layer can show: visible, some opacity, a real, finite frame.
    var isDrawable: Bool {
        hidden == 0 && opacity > 0 && opacity.isFinite && frame.width > 0 && frame.height > 0
            && frame.width.isFinite && frame.height.isFinite && corner_radius.isFinite
    }
}
