import CRaster
import Compositor
import Output
import Renderer
import Scene

extension Pipeline {
    /// How a frame's pixels are written into a caller's buffer: four bytes a pixel, R G B A.
    public enum PixelFormat: Sendable {
        /// Colour not multiplied by alpha, as PNG files and NumPy users expect.
        case rgbaStraight
        /// Colour multiplied by alpha, as compositors and GPU textures expect.
        case rgbaPremultiplied
    }

    /// The frame's size in pixels at `scale` (pixels per canvas point).
    public func frameSize(scale: RenderScale = .full) -> (width: Int, height: Int) {
        scene.canvas.pixelSize(scale: scale.value)
    }

    /// Renders frame `index` (0 ..< `frameCount`) into `buffer`: `frameSize(scale:)` rows, each
    /// `stride` bytes apart (at least 4 × width), `byteCount` bytes in all. The bytes are those of
    /// the same frame in `run`'s PNGs. Frames may be asked for in any order.
    public func renderFrame(
        _ index: Int, into buffer: UnsafeMutableRawPointer, byteCount: Int, stride: Int,
        format: PixelFormat = .rgbaStraight, scale: RenderScale = .full
    ) throws(PipelineError) {
        guard (0..<frameCount).contains(index) else {
            throw PipelineError(.range, "frame \(index) is outside the render: its frames are 0 to \(frameCount - 1)")
        }
        let (width, height) = frameSize(scale: scale)
        guard stride >= width * 4 else {
            throw PipelineError(
                .argument, "a stride of \(stride) bytes is less than a row of \(width) pixels (\(width * 4))")
        }
        let needed = stride * (height - 1) + width * 4
        guard byteCount >= needed else {
            throw PipelineError(
                .argument, "a buffer of \(byteCount) bytes is too small: \(width) × \(height) pixels need \(needed)")
        }
        lock.lock()
        defer { lock.unlock() }
        do {
            let renderer = try frameRenderer(scale: scale)
            let frame: FrameBuffer
            do throws(RenderError) { frame = try renderer.render(frame: index) } catch { throw PipelineError(error) }
            let out = buffer.assumingMemoryBound(to: UInt8.self)
            switch format {
            case .rgbaStraight:
                px_unpremultiply_bgra(frame.pixels, frame.stride, out, stride, Int32(width), Int32(height), 4)
            case .rgbaPremultiplied:
                raster_swap_red_blue(
                    frame.pixels, UInt32(frame.stride), out, UInt32(stride), UInt32(width), UInt32(height))
            }
        }
    }

    /// `body`'s result from the pipeline's timing at scale 1, plugin curves called where its frames
    /// call them (in a child process when its plugins run in children), and why a curve failed.
    package func evaluatingCurves<R>(_ body: (SceneTiming) -> R) throws(PipelineError) -> (R, failure: String?) {
        lock.lock()
        defer { lock.unlock() }
        return try frameRenderer(scale: .full).evaluator.evaluatingCurves(body)
    }

    /// The renderer of single frames at `scale`, made on first use (called with the lock held).
    func frameRenderer(scale: RenderScale) throws(PipelineError) -> FrameRenderer {
        guard !closed else { throw PipelineError(.argument, "the pipeline is closed") }
        guard !isHeadersOnly else {
            throw PipelineError(.argument, "the pipeline was opened with headersOnly: its images were not decoded")
        }
        if let frames, framesScale == scale { return frames }
        let images = try decodedImages()
        do throws(RenderError) {
            let renderer = try FrameRenderer(
                evaluator: try FrameEvaluator(scene: scene, isolation: isolation, renderScale: scale.value),
                images: images,
                threads: 1)
            (frames, framesScale) = (renderer, scale)
            return renderer
        } catch {
            throw PipelineError(error)
        }
    }

    /// Writes the frame at `time` seconds (between two frames, that exact moment) as a PNG at
    /// `path`, as `pipeline frame` does. Returns the values a plugin got wrong and that were
    /// replaced, one warning each.
    public func writeFrame(at time: Double, to path: String, scale: RenderScale = .full) throws(PipelineError)
        -> [String]
    {
        try frame(at: time, scale: scale) { frame throws(OutputError) in try writePNG(frame.view, to: path) }.warnings
    }

