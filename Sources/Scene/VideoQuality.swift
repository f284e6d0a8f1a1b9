/// How hard lossy encoders may compress: 0 (smallest file) to 100 (best picture), one scale for
/// every codec, mapped onto each codec's own (x264 and VP9 CRF, WebP quality).
///
/// The default, 75, lands on each codec's customary high-quality setting (x264 CRF 18, VP9
/// CRF 31, WebP 75); 100 is the codec's best and 0 its worst, linearly in between.
public struct VideoQuality: Sendable, Equatable {
    public static let range = 0...100
    public static let standard = VideoQuality(unchecked: 75)
    public let value: Int

    /// Nil when `value` is outside `range`.
    public init?(_ value: Int) {
        guard Self.range.contains(value) else { return nil }
        self.value = value
    }

    private init(unchecked value: Int) {
        self.value = value
    }
}
