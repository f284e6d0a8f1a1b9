import CAnimatorABI
import Compositor

/// One input of a mixer: a layer rendered alone in the byte order the mixer takes, kept while
/// the layer's state, its footage frame and that order stay the same. Between two still screens
/// it is rendered once per render; a layer playing footage is rendered again at each new frame.
final class MixerInput {
    let image: FrameBuffer
    /// The layer the image shows, its state and footage frame then, and its byte order; nil
    /// until first rendered.
    private var shown: (index: Int, state: anim_layer_t, footageFrame: Int?, order: PixelOrder)?

    init(width: Int, height: Int) throws(FrameBuffer.OutOfMemory) {
        image = try FrameBuffer(width: width, height: height)
    }

    /// The image of layer `index` in `state` in `order`, rendered again only when any of them,
    /// or the footage frame the layer shows, differs from last time.
    func image(of state: anim_layer_t, index: Int, order: PixelOrder, with compositor: Compositor) -> FrameBuffer {
        let footageFrame = compositor.shownFootageFrame(ofContent: index)
        if let shown, shown.index == index, shown.order == order, shown.footageFrame == footageFrame,
            shown.state.hasSameBytes(as: state)
        {
            return image
        }
        compositor.renderLayer(state, contentIndex: index, into: image)
        if order == .rgba { image.swapRedAndBlue() }
        shown = (index, state, footageFrame, order)
        return image
    }
}
