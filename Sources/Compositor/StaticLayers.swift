import CAnimatorABI
import Foundation
import Scene

/// The background and the bottom-most layers that did not change since the previous frame, drawn
/// once into an image of their own and copied under each later frame instead of drawn again. Any
/// frame whose bottom layers are as an image has them (one drawn for an earlier frame, or by
/// another thread's compositor) starts from a copy of it too.
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

    /// Makes `frame` hold the background and as many bottom layers of `layers` (below `limit`)
    /// as a static image can give it, and returns how many; 0 leaves `frame` as it was.
    ///
    /// The image is the one this compositor used last, or one another compositor drew, when it
    /// holds at least the `unchanged` bottom layers; otherwise one holding exactly those is made
    /// now: from the image holding the longest run of them, with `draw` drawing the rest on a
    /// copy (or, with none, everything over a transparent frame it must cover). All of it is
    /// copied into `frame`, or, when `frame` already holds that image but for a box drawn over,
    /// that box only; either way less the box `sparing` gives (asked with the number of layers the
    /// image holds), which the layers drawn after it paint opaque whatever lies there.
    /// `frame.heldStatic` then names the image, nothing drawn over it yet.
    func restore(
        _ layers: [anim_layer_t], unchanged: Int, below limit: Int, into frame: FrameBuffer,
        sparing: (_ drawnFrom: Int) -> PixelBox = { _ in .empty },
        draw: (_ image: FrameBuffer, _ layers: Range<Int>) -> Void
    ) -> Int {
        let limit = min(limit, layers.count)
        guard let image = image(for: layers[..<limit], unchanged: unchanged, like: frame, draw: draw) else { return 0 }
        current = image
        let spared = sparing(image.layers.count)
        if let held = frame.heldStatic, held.drawing === image {
            copy(held.drawnOver, sparing: spared, from: image.pixels, into: frame)
        } else if spared.isEmpty {
            frame.pixels.update(from: image.pixels.pixels, count: frame.stride * frame.height)
        } else {
            copy(.whole(width: frame.width, height: frame.height), sparing: spared, from: image.pixels, into: frame)
        }
        frame.heldStatic = (image, PixelBox.empty)
        return image.layers.count
    }

    private func image(
        for layers: ArraySlice<anim_layer_t>, unchanged: Int, like frame: FrameBuffer,
        draw: (FrameBuffer, Range<Int>) -> Void
    ) -> StaticImage? {
        if let current, current.layers.count >= unchanged, current.holdsPrefix(of: layers) { return current }
        let found = shared.image(holdingMostOf: layers)
        if let found, found.layers.count >= unchanged { return found }
        guard unchanged > 0 else { return nil }
        // Another compositor drawing the same image: this frame draws those layers itself
        // rather than a second copy of the image (as much work, without new memory).
        let held = Array(layers.prefix(unchanged))
        guard shared.claim(held) else { return found }
        // Without memory for the image, the frame draws the layers itself.
        guard let pixels = try? FrameBuffer(width: frame.width, height: frame.height) else { return found }
        let below = found?.layers.count ?? 0
        if let found { pixels.pixels.update(from: found.pixels.pixels, count: pixels.stride * pixels.height) }
        draw(pixels, below..<unchanged)
        let made = StaticImage(layers: held, pixels: pixels)
        shared.keep(made)
        return made
    }

    /// Copies `box` less `spared`: the rows above and below it whole, beside it the strips left
    /// and right.
    private func copy(_ box: PixelBox, sparing spared: PixelBox, from image: FrameBuffer, into frame: FrameBuffer) {
        let (top, bottom) = (max(box.y0, min(spared.y0, box.y1)), min(box.y1, max(spared.y1, box.y0)))
        let (left, right) = (max(box.x0, min(spared.x0, box.x1)), min(box.x1, max(spared.x1, box.x0)))
        guard !spared.isEmpty, top < bottom, left < right else { return copyRows(of: box, from: image, into: frame) }
        copyRows(of: PixelBox(x0: box.x0, y0: box.y0, x1: box.x1, y1: top), from: image, into: frame)
        copyRows(of: PixelBox(x0: box.x0, y0: top, x1: left, y1: bottom), from: image, into: frame)
        copyRows(of: PixelBox(x0: right, y0: top, x1: box.x1, y1: bottom), from: image, into: frame)
        copyRows(of: PixelBox(x0: box.x0, y0: bottom, x1: box.x1, y1: box.y1), from: image, into: frame)
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

    /// Whether it holds the bottom layers of `states` (possibly all of them), as they are there.
    func holdsPrefix(of states: ArraySlice<anim_layer_t>) -> Bool {
        states.startsWithSameBytes(as: layers)
    }
}

/// The static images the compositors of one render share, so each is drawn once per render
/// rather than once per thread. It keeps the few most recent: threads rendering frames on both
/// sides of a change need the image before it and the one after, and a new image starts from a
/// copy of the one holding most of its layers.
public final class StaticImageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var recent: [StaticImage] = []
    /// The layers of images being drawn now.
    private var drawing: [[anim_layer_t]] = []
    private static let capacity = 4

    public init() {}

    /// The image holding the most bottom layers of `layers`, if any holds some.
    func image(holdingMostOf layers: ArraySlice<anim_layer_t>) -> StaticImage? {
        lock.withLock {
            var best: StaticImage?
            for image in recent where image.layers.count > best?.layers.count ?? 0 && image.holdsPrefix(of: layers) {
                best = image
            }
            return best
        }
    }

    /// Says the caller draws the image holding `layers`; false when another caller is drawing it.
    func claim(_ layers: [anim_layer_t]) -> Bool {
        lock.withLock {
            if drawing.contains(where: { Self.same($0, layers) }) { return false }
            drawing.append(layers)
            return true
        }
    }

    /// Adds an image the caller drew (after `claim`).
    func keep(_ image: StaticImage) {
        lock.withLock {
            drawing.removeAll { Self.same($0, image.layers) }
            recent.insert(image, at: 0)
            if recent.count > Self.capacity { recent.removeLast() }
        }
    }

    private static func same(_ a: [anim_layer_t], _ b: [anim_layer_t]) -> Bool {
        a.count == b.count && a.startsWithSameBytes(as: b)
    }
}

extension FrameBuffer {
    /// Says the pixels were written other than by the compositor's drawing, which would otherwise
    /// restore only the part of them it drew over last time.
    public func pixelsChanged() { heldStatic = nil }
}

extension FrameBuffer {
    /// The box of pixels (`x0..<x1` by `y0..<y1`) outside which this frame and `other` hold the
    /// same bytes: the union of the boxes drawn over the static image both were filled from by
    /// their last renders. The whole frame when either may hold anything else (one not filled
    /// from a static image, or written since) or they hold different images.
    public func boxDiffering(from other: FrameBuffer) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        guard let mine = heldStatic, let theirs = other.heldStatic, mine.drawing === theirs.drawing else {
            return (0, 0, width, height)
        }
        let box = mine.drawnOver.union(theirs.drawnOver)
        return (box.x0, box.y0, box.x1, box.y1)
    }
}

extension FrameBuffer {
    /// Says the pixels were written within the box `x0..<x1` by `y0..<y1` alone: a frame that
    /// held a static image outside the box drawn over it still does outside that box and this one.
    public func pixelsChanged(within box: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        guard let held = heldStatic else { return }
        heldStatic?.drawnOver = held.drawnOver.union(PixelBox(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1))
    }
}
