import CAnimatorABI
import CCairo
import Scene

/// A layer's content with the Cairo resources one compositor draws it with, made once per
/// render: a surface over the image's shared pixels (a Cairo surface used as a source is not
/// safe to share between threads; the pixels are), the footage and its current frame, the
/// text's measured layout, and the fill's gradient pattern for the layer's current size.
final class PreparedContent {
    let content: LayerContent
    private let still: OpaquePointer?
    let footage: PreparedFootage?
    let text: TextLayout?
    private var gradient: (pattern: OpaquePointer, size: anim_size_t)?

    init(_ content: LayerContent, images: SceneImages) {
        self.content = content
        still = content.image.map { file in
            guard let image = images[file] else { preconditionFailure("image \(file.path) was not loaded") }
            return image.makeSurface()
        }
        footage = content.footage.map { PreparedFootage($0, footage: images.footage) }
        text = content.text.flatMap(TextLayout.init)
    }

    /// What is drawn by the gravity: the still image, or the footage's current frame.
    var image: OpaquePointer? { still ?? footage?.surface }

    deinit {
        if let still { cairo_surface_destroy(still) }
        if let gradient { cairo_pattern_destroy(gradient.pattern) }
    }

    /// Paints the fill over the current clip of `cr` (the layer's own space, `size` pixels),
    /// making its gradient pattern again only when the size has changed.
    func paintFill(on cr: OpaquePointer, size: anim_size_t, alpha: Double) {
        guard let fill = content.fill else { return }
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
        (content.fill == nil ? 0 : 1) + (image == nil ? 0 : 1) + (text == nil ? 0 : 1)
    }
}
