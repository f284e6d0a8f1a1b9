/// The compositor: draws a flat list of layers, bottom first, into a FrameBuffer through Cairo,
/// following Core Animation's model (frame, anchor, scale, rotation, translation, opacity, corner
/// radius, fill, image contents with gravity, text, drop shadow, mask), at any scale of pixels
/// per canvas point (see RenderScale.swift). It owns the pixel work, the image decoding
/// (`SceneImages`) and the opening of video clips and image sequences (`SceneFootage`, whose
/// frames it shows by render time); it never decides what a layer's properties are (animators
/// and the scene do).
import CAnimatorABI
import CCairo
import Footage
import Foundation
import Scene

/// Not thread-safe: one Compositor per rendering thread. RasterImages are shared read-only.
public final class Compositor {
    private let canvas: Canvas
    /// Pixels per canvas point; frames are `pixelWidth` × `pixelHeight`.
    private let scale: Double
    public let pixelWidth: Int, pixelHeight: Int
    private let prepared: [PreparedContent]
    /// The lowest layer showing footage (the layer count when none does): its pixels change with
    /// time while its state does not, so neither it nor any layer above it is ever static.
    private let firstFootage: Int
    private let shadows: ShadowCache
    private let staticLayers: StaticLayers
    let imageScaling: ImageScaling

    /// Compositors rendering frames of one animation on several threads share `staticImages`;
    /// `images` holds the decoded pixels of the contents' image files.
    public init(
        canvas: Canvas, contents: [LayerContent], images: SceneImages = .none, scale: Double = 1,
        imageScaling: ImageScaling = .mipmapped, sharing staticImages: StaticImageCache = StaticImageCache()
    ) {
        precondition(scale > 0 && scale.isFinite, "the render scale must be a positive number, got \(scale)")
        self.canvas = canvas
        self.scale = scale
        self.imageScaling = imageScaling
        (pixelWidth, pixelHeight) = canvas.pixelSize(scale: scale)
        prepared = contents.map { PreparedContent($0, images: images) }
        firstFootage = contents.firstIndex { $0.footage != nil } ?? contents.count
        shadows = ShadowCache(layerCount: contents.count)
        staticLayers = StaticLayers(sharing: staticImages)
    }

    /// Makes every layer showing footage show its frame at render time `time` (a timeline time,
    /// as animators see it), decoding the frames no thread has yet: call it before rendering the
    /// frame at that time.
    public func showFootage(at time: Double) throws(FootageError) {
        for content in prepared[firstFootage...] { try content.footage?.show(at: time) }
    }

    /// The index of the footage frame content `index` shows now; nil when it shows footage but
    /// no frame, or no footage. With the layer's state, it says whether the layer's pixels changed.
    public func shownFootageFrame(ofContent index: Int) -> Int? {
        prepared[index].footage?.shownIndex
    }

    /// Draws the background, then `layers[i]` with `contents[i]`, over every pixel of `frame`.
    public func render(_ layers: [anim_layer_t], into frame: FrameBuffer) {
        render(layers, replacing: [], into: frame)
    }

    /// Like `render(_:into:)`, except that each replaced layer is drawn as its replacement's image,
    /// composited over what lies below. Work is spared where it cannot change the bytes: an opaque
    /// topmost replacement hides everything below it, and the bottom layers unchanged since the
    /// previous frame, or held by a static image drawn for an earlier frame, are copied from
    /// `staticLayers` rather than drawn.
    public func render(_ layers: [anim_layer_t], replacing replacements: [Replacement], into frame: FrameBuffer) {
        precondition(layers.count == prepared.count, "render needs one layer state per content")
        checkSize(of: frame)
        for replacement in replacements {
            precondition(layers.indices.contains(replacement.index), "a replacement needs a layer")
            precondition(replacement.image !== frame, "a replacement cannot be the frame drawn into")
            checkSize(of: replacement.image)
        }
        guard frame.width > 0, frame.height > 0 else { return }
        let lowest = min(replacements.lazy.map(\.index).min() ?? layers.count, firstFootage)
        let unchanged = staticLayers.unchangedCount(layers, below: lowest)
        var start = 0
        let top = replacements.max(by: { $0.index < $1.index })
        // Even a failed attempt copies rows in, up to the first translucent one.
        if top != nil { frame.pixelsChanged() }
        if let top, top.copyIfOpaque(into: frame) {
            start = top.index + 1
        } else {
            start = staticLayers.restore(layers, unchanged: unchanged, below: lowest, into: frame) { image, range in
                drawing(into: image, over: range.lowerBound == 0 ? canvas.background : nil) { cr in
                    for index in range { draw(layers[index], index: index, on: cr) }
                }
            }
            if start == 0 { frame.pixelsChanged() }
        }
        var drawnOver = PixelBox.empty
        let whole = PixelBox.whole(width: frame.width, height: frame.height)
        drawing(into: frame, over: start == 0 ? canvas.background : nil) { cr in
            for index in start..<layers.count {
                if let replacement = replacements.first(where: { $0.index == index }) {
                    replacement.composite(over: frame)
                    drawnOver = whole
                } else if let reach = draw(layers[index], index: index, on: cr) {
                    drawnOver = drawnOver.union(PixelBox(covering: reach, width: frame.width, height: frame.height))
                }
            }
        }
        frame.heldStatic?.drawnOver = drawnOver
    }

