import Scene

/// The encoder settings of each ffmpeg format.
extension FFmpegCommand {
    /// yuv420p needs even sizes for x264, so an odd edge gains one black row or column.
    var h264Encoding: [String] {
        let pad = width % 2 == 0 && height % 2 == 0 ? "" : "pad=\(width + width % 2):\(height + height % 2),"
        return convert(to: "yuv420p", after: pad)
            + ["-c:v", "libx264", "-crf", "\(quality.h264CRF)", "-preset", "medium", "-movflags", "+faststart"]
    }

    /// Constant quality (`-b:v 0`); with alpha, libvpx encodes a second stream for it, which
    /// WebM carries as side data (the stream's `alpha_mode` tag is 1).
    var vp9Encoding: [String] {
        convert(to: keepsAlpha ? "yuva420p" : "yuv420p")
            + ["-c:v", "libvpx-vp9", "-crf", "\(quality.vp9CRF)", "-b:v", "0", "-row-mt", "1"]
    }

    /// ProRes 4444 (profile 4) with a 10-bit alpha plane: the usual hand-off to video editors.
    var proResEncoding: [String] {
        convert(to: "yuva444p10le")
            + ["-c:v", "prores_ks", "-profile:v", "4", "-vendor", "apl0", "-movflags", "+faststart"]
    }

    /// One graph builds the palette from every frame and then maps the frames onto it.
    var gifEncoding: [String] {
        let resample = fps > Self.gifMaximumFPS ? "fps=\(Self.gifMaximumFPS)," : ""
        return ["-filter_complex", resample + Self.gifPalette, "-loop", "0"]
    }

    /// The filters that give a stream of frames one palette built from all of them.
    static let gifPalette = "split[frames][sample];[sample]palettegen[palette];[frames][palette]paletteuse"

    /// Lossy with alpha, looping forever. No `-c:v`: ffmpeg picks libwebp_anim, or libwebp
    /// where it lacks that.
    var webpEncoding: [String] {
        ["-lossless", "0", "-quality", "\(quality.webpQuality)", "-loop", "0"]
    }
}
