/// How a compositor samples an image drawn at less than a quarter of its size. Drawn larger, both
/// draw it alike, from the full image.
public enum ImageScaling: Sendable {
    /// From the image's pyramid level with between two and four of its pixels per pixel drawn
    /// (see `ImagePyramid`): the cost follows the drawn size, the picture stays within rounding
    /// of `exact`.
    case mipmapped
    /// From the full image with Cairo's GOOD filter, every source pixel filtered for every frame.
    case exact
}
