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

    /// GIF delays are whole centiseconds and browsers slow anything under 2 cs down to 10 cs, so
    /// faster animations are resampled to 50 frames a second.
    static let gifMaximumFPS = 50.0

    /// Formats without alpha are fed the premultiplied BGRA frames as they are: dropping alpha
    /// from them is exactly compositing over black, where unpremultiplied colours would glow at
    /// translucent edges. Formats with alpha are fed straight RGBA, as they store it.
    var inputPixelFormat: String {
        keepsAlpha ? "rgba" : "bgra"
    }

    var arguments: [String] {
        [
            "-hide_banner", "-nostats", "-loglevel", "warning", "-y",
            "-f", "rawvideo", "-pix_fmt", inputPixelFormat, "-s", "\(width)x\(height)",
            "-framerate", "\(fps)", "-i", "-",
        ]
            + encoding + determinism + ["-f", Self.muxer(format), output]
    }

    /// WebM (Matroska) gets a random segment id in every file; bit-exact mode leaves it out,
    /// so the same frames always give the same bytes, as the other formats already do (a
    /// resumed run's video equals an uninterrupted run's).
    private var determinism: [String] {
        format == .webm ? ["-fflags", "+bitexact"] : []
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
        case .y4m: convert(to: "yuv420p")
        case .png: []
        }
    }

    /// Converts RGB to `pixelFormat` with BT.709 coefficients (after `filters`) and tags the
    /// frames as BT.709, so players do not shift the colours. Tagging the frames rather than
    /// the encoder reaches every codec: ProRes ignores `-colorspace`.
    func convert(to pixelFormat: String, after filters: String = "") -> [String] {
        [
            "-vf",
            "\(filters)scale=out_color_matrix=bt709,format=\(pixelFormat),"
                + "setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv",
        ]
    }
}
