import CCairo

/// A layer's content with the Cairo resources one compositor draws it with, made once per
/// render: a surface over the image's shared pixels (a Cairo surface used as a source is not
/// safe to share between threads; the pixels are) and the text's measured layout.
final class PreparedContent {
    let content: LayerContent
    let image: OpaquePointer?
    let text: TextLayout?

    init(_ content: LayerContent) {
        self.content = content
        image = content.image?.makeSurface()
        text = content.text.flatMap(TextLayout.init)
    }

    deinit {
        if let image { cairo_surface_destroy(image) }
    }

    /// How many separate paints the contents make (fill, image, text); a layer fading more
    /// than one paint needs a group.
    var paintCount: Int {
        (content.fill == nil ? 0 : 1) + (image == nil ? 0 : 1) + (text == nil ? 0 : 1)
    }
}
