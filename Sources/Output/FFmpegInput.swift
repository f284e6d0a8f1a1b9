/// What an ffmpeg output reads on its standard input, one raw frame after another.
enum FFmpegInput: Equatable {
    /// Straight RGBA, for formats that keep alpha, as they store it.
    case straightRGBA
    /// The premultiplied BGRA frames as they are, converted by ffmpeg's own filter: dropping
    /// alpha from them is exactly compositing over black, where unpremultiplied colours would
    /// glow at translucent edges.
    case premultipliedBGRA
    /// yuv420p converted here (`YUV420Converter`) at `width`×`height`, the frame size or one
    /// more black column or row.
    case yuv420p(width: Int, height: Int)

    /// ffmpeg's name for the pixel format (`-pix_fmt`).
    var pixelFormat: String {
        switch self {
        case .straightRGBA: "rgba"
        case .premultipliedBGRA: "bgra"
        case .yuv420p: "yuv420p"
        }
    }
}
