/// Core Animation's keyframe interpolation (`CAKeyframeAnimation`) as a value: the values a step
/// passes through, the progress at which it reaches each (its key time), and how it moves between
/// them. Two values with the linear mode are a plain from/to step, to the bit.
///
/// A value is a vector of components: a number is [x], a point [x, y], a rect [x, y, w, h], a
/// colour [r, g, b, a]. Progress is the step's eased progress, so the step's own curve applies
/// first and a segment's timing function then eases the progress across that segment, as Core
/// Animation orders them.
///
/// Beyond progress 0...1 (a spring or back curve overshooting) linear, paced and cubic values
/// carry on in a straight line at the velocity they had at the end they passed, and a segment's
/// timing function no longer applies (it maps 0...1 only); discrete values hold the end value.
/// A NaN progress (a plugin curve that failed) gives NaN components, so the caller sees it.
public struct Keyframes: Sendable {
    public let values: [[Double]]
    /// The progress at which each value is reached (for discrete: from which it holds, with 1 as
    /// the last entry): as given, evenly spaced when none were given, or for paced the fraction of
    /// the path's length travelled by then.
    public let keyTimes: [Double]
    public let mode: CalculationMode
    /// One per segment, or nil; always nil for paced and discrete, which ease nothing.
    let timingFunctions: [any TimingCurve]?
    /// For cubic: how fast the curve moves through each value, per unit of progress.
    let velocities: [[Double]]

    /// - Parameters:
    ///   - values: at least two, each with the same number of components, all finite.
    ///   - keyTimes: nil for evenly spaced; otherwise non-decreasing, from 0 to 1, one per value
    ///     (one more for discrete, whose last value holds until 1). Ignored by paced, as Core
    ///     Animation ignores them.
    ///   - timingFunctions: nil, or one curve per segment (values.count − 1) for linear and
    ///     cubic. Ignored by paced; discrete, which interpolates nothing, takes none.
    ///
    /// Where Core Animation quietly ignores key times it finds invalid, this refuses them and
    /// names the key, so a mistake in a file does not turn into a different animation.
    public init(
        values: [[Double]], keyTimes: [Double]?, timingFunctions: [any TimingCurve]?, mode: CalculationMode
    ) throws(KeyframesError) {
        try Self.check(values: values)
        switch mode {
        case .paced:
            self.keyTimes = try Self.pacedKeyTimes(values)
            self.timingFunctions = nil
        case .discrete:
            self.keyTimes = try Self.checked(keyTimes: keyTimes, values: values.count, mode: mode)
            if let timingFunctions, !timingFunctions.isEmpty {
                throw KeyframesError(
                    "discrete holds each value without interpolating, so it takes no timing functions; remove them",
                    key: "timingFunctions")
            }
            self.timingFunctions = nil
        case .linear, .cubic:
            self.keyTimes = try Self.checked(keyTimes: keyTimes, values: values.count, mode: mode)
            try Self.check(timingFunctions: timingFunctions, segments: values.count - 1)
            self.timingFunctions = timingFunctions
        }
        (self.values, self.mode) = (values, mode)
        self.velocities = mode == .cubic ? Self.velocities(values: values, keyTimes: self.keyTimes) : []
    }

    /// The value at the step's eased progress (usually 0...1; overshooting curves leave it).
    /// `turned` runs each segment's timing function turned about its centre (1 − f(1 − s)), so
    /// that going through the keyframes backwards each segment still moves forwards along it.
    public func value(at progress: Double, plugins: some PluginCurveCalls, turned: Bool = false) -> [Double] {
        guard !progress.isNaN else { return values[0].map { _ in .nan } }
        let key = keyTimes.lastIndex { $0 <= progress } ?? 0
        if mode == .discrete { return values[min(key, values.count - 1)] }
        // Before the first key time the first segment extends back, from the last one the last
        // segment extends on; between, each value is reached at its key time.
        let segment = min(key, values.count - 2)
        let (start, end) = (keyTimes[segment], keyTimes[segment + 1])
        // A segment of no duration is a jump; at an end it has no velocity to carry on with.
        guard end > start else { return values[progress < start ? segment : segment + 1] }
        let local = (progress - start) / (end - start)
        guard (0...1).contains(local) else {
            if mode == .cubic { return tangentLine(through: local < 0 ? segment : segment + 1, at: progress) }
            return straight(segment, local)
        }
        let eased =
            timingFunctions.map { functions in
                turned
                    ? 1 - functions[segment].value(at: 1 - local, plugins: plugins)
                    : functions[segment].value(at: local, plugins: plugins)
            } ?? local
        return mode == .cubic ? cubicValue(segment, eased) : straight(segment, eased)
    }

    /// The point at `local` on the line through the segment's two values: exactly
    /// `from + (to − from) × local`, the formula of a plain from/to step.
    private func straight(_ segment: Int, _ local: Double) -> [Double] {
        zip(values[segment], values[segment + 1]).map { from, to in from + (to - from) * local }
    }
}
