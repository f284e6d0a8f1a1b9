import CAnimatorABI
import Compositor

/// One input of a mixer: a layer rendered alone in the ABI's RGBA byte order, kept while the
/// layer's state keeps the same bytes. Between two still screens it is rendered once per render.
final class MixerInput {
    let image: FrameBuffer
    /// The layer the image shows, and its state then; nil until first rendered.
    private var shown: (index: Int, state: anim_layer_t)?

    init(width: Int, height: Int) {
        image = FrameBuffer(width: width, height: height)
    }

    /// The image of layer `index` in `state`, rendered again only when either differs from last time.
    func image(of state: anim_layer_t, index: Int, with compositor: Compositor) -> FrameBuffer {
        if let shown, shown.index == index, shown.state.hasSameBytes(as: state) { return image }
        compositor.renderLayer(state, contentIndex: index, into: image)
        image.swapRedAndBlue()
        shown = (index, state)
        return image
    }
}
