/// Output writes rendered frames to files: PNG sequences and stills through libpng, and videos
/// and animations (MP4, WebM, MOV, GIF, WebP, APNG, Y4M) through an ffmpeg child process fed raw
/// frames on its standard input.
///
/// It owns pixel conversion from the compositor's premultiplied BGRA to what files store (and to
/// the yuv420p some encoders take), the temporary-name-then-rename discipline
/// that leaves only complete files behind, and finding, asking and supervising ffmpeg. It takes
/// frames as a plain `FrameView` and the output settings of the scene model (`OutputFormat`,
/// `VideoQuality`); it must not depend on the compositor, the renderer or the plugins.

import Scene

/// What writing each format takes and keeps.
extension OutputFormat {
    /// Whether writing this format needs an ffmpeg executable.
    public var needsFFmpeg: Bool {
        self != .png
    }

    /// The ffmpeg encoders that can write this format; any one of them will do.
    public var encoders: [String] {
        switch self {
        case .png: []
        case .mp4: ["libx264"]
        case .webm: ["libvpx-vp9"]
        case .mov: ["prores_ks"]
        case .gif: ["gif"]
        case .webp: ["libwebp_anim", "libwebp"]
        case .apng: ["apng"]
        case .y4m: ["wrapped_avframe"]
        }
    }

    /// Whether `VideoQuality` changes the file; the others are lossless or, like ProRes, have a
    /// fixed data rate.
    public var isLossy: Bool {
        self == .mp4 || self == .webm || self == .webp
    }

    /// Whether the file keeps the frames' transparency. MP4 and Y4M cannot, and show frames
    /// composited over black. WebM can, at the cost of a second (alpha) stream, so it keeps
    /// alpha only when the frames can have any: exactly when the canvas background is not opaque.
    public func keepsAlpha(transparentCanvas: Bool) -> Bool {
        switch self {
        case .mp4, .y4m: false
        case .webm: transparentCanvas
        case .png, .mov, .gif, .webp, .apng: true
        }
    }
}