    /// The frame at `time` seconds as the PNG `writeFrame(at:to:scale:)` writes, in memory.
    ///
    /// `motionBlurSamples` is for previews that cannot wait for the file's motion blur: 0 draws
    /// the frame without motion blur (the bytes of the same file without `canvas.motionBlur`), N
    /// with at most N samples for any layer; nil (the default) as the file says, as `run` does.
    /// A file without motion blur draws the same whatever it is.
    public func pngFrame(at time: Double, scale: RenderScale = .full, motionBlurSamples: Int? = nil)
        throws(PipelineError)
        -> [UInt8]
    {
        try frame(at: time, scale: scale, motionBlurSamples: motionBlurSamples) { frame throws(OutputError) in
            try encodePNG(frame.view)
        }.result
    }

    /// The most samples the file's motion blur gives a frame (the canvas's or a layer's, whichever
    /// is larger); nil when its frames are not blurred (no `canvas.motionBlur`, one sample, or a
    /// shutter angle of 0). What `motionBlurSamples` of the frame calls can lower.
    public var motionBlurSamples: Int? {
        guard let blur = scene.canvas.motionBlur, blur.blurs else { return nil }
        return blur.mostSamples
    }

    /// An image of the frame at `time` for a viewer that shows frames as they are played: a JPEG
    /// at `quality` (1–100) when every pixel is opaque, else the PNG of `pngFrame` (a JPEG has no
    /// alpha to carry). `mediaType` says which. `motionBlurSamples` as `pngFrame` takes it.
    public func viewerFrame(at time: Double, scale: RenderScale = .full, quality: Int, motionBlurSamples: Int? = nil)
        throws(PipelineError) -> (bytes: [UInt8], mediaType: String)
    {
        guard Self.viewerQualities.contains(quality) else {
            throw PipelineError(.argument, "a JPEG quality is from 1 to 100, not \(quality)")
        }
        return try frame(at: time, scale: scale, motionBlurSamples: motionBlurSamples) { frame throws(OutputError) in
            if frame.rowsAreOpaque(0..<frame.height) {
                return (try encodeJPEG(frame.view, quality: quality), "image/jpeg")
            }
            return (try encodePNG(frame.view), "image/png")
        }.result
    }

    /// The qualities `viewerFrame` takes, libjpeg's scale.
    public static let viewerQualities: ClosedRange<Int> = 1...100

    /// The motion blur samples a layer may have: the range of the format's `samples` keys.
    public static let motionBlurSamples = Int(Keys.blurSamples.lowerBound)...Int(Keys.blurSamples.upperBound)

    /// What `body` makes of the frame at `time`, and the warnings of the values a plugin got wrong.
    private func frame<T>(
        at time: Double, scale: RenderScale, motionBlurSamples: Int? = nil,
        _ body: (FrameBuffer) throws(OutputError) -> T
    ) throws(PipelineError) -> (result: T, warnings: [String]) {
        guard time.isFinite, time >= 0, !scene.isPastTheEnd(time) else {
            throw PipelineError(.range, "\(time) s is past the end: \(scene.endDescription)")
        }
        if let samples = motionBlurSamples, samples < 0 {
            throw PipelineError(.argument, "motion blur samples are 0 (no blur) or more, not \(samples)")
        }
        lock.lock()
        defer { lock.unlock() }
        let renderer = try frameRenderer(scale: scale)
        do throws(RenderError) {
            let frame = try renderer.render(time: time, motionBlurSamples: motionBlurSamples)
            do throws(OutputError) {
                return (try body(frame), renderer.evaluator.substitutions.all.map(\.description))
            } catch {
                throw RenderError.output(error)
            }
        } catch {
            throw PipelineError(error)
        }
    }

    /// Decodes the images and starts what renders single frames at `scale` (the plugins' child
    /// processes, every step's instance created in them) now rather than at the first frame, so
    /// their problems come back before anything else starts.
    public func prepareFrames(scale: RenderScale = .full) throws(PipelineError) {
        lock.lock()
        defer { lock.unlock() }
        _ = try frameRenderer(scale: scale)
    }

    /// True for a time after the render's end, which no frame shows.
    public func isPastTheEnd(_ time: Double) -> Bool { scene.isPastTheEnd(time) }

    /// "the render is 1.5 s long, its last frame is at 1.483 s": where the render ends, as
    /// messages about a time past it say.
    public var endDescription: String { scene.endDescription }

    /// What a still shows, with examples: `pipeline frame --help` shows it.
    public static let frameGuide = """
        --at is a time from 0 to the end of the render; between two frames the still shows that \
        exact moment.

        Examples:
          pipeline frame pipeline.json --at 0.5 -o still.png
          pipeline frame pipeline.json --at 1.2 --scale 0.5 -o draft.png
          jq '.canvas.width = 390' pipeline.json | pipeline frame - --at 0 -o narrow.png
        """
}
