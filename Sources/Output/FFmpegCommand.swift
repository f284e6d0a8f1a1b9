import Scene

/// The ffmpeg command line for one output fed raw frames on standard input.
struct FFmpegCommand {
    let format: OutputFormat
    let width: Int, height: Int
    let fps: Double
    let quality: VideoQuality
    /// Whether the output keeps the frames' alpha (see `OutputFormat.keepsAlpha`).
    let keepsAlpha: Bool
    /// A file path, or `pipe:1` for standard output.
    let output: String
    /// The sound encoded beside the frames, read from the raw samples at `pcm`
    /// (`SoundMux.writePCM`): ffmpeg encodes it as the frames arrive, as it would a filtergraph's
    /// sound, so no pass after the render encodes it.
    var sound: (mux: SoundMux, pcm: String)?
    /// The size ffmpeg scales the frames to (a preview's); nil keeps theirs.
    var resize: (width: Int, height: Int)?

    /// GIF delays are whole centiseconds and browsers slow anything under 2 cs down to 10 cs, so
    /// faster animations are resampled to 50 frames a second.
    static let gifMaximumFPS = 50.0

    /// What ffmpeg reads. Formats with alpha get straight RGBA, as they store it. An encoder that
    /// takes yuv420p gets it converted here (`YUV420Converter`), so the pipe carries 1.5 bytes a
    /// pixel instead of 4 and ffmpeg converts nothing; H.264 needs even sizes, so an odd edge
    /// gains one black row or column.
    var input: FFmpegInput {
        guard !keepsAlpha else { return .straightRGBA }
        // A preview is scaled and converted by ffmpeg in one pass (see `scaling`).
        guard encodedPixelFormat == "yuv420p", resize == nil else { return .premultipliedBGRA }
        if format == .mp4 { return .yuv420p(width: width + width % 2, height: height + height % 2) }
        return .yuv420p(width: width, height: height)
    }

    /// The size of the frames ffmpeg reads.
    var inputSize: String {
        if case .yuv420p(let paddedWidth, let paddedHeight) = input { return "\(paddedWidth)x\(paddedHeight)" }
        return "\(width)x\(height)"
    }

    var arguments: [String] {
        [
            "-hide_banner", "-nostats", "-loglevel", "warning", "-y",
            "-f", "rawvideo", "-pix_fmt", input.pixelFormat, "-s", inputSize,
            "-framerate", "\(fps)", "-i", "-",
        ]
            + (sound.map { $0.mux.inputs(pcm: $0.pcm) + ["-map", "0:v"] + $0.mux.outputOptions } ?? [])
            + conversion + encoding + Self.containerFlags(format)
            + ["-f", Self.muxer(format), output]
    }

    /// MP4 and MOV put their index first, so players start before the whole file is read, and
    /// (`keepingTags`) keep tags of any key. WebM (Matroska) gets a random segment id in every file; bit-exact
    /// mode leaves it out, so the same frames always give the same bytes, as the other formats
    /// already do (a resumed run's video equals an uninterrupted run's).
    static func containerFlags(_ format: OutputFormat, keepingTags: Bool = false) -> [String] {
        switch format {
        case .mp4, .mov: ["-movflags", "+faststart" + (keepingTags ? "+use_metadata_tags" : "")]
        case .webm: ["-fflags", "+bitexact"]
        case .gif, .webp, .apng, .y4m, .png: []
        }
    }

    /// ffmpeg's name for the container of `format`.
    static func muxer(_ format: OutputFormat) -> String {
        format == .y4m ? "yuv4mpegpipe" : format.rawValue
    }

    private var encoding: [String] {
        switch format {
        case .mp4: h264Encoding
        case .webm: vp9Encoding
        case .mov: proResEncoding
        case .gif: gifEncoding
        case .webp: webpEncoding
        case .apng: ["-c:v", "apng", "-plays", "0"]
        case .y4m, .png: []
        }
    }

    /// The pixel format the encoder is given, converted to with BT.709 coefficients; nil where
    /// ffmpeg picks it from the RGBA frames (GIF's palette, WebP, APNG).
    var encodedPixelFormat: String? {
        switch format {
        case .mp4, .y4m: "yuv420p"
        case .webm: keepsAlpha ? "yuva420p" : "yuv420p"
        case .mov: "yuva444p10le"
        case .gif, .webp, .apng, .png: nil
        }
    }

    /// Converts RGB to `encodedPixelFormat` with BT.709 coefficients, unless the frames arrive
    /// converted, and tags the frames as BT.709, so players do not shift the colours. Tagging
    /// the frames rather than the encoder reaches every codec: ProRes ignores `-colorspace`.
    private var conversion: [String] {
        guard let encodedPixelFormat else { return format == .gif ? [] : scaling.map { ["-vf", $0] } ?? [] }
        let tags = "setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv"
        if case .yuv420p = input { return ["-vf", tags] }
        let scale = (scaling ?? "scale") + (resize == nil ? "=" : ":") + "out_color_matrix=bt709"
        return ["-vf", "\(scale),format=\(encodedPixelFormat),\(tags)"]
    }

    /// A preview's frames averaged down to its size by area, in ffmpeg. Measured on 1080p BGRA
    /// frames to 634×356: 10 ms of CPU a frame there, converted to yuv420p in the same pass, against
    /// 8 ms for the host's `raster_resample_area` alone; alike, but ffmpeg's runs beside the render.
    var scaling: String? {
        resize.map { "scale=\($0.width):\($0.height):flags=area" }
    }
}
