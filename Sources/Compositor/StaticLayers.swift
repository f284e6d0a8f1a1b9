import CAnimatorABI

/// The background and the bottom-most layers that did not change since the previous frame, drawn
/// once into a frame of their own and copied under each later frame instead of drawn again.
///
/// "Unchanged" is judged on state bytes, frame to frame, so it needs no knowledge of the timeline:
/// a layer no step targets is static, and so is a targeted one while its animator leaves it be.
/// Copying the pixels gives the same bytes as drawing, since Cairo draws each later layer from
/// the pixels below it and the layer's state only.
final class StaticLayers {
    /// The states of the previous frame this compositor drew.
    private var previous: [anim_layer_t] = []
    /// The states `image` holds, bottom first; empty when it holds nothing.
    private(set) var drawn: [anim_layer_t] = []
    private var image: FrameBuffer?

    /// How many bottom layers, below `limit`, have the same bytes as in the previous frame; then
    /// remembers `layers` as the previous frame.
    func unchangedCount(_ layers: [anim_layer_t], below limit: Int) -> Int {
        var count = 0
        while count < min(limit, layers.count, previous.count), layers[count].hasSameBytes(as: previous[count]) {
            count += 1
        }
        previous = layers
        return count
    }

    /// Whether `image` holds exactly `layers[..<count]` over the background.
    func holds(_ layers: [anim_layer_t], count: Int) -> Bool {
        drawn.count == count && zip(drawn, layers).allSatisfy { $0.hasSameBytes(as: $1) }
    }

    /// The frame to draw the static layers into, made on first use; `drawn` is emptied until
    /// `didDraw` says what it holds.
    func imageToRedraw(width: Int, height: Int) -> FrameBuffer {
        drawn = []
        if let image { return image }
        let made = FrameBuffer(width: width, height: height)
        image = made
        return made
    }

    func didDraw(_ layers: ArraySlice<anim_layer_t>) {
        drawn = Array(layers)
    }

    /// Copies the static layers (and the background under them) over every pixel of `frame`.
    func copy(into frame: FrameBuffer) {
        guard let image, !drawn.isEmpty else { preconditionFailure("no static layers are drawn") }
        frame.pixels.update(from: image.pixels, count: image.stride * image.height)
    }
}
