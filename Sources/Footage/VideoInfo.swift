/// What a video clip is, known before any frame is decoded.
public struct VideoInfo: Sendable {
    /// The size frames are delivered at: non-square pixels widened and the display rotation applied.
    public let width: Int, height: Int
    /// The size of the pictures as stored in the file.
    public let codedWidth: Int, codedHeight: Int
    /// Degrees the stored picture turns counterclockwise to be upright, as ffprobe's `rotation`
    /// reports it (its −90 is 270 here): 0, 90, 180 or 270. A phone's portrait recording is
    /// stored sideways with 90 or 270 here.
    public let rotation: Int
    /// The width of a stored pixel over its height, as numerator and denominator (1:1 when the
    /// file says nothing).
    public let sampleAspectRatio: (numerator: Int, denominator: Int)
    /// Seconds from the first frame to the end of the last.
    public let duration: Double
    /// Seconds: the precision of the frames' times, as the file stores them (a millisecond in
    /// Matroska, WebM and FLV, a hundredth in GIF); 0 when every frame lies on the stream's
    /// frame-rate grid to within that precision and the times were put on it, which is exact.
    public let timeStep: Double
    public let frameCount: Int
    /// The codec as libavcodec names it: "h264", "hevc", "prores", "vp9", "gif".
    public let codec: String
    /// Whether the decoded pictures carry alpha (ProRes 4444, VP9 with alpha, GIF, animated PNG).
    public let hasAlpha: Bool
    /// More than 8 bits per component: the frames are reduced to 8, which a host may mention.
    public let isHighBitDepth: Bool
}
