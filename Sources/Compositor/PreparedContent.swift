import CAnimatorABI
import CCairo
import Scene
import ShapeGeometry

/// A layer's content with the Cairo resources one compositor draws it with, made once per
/// render: surfaces over the image's shared pixels, one per pyramid level drawn (a Cairo surface
/// used as a source is not safe to share between threads; the pixels are), the footage and its
/// current frame, its own parsed SVG document or Lottie animation, the text's measured layout,
/// and the fill's gradient pattern for the layer's current size.
final class PreparedContent {
    let content: LayerContent
    let image: RasterImage?
    let footage: PreparedFootage?
    let text: PreparedText?
    let svg: SVGDocument?
    let lottie: PreparedLottie?
    /// A shape's paths as the file gives them (an SVG's, as read from the document).
    let shapePaths: [ShapePath]
    private var gradient: (pattern: OpaquePointer, size: anim_size_t)?
    /// The image's surfaces by pyramid level, each made when first drawn.
    private var imageSurfaces: [Int: OpaquePointer] = [:]
    /// The picture a snapshot content shows, once taken (`Compositor.takeSnapshots`).
    var snapshot: FrameBuffer?

    init(_ content: LayerContent, images: SceneImages) {
        self.content = content
        image = content.image.map { file in
            guard let image = images[file] else { preconditionFailure("image \(file.path) was not loaded") }
            return image
        }
        footage = content.footage.map { PreparedFootage($0, footage: images.footage) }
        svg = content.svg.map { file in
            guard let document = images.vectors[file], let svg = try? SVGDocument(document.bytes, path: file.path)
            else {
                preconditionFailure("SVG \(file.path) was not loaded")
            }
            return svg
        }
        lottie = content.lottie.map { PreparedLottie($0, vectors: images.vectors) }
        text = content.text.map { PreparedText($0) }
        if let shape = content.shape, let file = shape.svg {
            guard let shapes = images.vectors.shapes(of: file) else {
                preconditionFailure("SVG \(file.path) was not read for its shapes")
            }
            shapePaths = shapes.compactMap { $0.shapePath(overriding: shape.svgStyle) }
        } else {
            shapePaths = content.shape?.paths ?? []
        }
    }

    deinit {
        for surface in imageSurfaces.values { cairo_surface_destroy(surface) }
        if let gradient { cairo_pattern_destroy(gradient.pattern) }
    }

    /// A surface over pyramid level `level` of the image (0: the image itself).
    func imageSurface(level: Int) -> OpaquePointer {
        guard let image else { preconditionFailure("the content has no image") }
        if let surface = imageSurfaces[level] { return surface }
        let surface = image.makeSurface(level: level)
        imageSurfaces[level] = surface
        return surface
    }

    /// Paints the fill over the current clip of `cr` (the layer's own space, `size` pixels),
    /// making its gradient pattern again only when the size has changed; `color` replaces a
    /// colour fill's colour.
    func paintFill(on cr: OpaquePointer, size: anim_size_t, alpha: Double, color: SIMD4<Double>? = nil) {
        guard let fill = content.fill else { return }
        if let color {
            cairo_set_source_rgba(cr, color.x, color.y, color.z, color.w * alpha)
            cairo_paint(cr)
            return
        }
        if let gradient, gradient.size.width != size.width || gradient.size.height != size.height {
            cairo_pattern_destroy(gradient.pattern)
            self.gradient = nil
        }
        if gradient == nil, let pattern = fill.makePattern(size: size) {
            gradient = (pattern, size)
        }
        fill.paint(on: cr, pattern: gradient?.pattern, alpha: alpha)
    }

    /// How many separate paints the contents make (fill, image, text); a layer fading more
    /// than one paint needs a group.
    var paintCount: Int {
        let picture = image != nil || footage?.frame != nil || snapshot != nil || svg != nil || lottie != nil
        // A shape's paths overlap, and a path's stroke its fill: fading them needs a group.
        let shapePaints = shapePaths.count > 1 || shapePaths.contains { $0.style.fill != nil && $0.style.stroke != nil }
        let shape = shapePaths.isEmpty ? 0 : shapePaints ? 2 : 1
        return (content.fill == nil ? 0 : 1) + (picture ? 1 : 0) + shape + (text == nil ? 0 : 1)
    }

    /// The footage or Lottie frame shown now; nil when neither shows one.
    var shownFrame: Int? { footage?.shownIndex ?? lottie?.frame }

    /// What the content shows now beyond the layer's state: with the state, it says whether the
    /// layer's pixels changed.
    var shown: ShownContent { ShownContent(frame: shownFrame, text: text?.changesOverTime == true ? text?.shown : nil) }
}

/// What a content shows at a time beyond its layer's state: the footage or Lottie frame, and
/// what a text that changes over time shows. Equal values with equal states draw equal pixels.
public struct ShownContent: Equatable, Sendable {
    var frame: Int?
    var text: PreparedText.Shown?
}
