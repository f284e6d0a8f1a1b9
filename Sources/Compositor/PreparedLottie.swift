import CCairo
import Footage
import Scene

/// The Lottie animation one compositor draws a layer with (rlottie's objects are not safe to
/// share between threads), the frame it shows now, and that frame rendered at the pixel size
/// the layer was last drawn at. The frame is chosen by the render time alone, so every thread
/// shows the same one at the same time, and rlottie draws it to the same bytes.
final class PreparedLottie {
    private let animation: LottieAnimation
    let document: SceneVectors.Lottie
    private let timing: ClipTiming
    /// The frame shown, 0 for the animation's first.
    private(set) var frame = 0
    private var rendered: (frame: Int, width: Int, height: Int, surface: OpaquePointer)?

    /// The largest side rendered, in pixels: a layer scaled up further shows a scaled-up picture.
    static let largestSide = 8192

    init(_ spec: LottieSpec, vectors: SceneVectors) {
        guard let document = vectors[spec], let animation = LottieAnimation(document.json, path: spec.path) else {
            preconditionFailure("Lottie animation \(spec.path) was not loaded")
        }
        (self.document, self.animation) = (document, animation)
        timing = ClipTiming(start: spec.start, speed: spec.speed, end: spec.loops ? .loop : .hold)
    }

    deinit {
        if let rendered { cairo_surface_destroy(rendered.surface) }
    }

    /// Shows the frame for render time `time`: floor(animation time × frame rate), the first
    /// before `start`, the last once it has played (or again from the first when it loops).
    func show(at time: Double) {
        let animationTime = timing.clipTime(at: time, clipEnd: document.duration) ?? 0
        // A nanosecond of tolerance, as footage frames take, so rounding cannot show the frame before.
        let index = ((animationTime + 1e-9) * document.frameRate).rounded(.down)
        frame = Int(min(max(index, 0), Double(document.frameCount - 1)))
    }

    /// The frame shown, rendered at `width` × `height` pixels (the animation's aspect ratio).
    func surface(width: Int, height: Int) -> OpaquePointer {
        if let rendered, rendered.frame == frame, rendered.width == width, rendered.height == height {
            return rendered.surface
        }
        // The surface of the last frame is drawn again when the size is the same; rlottie draws
        // over what is there, so it is cleared first, as a new surface is.
        let surface: OpaquePointer
        if let rendered, rendered.width == width, rendered.height == height {
            surface = rendered.surface
        } else {
            if let rendered { cairo_surface_destroy(rendered.surface) }
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        animation.render(
            frame: frame, into: pixels.assumingMemoryBound(to: UInt32.self), width: width, height: height,
            stride: stride)
        cairo_surface_mark_dirty(surface)
        rendered = (frame, width, height, surface)
        return surface
    }
}
