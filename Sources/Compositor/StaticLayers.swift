import CAnimatorABI
import Foundation

/// The background and the bottom-most layers that did not change since the previous frame, drawn
/// once into an image of their own and copied under each later frame instead of drawn again.
///
/// "Unchanged" is judged on state bytes, frame to frame, so it needs no knowledge of the timeline:
/// a layer no step targets is static, and so is a targeted one while its animator leaves it be.
/// Copying the pixels gives the same bytes as drawing, since Cairo draws each later layer from
/// the pixels below it and the layer's state only.
///
/// A frame filled from a static image remembers it (`FrameBuffer.heldStatic`), with the box the
/// layers drawn over it could reach: the next frame restores only that box when it needs the
/// same image, rather than copying the whole frame.
final class StaticLayers {
    /// The states of the previous frame this compositor drew.
    private var previous: [anim_layer_t] = []
    /// The image this compositor used last.
    private var current: StaticImage?
    private let shared: StaticImageCache

    init(sharing shared: StaticImageCache) {
        self.shared = shared
    }

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

    /// Makes `frame` hold the background and `layers[..<count]`: from the image this compositor
    /// used last, or one another compositor drew, or one `draw` draws now (into a transparent
    /// frame it must cover). All of it is copied, or, when `frame` already holds that image but
    /// for a box drawn over, that box only. `frame.heldStatic` then names the image, nothing drawn
    /// over it yet.
    func restore(_ layers: ArraySlice<anim_layer_t>, into frame: FrameBuffer, draw: (FrameBuffer) -> Void) {
        if current?.holds(layers) != true {
            current = shared.image(holding: layers) ?? {
                let pixels = FrameBuffer(width: frame.width, height: frame.height)
                draw(pixels)
                let made = StaticImage(layers: Array(layers), pixels: pixels)
                shared.keep(made)
                return made
            }()
        }
        guard let image = current else { return }
        if let held = frame.heldStatic, held.drawing === image {
            copyRows(of: held.drawnOver, from: image.pixels, into: frame)
        } else {
            frame.pixels.update(from: image.pixels.pixels, count: frame.stride * frame.height)
        }
        frame.heldStatic = (image, PixelBox.empty)
    }

    private func copyRows(of box: PixelBox, from image: FrameBuffer, into frame: FrameBuffer) {
        guard !box.isEmpty else { return }
        let (offset, bytes) = (box.x0 * 4, (box.x1 - box.x0) * 4)
        if offset == 0 && bytes == frame.stride {
            let start = box.y0 * frame.stride
            (frame.pixels + start).update(from: image.pixels + start, count: (box.y1 - box.y0) * frame.stride)
            return
        }
        for y in box.y0..<box.y1 {
            let start = y * frame.stride + offset
            (frame.pixels + start).update(from: image.pixels + start, count: bytes)
        }
    }
}

/// The background and some bottom layers, drawn; never changed once made, so compositors on
/// several threads copy from it at once.
final class StaticImage: @unchecked Sendable {
    let layers: [anim_layer_t]
    let pixels: FrameBuffer

    init(layers: [anim_layer_t], pixels: FrameBuffer) {
        self.layers = layers
        self.pixels = pixels
    }

    func holds(_ states: ArraySlice<anim_layer_t>) -> Bool {
        layers.count == states.count && zip(layers, states).allSatisfy { $0.hasSameBytes(as: $1) }
    }
}

/// The static images the compositors of one render share, so each is drawn once per render
/// rather than once per thread. It keeps the few most recent: threads rendering frames on both
/// sides of a change need the image before it and the one after.
public final class StaticImageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var recent: [StaticImage] = []
    private static let capacity = 3

    public init() {}

    func image(holding layers: ArraySlice<anim_layer_t>) -> StaticImage? {
        lock.withLock { recent.first { $0.holds(layers) } }
    }

    func keep(_ image: StaticImage) {
        lock.withLock {
            recent.insert(image, at: 0)
            if recent.count > Self.capacity { recent.removeLast() }
        }
    }
}

extension FrameBuffer {
    /// Says the pixels were written other than by the compositor's drawing, which would otherwise
    /// restore only the part of them it drew over last time.
    public func pixelsChanged() { heldStatic = nil }
}
