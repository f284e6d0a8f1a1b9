import Scene

/// `VideoQuality` on each codec's own scale.
extension VideoQuality {
    /// `value` on a codec scale running from `worst` (at 0) through `customary` (at the
    /// default) to `best` (at 100); either direction works.
    func level(worst: Double, customary: Double, best: Double) -> Int {
        let pivot = Double(Self.standard.value)
        let q = Double(value)
        let level =
            q <= pivot
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