    /// One layer alone, with its shadow, mask and opacity, over a fully transparent frame (no
    /// background): what a mixer takes as one of its two inputs.
    public func renderLayer(_ state: anim_layer_t, contentIndex: Int, into frame: FrameBuffer) {
        precondition(prepared.indices.contains(contentIndex), "no content at index \(contentIndex)")
        checkSize(of: frame)
        guard frame.width > 0, frame.height > 0 else { return }
        frame.pixelsChanged()
        drawing(into: frame, over: anim_color_t(r: 0, g: 0, b: 0, a: 0)) { cr in
            draw(state, index: contentIndex, on: cr)
        }
    }

    private func checkSize(of frame: FrameBuffer) {
        precondition(
            frame.width == pixelWidth && frame.height == pixelHeight,
            "frame size must match the canvas at the render scale")
    }

    /// Covers every pixel of `frame` with `background` (or keeps its pixels when nil), then lets
    /// `body` draw on it.
    private func drawing(into frame: FrameBuffer, over background: anim_color_t?, _ body: (OpaquePointer) -> Void) {
        // Contexts are cheap (Cairo recycles them); the surface is the frame's own.
        cairo_surface_mark_dirty(frame.surface)
        let cr = cairo_create(frame.surface)!
        if let background {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, background.r, background.g, background.b, background.a)
            cairo_paint(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        body(cr)
        cairo_destroy(cr)
        cairo_surface_flush(frame.surface)
    }

    /// Shadow then contents. Below full opacity, a layer that paints more than once goes through
    /// one group so its parts fade together; a single paint takes the opacity directly, sparing
    /// a group the size of the layer.
    /// Returns the device-space box outside which it left every pixel as it was (contents are
    /// clipped to the layer's frame, a shadow to its mask), or nil when it drew nothing.
    @discardableResult
    private func draw(_ layer: anim_layer_t, index: Int, on cr: OpaquePointer) -> anim_rect_t? {
        let transform = layer.deviceTransform.scaled(by: scale)
        guard layer.isDrawable, transform.isUsable else { return nil }
        let shadow = shadows.mask(
            for: layer.shadowScaled(by: scale), transform: transform, slot: index,
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
            shadow.draw(
                color: anim_color_t(
                    r: color.r, g: color.g, b: color.b,
                    a: color.a * min(layer.shadow.opacity, 1) * alpha), on: cr)
        }
        paintContents(of: layer, prepared: prepared[index], transform: transform, alpha: alpha, on: cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, layer.opacity)
        }
        cairo_restore(cr)
        return union(transform.boundingBox(of: layer.localBounds), shadow?.extents)
    }

    /// Limits a group to the pixels the layer can touch (whole pixels, so the clip is not blended).
    private func clip(to frame: anim_rect_t, and shadow: anim_rect_t?, on cr: OpaquePointer) {
        let box = union(frame, shadow)
        let left = floor(box.x)
        let top = floor(box.y)
        cairo_rectangle(cr, left, top, ceil(box.x + box.width) - left, ceil(box.y + box.height) - top)
        cairo_clip(cr)
    }
}

/// The box around a layer's frame and, when it has one, its shadow's.
private func union(_ frame: anim_rect_t, _ shadow: anim_rect_t?) -> anim_rect_t {
    guard let shadow else { return frame }
    let left = min(frame.x, shadow.x)
    let top = min(frame.y, shadow.y)
    let right = max(frame.x + frame.width, shadow.x + shadow.width)
    let bottom = max(frame.y + frame.height, shadow.y + shadow.height)
    return anim_rect_t(x: left, y: top, width: right - left, height: bottom - top)
}

extension anim_layer_t {
    /// Whether anything of the layer can show: visible, some opacity, a real, finite frame.
    var isDrawable: Bool {
        hidden == 0 && opacity > 0 && opacity.isFinite && frame.width > 0 && frame.height > 0
            && frame.width.isFinite && frame.height.isFinite && corner_radius.isFinite
    }
}
