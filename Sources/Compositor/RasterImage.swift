import CCairo
import CImageCodecs

/// A decoded PNG or JPEG: premultiplied pixels in Cairo's ARGB32 layout, decoded once and never
/// changed afterwards, so many compositors on many threads may read it at once.
public final class RasterImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    private let decoded: decoded_image_t

    private init(decoded: decoded_image_t) {
        self.decoded = decoded
        width = Int(decoded.width)
        height = Int(decoded.height)
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
            let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw ImageLoadError(path: path, description: String(decoding: text, as: UTF8.self))
        }
        return RasterImage(decoded: decoded)
    }

    /// A Cairo surface reading these pixels in place; each compositor makes its own.
    func makeSurface() -> OpaquePointer {
        cairo_image_surface_create_for_data(
            decoded.pixels, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(decoded.stride))
    }
}
