import CAnimatorABI

/// How an image is placed in its layer's frame (Core Animation's contentsGravity).
public enum Gravity: String, Sendable, CaseIterable {
    /// Stretched to the frame.
    case fill
    /// Scaled to fit inside the frame, keeping its proportions, centred.
    case aspectFit = "aspect-fit"
    /// Scaled to cover the frame, keeping its proportions, centred; the frame crops it.
    case aspectFill = "aspect-fill"
    /// Unscaled, centred.
    case center

    /// Where an image of `image` size lands in a frame of `frame` size, in the frame's coordinates.
    public func placement(of image: anim_size_t, in frame: anim_size_t) -> anim_rect_t {
        let scaleX = frame.width / image.width
        let scaleY = frame.height / image.height
        let size: anim_size_t
        switch self {
        case .fill: return anim_rect_t(x: 0, y: 0, width: frame.width, height: frame.height)
        case .aspectFit: size = image.scaled(by: min(scaleX, scaleY))
        case .aspectFill: size = image.scaled(by: max(scaleX, scaleY))
        case .center: size = image
        }
        return anim_rect_t(
            x: (frame.width - size.width) / 2, y: (frame.height - size.height) / 2,
            width: size.width, height: size.height)
    }
}

extension anim_size_t {
    fileprivate func scaled(by factor: Double) -> anim_size_t {
        anim_size_t(width: width * factor, height: height * factor)
    }
}
