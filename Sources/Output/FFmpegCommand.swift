/// The ffmpeg command line for one output file fed raw frames on standard input.
struct FFmpegCommand {
    let format: OutputFormat
    let width: Int, height: Int
    let fps: Double
    let output: String

    /// GIF delays are whole centiseconds and browsers slow anything under 2 cs down to 10 cs, so
    /// faster animations are resampled to 50 frames a second.
    static let gifMaximumFPS = 50.0

    /// MP4 is fed the premultiplied BGRA frames as they are: dropping alpha from them is exactly
    /// compositing over black, where unpremultiplied colours would glow at translucent edges.
    /// GIF keeps its transparency, so it is fed straight RGBA.
    var inputPixelFormat: String {
        format == .mp4 ? "bgra" : "rgba"
    }

    var arguments: [String] {
        ["-hide_banner", "-nostats", "-loglevel", "warning", "-y",
         "-f", "rawvideo", "-pix_fmt", inputPixelFormat, "-s", "\(width)x\(height)",
         "-framerate", "\(fps)", "-i", "-"]
            + encoding + ["-f", format.rawValue, output]
    }

    private var encoding: [String] {
        switch format {
        case .mp4: mp4Encoding
        case .gif: gifEncoding
        case .png: []
        }
    }

    /// yuv420p needs even sizes, so an odd edge gains one black row or column. Colours are
    /// converted and tagged as BT.709 so players do not shift them.
    private var mp4Encoding: [String] {
        let pad = width % 2 == 0 && height % 2 == 0 ? "" : "pad=\(width + width % 2):\(height + height % 2),"
        return ["-vf", "\(pad)scale=out_color_matrix=bt709,format=yuv420p",
                "-c:v", "libx264", "-crf", "18", "-preset", "medium",
                "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                "-movflags", "+faststart"]
    }

    /// One graph builds the palette from every frame and then maps the frames onto it.
    private var gifEncoding: [String] {
        let resample = fps > Self.gifMaximumFPS ? "fps=\(Self.gifMaximumFPS)," : ""
        return ["-filter_complex", "\(resample)split[frames][sample];[sample]palettegen[palette];[frames][palette]paletteuse",
                "-loop", "0"]
    }
}
