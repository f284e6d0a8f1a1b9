import CAnimatorABI

/// The made-up scene every call of a check runs in: a canvas, the layer an animator animates,
/// another layer for layer parameters, and the two images a mixer blends. Fixed, so two calls
/// with the same inputs must give the same output.
enum CheckScene {
    static let canvas = anim_size_t(width: 320, height: 240)
    /// Mixers blend whole images of this size (small: a check makes many calls).
    static let imageWidth = 64, imageHeight = 48
    static let imageSize = anim_size_t(width: Double(imageWidth), height: Double(imageHeight))
    /// The step's duration handed to `create`, `apply` and `mix`, in seconds.
    static let duration = 1.0
    /// The name of the layer layer parameters are given.
    static let otherLayerName = "other"

    /// The progress values every animator and mixer case is called at: the ends, a few inside,
    /// and a little outside, as springs and overshooting curves give.
    static let progressValues = [-0.1, 0, 0.25, 0.5, 0.75, 1, 1.1]
    /// A timing curve's progress stays in [0, 1] (animator.h), so curves are called there only.
    static let curveProgressValues = progressValues.filter { (0...1).contains($0) }

    /// An unmoved layer: its frame, opacity 1, no transform, shadow or mask.
    static func layer(frame: anim_rect_t) -> anim_layer_t {
        var layer = anim_layer_t()
        layer.struct_size = UInt32(MemoryLayout<anim_layer_t>.size)
        layer.frame = frame
        layer.anchor = anim_point_t(x: 0.5, y: 0.5)
        layer.scale = anim_point_t(x: 1, y: 1)
        layer.opacity = 1
        return layer
    }

    static var target: anim_layer_t { layer(frame: anim_rect_t(x: 40, y: 30, width: 160, height: 120)) }
    static var other: anim_layer_t { layer(frame: anim_rect_t(x: 200, y: 150, width: 80, height: 60)) }

    /// The `from` image (0): opaque, a gradient across; `to` (1): a gradient down, partly
    /// transparent; and (2) that gradient opaque, the `to` a mixer that keeps opaque images
    /// opaque (ANIM_MIXER_KEEPS_OPAQUE) is also given. All premultiplied (no channel above its
    /// alpha), as the host hands them.
    static func image(_ index: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: imageWidth * imageHeight * 4)
        for y in 0..<imageHeight {
            for x in 0..<imageWidth {
                let at = (y * imageWidth + x) * 4
                let alpha = index == 1 ? 128 + y * 2 : 255
                let red = index == 0 ? x * 4 : 0
                let green = index == 0 ? 64 : y * 2
                let blue = index == 0 ? 255 - x * 4 : alpha / 2
                pixels[at] = UInt8(red * alpha / 255)
                pixels[at + 1] = UInt8(green * alpha / 255)
                pixels[at + 2] = UInt8(blue * alpha / 255)
                pixels[at + 3] = UInt8(alpha)
            }
        }
        return pixels
    }

    /// The layers an effect filters, in image pixels before its reach's margins: one pixel, a
    /// small odd size and a larger one (odd too, so no half of it is a whole number).
    static let effectSizes = [(width: 1, height: 1), (width: 7, height: 5), (width: 37, height: 23)]
    /// The render scales every effect runs at (its pixel parameters scale with them).
    static let renderScales = [0.5, 1, 2]
    /// An invalid value (NaN, ±1e300) is tried on one image only: the plugin must only survive it.
    static let invalidEffectSize = (width: 7, height: 5)
    /// The most pixels an effect's image may have, margins included, for the check to apply it:
    /// past them (a reach of thousands of pixels) it checks the reach alone, as the other checks
    /// would take minutes and gigabytes.
    static let largestEffectImage = 1024 * 1024
    /// The time handed to an effect, in seconds since the pipeline start.
    static let effectTime = 0.5

    /// Values no plausible output reaches: more than a million canvas sizes.
    static let absurdMagnitude = 1e6 * max(canvas.width, canvas.height)
}
