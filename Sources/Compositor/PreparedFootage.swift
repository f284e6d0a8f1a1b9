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
    /// The frame shown and the surface over its pixels; nil while the footage shows nothing.
    private var shown: (index: Int, frame: FootageFrame, surface: OpaquePointer)?

    init(_ spec: FootageSpec, footage: SceneFootage) {
        guard let source = footage[spec] else { preconditionFailure("footage \(spec.source.path) was not opened") }
        self.source = source
        timing = spec.clipTiming
    }

    deinit {
        if let shown { cairo_surface_destroy(shown.surface) }
    }

    /// The surface of the frame shown; nil when the footage shows nothing.
    var surface: OpaquePointer? { shown?.surface }

    /// Whether the frame shown has no alpha (see `FootageFrame.isOpaque`); false when none is shown.
    var isOpaque: Bool { shown?.frame.isOpaque ?? false }

    /// The index of the frame shown, nil when none is: what tells a layer's pixels changed.
    var shownIndex: Int? { shown?.index }

    /// Shows the frame `timing` gives for render time `time`, decoding it when no thread has.
    func show(at time: Double) throws(FootageError) {
        let index = timing.clipTime(at: time, clipEnd: source.duration).map(source.frameIndex(at:))
        guard index != shown?.index else { return }
        if let shown { cairo_surface_destroy(shown.surface) }
        shown = nil
        guard let index else { return }
        let frame = try source.frame(index: index)
        // Cairo only reads a source surface's pixels. An opaque frame's surface has no alpha, so
        // pixman copies it where it covers the layer rather than blending every pixel (the same
        // bytes: its alpha is 255 throughout).
        let pixels = UnsafeMutableRawPointer(mutating: frame.pixels).assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(
            pixels, frame.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(frame.width), Int32(frame.height),
            Int32(frame.stride))!
        shown = (index, frame, surface)
    }
}
