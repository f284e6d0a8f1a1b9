import CVectorGraphics
import Foundation

/// A parsed SVG document (librsvg), drawn as vectors through whatever transform a Cairo context
/// has, so its edges are as sharp at any scale as the compositor's own shapes. Not thread-safe:
/// one per compositor, parsed from the bytes `SceneVectors` checked.
final class SVGDocument {
    private let handle: OpaquePointer

    /// Relative references resolve against `path`, the document's file.
    init(_ bytes: [UInt8], path: String) throws(ImageLoadError) {
        var error: UnsafeMutablePointer<CChar>?
        let handle = bytes.withUnsafeBufferPointer { vector_svg_open($0.baseAddress, $0.count, path, &error) }
        guard let handle else {
            defer { vector_free(error) }
            let reason = error.map { String(cString: $0) } ?? "librsvg cannot read it"
            throw ImageLoadError(path: path, description: "not an SVG document librsvg can draw: \(reason)")
        }
        self.handle = handle
    }

    deinit { vector_svg_close(handle) }

    /// Its own size in pixels (its width and height, else its viewBox's); nil when it gives none.
    var size: (width: Double, height: Double)? {
        var width = 0.0
        var height = 0.0
        guard vector_svg_size(handle, &width, &height) != 0 else { return nil }
        return (width, height)
    }

    /// Draws the whole document into (0, 0, width, height) of `cr`'s user space. A document
    /// librsvg fails to draw part of leaves that part out: the frame goes on.
    func draw(width: Double, height: Double, on cr: OpaquePointer) {
        var error: UnsafeMutablePointer<CChar>?
        if vector_svg_render(handle, UnsafeMutableRawPointer(cr), width, height, &error) != 0 { vector_free(error) }
    }
}
