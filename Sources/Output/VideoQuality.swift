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

    /// `value` on a codec scale running from `worst` (at 0) through `customary` (at the
    /// default) to `best` (at 100); either direction works.
    func level(worst: Double, customary: Double, best: Double) -> Int {
        let pivot = Double(Self.standard.value), q = Double(value)
        let level = q <= pivot
            ? worst + (customary - worst) * q / pivot
            : customary + (best - customary) * (q - pivot) / (100 - pivot)
        return Int(level.rounded())
    }

    /// x264's constant rate factor (0 best, 51 worst).
    var h264CRF: Int { level(worst: 51, customary: 18, best: 0) }
    /// libvpx-vp9's constant quality (0 best, 63 worst).
    var vp9CRF: Int { level(worst: 63, customary: 31, best: 0) }
    /// libwebp's quality (100 best).
    var webpQuality: Int { level(worst: 0, customary: 75, best: 100) }
}
