import Scene

/// The encoder settings of each ffmpeg format.
extension FFmpegCommand {
    var h264Encoding: [String] {
        ["-c:v", "libx264", "-crf", "\(quality.h264CRF)", "-preset", "medium"]
    }

    /// Constant quality (`-b:v 0`); with alpha, libvpx encodes a second stream for it, which
    /// WebM carries as side data (the stream's `alpha_mode` tag is 1).
    var vp9Encoding: [String] {
        ["-c:v", "libvpx-vp9", "-crf", "\(quality.vp9CRF)", "-b:v", "0", "-row-mt", "1"]
    }

    /// ProRes 4444 (profile 4) with a 10-bit alpha plane: the usual hand-off to video editors.
    var proResEncoding: [String] {
        ["-c:v", "prores_ks", "-profile:v", "4", "-vendor", "apl0"]
    }

    /// One graph builds the palette from every frame and then maps the frames onto it.
    var gifEncoding: [String] {
        let resample = fps > Self.gifMaximumFPS ? "fps=\(Self.gifMaximumFPS)," : ""
        return ["-filter_complex", resample + (scaling.map { $0 + "," } ?? "") + Self.gifPalette, "-loop", "0"]
    }

    /// The filters that give a stream of frames one palette built from all of them.
    static let gifPalette = "split[frames][sample];[sample]palettegen[palette];[frames][palette]paletteuse"

    /// Lossy with alpha, looping forever. No `-c:v`: ffmpeg picks libwebp_anim, or libwebp
    /// where it lacks that.
    var webpEncoding: [String] {
        ["-lossless", "0", "-quality", "\(quality.webpQuality)", "-loop", "0"]
    }
}
