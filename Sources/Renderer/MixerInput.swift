import CAnimatorABI
import Compositor
import Scene

/// One input of a mixer: a layer and its sublayers rendered alone in the byte order the mixer
/// takes, kept while what they are drawn from (`Compositor.inputs(ofLayer:in:)`) and that order
/// stay the same. Between two still screens
/// it is rendered once per render; a layer playing footage is rendered again at each new frame.
final class MixerInput {
    let image: FrameBuffer
    /// The layer the image shows, the states and footage frames it was drawn from, and its byte
    /// order; nil until first rendered.
    private var shown:
        (
            index: Int, states: [anim_layer_t], host: [HostLayerState], footage: [ShownContent], order: PixelOrder
        )?

    /// Whether every pixel of the image is opaque, once asked for after it was last rendered.
    private var opaque: Bool?

    init(width: Int, height: Int) throws(FrameBuffer.OutOfMemory) {
        image = try FrameBuffer(width: width, height: height)
    }

    /// The image of layer `index` of `layers` in `order`, rendered again only when the layer,
    /// its ancestors or sublayers, a footage frame it shows or the order differs from last time.
    func image(of index: Int, in state: FrameState, order: PixelOrder, with compositor: Compositor) -> FrameBuffer {
        let inputs = compositor.inputs(ofLayer: index, in: state.layers, host: state.host)
        if let shown, shown.index == index, shown.order == order, shown.footage == inputs.footage,
            shown.host == inputs.host, shown.states.count == inputs.states.count,
            shown.states.startsWithSameBytes(as: inputs.states)
        {
            return image
        }
        compositor.renderLayer(index, of: state.layers, host: state.host, into: image)
        if order == .rgba { image.swapRedAndBlue() }
        shown = (index, inputs.states, inputs.host, inputs.footage, order)
        opaque = nil
        return image
    }

    /// Whether the image last rendered is opaque: read once per rendering, so a still input
    /// costs one pass over its pixels in a render, not one a frame.
    var isOpaque: Bool {
        if let opaque { return opaque }
        let found = image.rowsAreOpaque(0..<image.height)
        opaque = found
        return found
    }
}
