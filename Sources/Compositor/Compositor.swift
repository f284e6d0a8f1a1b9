/// The compositor: draws a flat list of layers, bottom first, into a FrameBuffer through Cairo,
/// following Core Animation's model (frame, anchor, scale, rotation, translation, opacity, corner
/// radius, fill, image contents with gravity, text, drop shadow, mask), at any scale of pixels
/// per canvas point (see RenderScale.swift). It owns the pixel work
/// and the image decoding; it never decides what a layer's properties are (animators and the
/// scene do).
import CAnimatorABI
import CCairo
import Foundation

/// Not thread-safe: one Compositor per rendering thread. RasterImages are shared read-only.
public final class Compositor {
    private let canvas: Canvas
    /// Pixels per canvas point; frames are `pixelWidth` × `pixelHeight`.
    private let scale: Double
    public let pixelWidth: Int, pixelHeight: Int
    private let prepared: [PreparedContent]
    private let shadows: ShadowCache

    public init(canvas: Canvas, contents: [LayerContent], scale: Double = 1) {
        precondition(scale > 0 && scale.isFinite, "the render scale must be a positive number, got \(scale)")
        self.canvas = canvas
        self.scale = scale
        (pixelWidth, pixelHeight) = canvas.pixelSize(scale: scale)
        prepared = contents.map(PreparedContent.init)
        shadows = ShadowCache(layerCount: contents.count)
    }

    /// Draws the background, then `layers[i]` with `contents[i]`, over every pixel of `frame`.
    public func render(_ layers: [anim_layer_t], into frame: FrameBuffer) {
        render(layers, replacing: [:], into: frame)
    }

    /// Like `render(_:into:)`, except that layer i with a replacement is drawn as that image
    /// instead: frame-sized premultiplied pixels composited over what lies below at identity,
    /// none of the layer's properties applied. This is how a mixer's output takes the place of
    /// the layers it blended.
    public func render(_ layers: [anim_layer_t], replacing replacements: [Int: FrameBuffer],
                       into frame: FrameBuffer) {
        precondition(layers.count == prepared.count, "render needs one layer state per content")
        drawing(into: frame, over: canvas.background) { cr in
            for index in layers.indices {
                if let replacement = replacements[index] {
                    composite(replacement, into: frame, on: cr)
                } else {
                    draw(layers[index], index: index, on: cr)
                }
            }
        }
    }

    /// One layer alone, with its shadow, mask and opacity, over a fully transparent frame (no
    /// background): what a mixer takes as one of its two inputs.
    public func renderLayer(_ state: anim_layer_t, contentIndex: Int, into frame: FrameBuffer) {
        precondition(prepared.indices.contains(contentIndex), "no content at index \(contentIndex)")
        drawing(into: frame, over: anim_color_t(r: 0, g: 0, b: 0, a: 0)) { cr in
            draw(state, index: contentIndex, on: cr)
        }
    }

    /// Covers every pixel of `frame` with `background`, then lets `body` draw on it.
    private func drawing(into frame: FrameBuffer, over background: anim_color_t, _ body: (OpaquePointer) -> Void) {
        precondition(frame.width == pixelWidth && frame.height == pixelHeight,
                     "frame size must match the canvas at the render scale")
        guard frame.width > 0, frame.height > 0 else { return }
        // Contexts are cheap (Cairo recycles them); the surface is the frame's own.
        cairo_surface_mark_dirty(frame.surface)
        let cr = cairo_create(frame.surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, background.r, background.g, background.b, background.a)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        body(cr)
        cairo_destroy(cr)
        cairo_surface_flush(frame.surface)
    }

    private func composite(_ replacement: FrameBuffer, into frame: FrameBuffer, on cr: OpaquePointer) {
        precondition(replacement.width == pixelWidth && replacement.height == pixelHeight,
                     "a replacement must be frame-sized")
        precondition(replacement !== frame, "a replacement cannot be the frame drawn into")
        cairo_surface_mark_dirty(replacement.surface)
        cairo_set_source_surface(cr, replacement.surface, 0, 0)
        cairo_paint(cr)
    }

    /// Shadow then contents. Below full opacity, a layer that paints more than once goes through
    /// one group so its parts fade together; a single paint takes the opacity directly, sparing
    /// a group the size of the layer.
    private func draw(_ layer: anim_layer_t, index: Int, on cr: OpaquePointer) {
        let transform = layer.deviceTransform.scaled(by: scale)
        guard layer.isDrawable, transform.isUsable else { return }
        let shadow = shadows.mask(for: layer.shadowScaled(by: scale), transform: transform, slot: index,
                                  surfaceWidth: pixelWidth, surfaceHeight: pixelHeight)
        let paints = (shadow == nil ? 0 : 1) + prepared[index].paintCount
        let grouped = layer.opacity < 1 && paints > 1
        let alpha = grouped ? 1 : min(layer.opacity, 1)
        cairo_save(cr)
        if grouped {
            clip(to: transform.boundingBox(of: layer.localBounds), and: shadow?.extents, on: cr)
            cairo_push_group(cr)
        }
        if let shadow {
            let color = layer.shadow.color
            shadow.draw(color: anim_color_t(r: color.r, g: color.g, b: color.b,
                                            a: color.a * min(layer.shadow.opacity, 1) * alpha), on: cr)
        }
        paintContents(of: layer, prepared: prepared[index], transform: transform, alpha: alpha, on: cr)
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
