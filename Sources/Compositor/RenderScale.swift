import CAnimatorABI
import Foundation
import Scene

/// Rendering at a scale (0.5 for a half-size draft, 2 for @2x): layers keep their canvas
/// coordinates, and the compositor multiplies every device transform by the scale, the one
/// place geometry meets pixels, so shapes, images, text, masks and shadows all scale together.
/// At scale 1 every product is exact, so full-size frames are unchanged to the bit.
extension Canvas {
    /// The frame size in pixels at `scale`, rounded to whole pixels, at least one each way.
    public func pixelSize(scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}

extension AffineTransform {
    /// This transform followed by a uniform scale about the origin.
    func scaled(by scale: Double) -> AffineTransform {
        AffineTransform(a: a * scale, b: b * scale, c: c * scale, d: d * scale, tx: tx * scale, ty: ty * scale)
    }
}

extension anim_layer_t {
    /// The layer with its shadow's blur radius and offset in pixels at `scale`: both apply in
    /// device space, after the transform, so the transform's scale does not reach them.
    func shadowScaled(by scale: Double) -> anim_layer_t {
        var layer = self
        layer.shadow.radius *= scale
        layer.shadow.offset.x *= scale
        layer.shadow.offset.y *= scale
        return layer
    }
}
