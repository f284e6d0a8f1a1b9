import CCairo
import Footage
import Scene

/// The footage one compositor draws a layer with, and the frame it shows now: a Cairo surface
/// over that frame's pixels, which the source's cache shares between threads (a surface used as
/// a source is not safe to share; the pixels are). The frame is chosen by the render time alone,
/// so every thread shows the same one at the same time.
final class PreparedFootage {
    let source: any FrameSource
    let timing: ClipTiming
    /// The frame shown; nil while the footage shows nothing.
    private(set) var frame: FootageFrame?
    /// The frame shown's index.
    private var index: Int?
    /// A surface over the shown frame's pixels, made when first drawn.
    private var madeSurface: OpaquePointer?
    /// A surface over a smaller copy of the shown frame (`scaledSurface`), with that copy.
    private var scaledShown: (surface: OpaquePointer, frame: FootageFrame)?

    init(_ spec: FootageSpec, footage: SceneFootage) {
        guard let source = footage[spec] else { preconditionFailure("footage \(spec.source.path) was not opened") }
        self.source = source
        timing = spec.clipTiming
    }

    deinit {
        if let madeSurface { cairo_surface_destroy(madeSurface) }
        if let scaledShown { cairo_surface_destroy(scaledShown.surface) }
    }

    /// A surface of the shown frame converted at `width` × `height` (`FootageFrame.scaled`); nil
    /// when none is shown or it has no picture to convert from.
    func scaledSurface(width: Int, height: Int) -> OpaquePointer? {
        if let scaledShown, scaledShown.frame.width == width, scaledShown.frame.height == height {
            return scaledShown.surface
        }
        guard let copy = frame?.scaled(width: width, height: height) else { return nil }
        if let scaledShown { cairo_surface_destroy(scaledShown.surface) }
        let pixels = UnsafeMutableRawPointer(mutating: copy.pixels).assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(
            pixels, copy.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
            Int32(copy.stride))!
        scaledShown = (surface, copy)
        return surface
    }

    /// The surface of the frame shown; nil when the footage shows nothing. Made on first use, so
    /// a frame written straight into the frame buffer (`FootageFrame.write`) is never converted
    /// into its own pixels.
    var surface: OpaquePointer? {
        if madeSurface == nil, let frame {
            // Cairo only reads a source surface's pixels. An opaque frame's surface has no alpha,
            // so pixman copies it where it covers the layer rather than blending every pixel (the
            // same bytes: its alpha is 255 throughout).
            let pixels = UnsafeMutableRawPointer(mutating: frame.pixels).assumingMemoryBound(to: UInt8.self)
            madeSurface = cairo_image_surface_create_for_data(
                pixels, frame.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(frame.width),
                Int32(frame.height), Int32(frame.stride))!
        }
        return madeSurface
    }

    /// Whether the frame shown has no alpha (see `FootageFrame.isOpaque`); false when none is shown.
    var isOpaque: Bool { frame?.isOpaque ?? false }

    /// The index of the frame shown, nil when none is: what tells a layer's pixels changed.
    var shownIndex: Int? { index }

    /// Shows no frame (the layer is not drawn now), letting go of the one shown.
    func showNothing() {
        guard index != nil else { return }
        forgetSurfaces()
        (frame, index) = (nil, nil)
    }

    /// Shows the frame `timing` gives for render time `time`, decoding it when no thread has.
    func show(at time: Double) throws(FootageError) {
        let shownNow = timing.clipTime(at: time, clipEnd: source.duration).map(source.frameIndex(at:))
        guard shownNow != index else { return }
        forgetSurfaces()
        (frame, index) = (nil, nil)
        guard let shownNow else { return }
        frame = try source.frame(index: shownNow)
        index = shownNow
    }

    private func forgetSurfaces() {
        if let madeSurface { cairo_surface_destroy(madeSurface) }
        if let scaledShown { cairo_surface_destroy(scaledShown.surface) }
        (madeSurface, scaledShown) = (nil, nil)
    }
}
