import CCairo
import CImageCodecs
import CRaster

/// A decoded PNG, JPEG or WebP: premultiplied pixels in Cairo's ARGB32 layout, decoded once and never
/// changed afterwards, so many compositors on many threads may read it at once. Its smaller
/// sizes (`pyramid`) are made as the render first draws it small, and live as long as it does.
public final class RasterImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Whether every pixel has alpha 255: read once, at decoding, so a layer showing it can be
    /// known to hide what lies below (`Compositor.sparedBox`).
    let isOpaque: Bool
    private let decoded: decoded_image_t
    let pyramid: ImagePyramid

    private init(decoded: decoded_image_t) {
        self.decoded = decoded
        width = Int(decoded.width)
        height = Int(decoded.height)
        isOpaque = raster_rows_opaque(decoded.pixels, decoded.stride, decoded.width, decoded.height)
        pyramid = ImagePyramid(
            base: ImagePyramid.Level(pixels: decoded.pixels, width: width, height: height, stride: Int(decoded.stride)))
    }

    deinit {
        var owned = decoded
        decode_image_free(&owned)
    }

    /// Decodes the file at `path`, recognised by its content. Refuses images larger than
    /// 16384 pixels on a side before decoding them.
    public static func load(contentsOf path: String) throws(ImageLoadError) -> RasterImage {
        var decoded = decoded_image_t()
        var message = [CChar](repeating: 0, count: 256)
        guard decode_image_file(path, DECODE_MAX_DIMENSION, &decoded, &message, message.count) else {
            throw ImageLoadError(path: path, message: message)
        }
        return RasterImage(decoded: decoded)
    }

    /// The width and height in the header of the file at `path`, with the checks `load` makes
    /// before it decodes pixels (format, header, size limit); the pixels are not read.
    public static func size(ofFileAt path: String) throws(ImageLoadError) -> (width: Int, height: Int) {
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard decode_image_header(path, DECODE_MAX_DIMENSION, &width, &height, &message, message.count) else {
            throw ImageLoadError(path: path, message: message)
        }
        return (Int(width), Int(height))
    }

    /// A Cairo surface reading the pixels of pyramid level `level` (0: the image itself) in
    /// place; each compositor makes its own.
    func makeSurface(level: Int) -> OpaquePointer {
        let pixels = pyramid.level(level)
        return cairo_image_surface_create_for_data(
            pixels.pixels, CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height), Int32(pixels.stride))
    }
}
