/// The cubic mode: Core Animation's Kochanek–Bartels spline with its default tension, continuity
/// and bias (all 0), which is a Catmull–Rom spline, timed by the key times.
///
/// Each segment is a cubic Hermite curve between two values. The curve passes a value with the
/// slope between its two neighbours over the time between them, so its velocity is continuous
/// in progress even where key times are uneven. Where a value has one neighbouring segment only
/// (the first and last value, and either side of a jump, a segment of no duration) it passes with
/// that segment's own slope, as if a mirrored neighbour continued the line: two values give the
/// straight line linear gives, and past an end the value carries on in the same direction.
extension Keyframes {
    /// Each value's velocity, per unit of progress.
    static func velocities(values: [[Double]], keyTimes: [Double]) -> [[Double]] {
        values.indices.map { key in
            let before = key > 0 && keyTimes[key - 1] < keyTimes[key] ? key - 1 : key
            let after = key < values.count - 1 && keyTimes[key + 1] > keyTimes[key] ? key + 1 : key
            let span = keyTimes[after] - keyTimes[before]
            return zip(values[before], values[after]).map { from, to in span > 0 ? (to - from) / span : 0 }
        }
    }

    /// The value on `segment` at eased local progress `u` (a segment's timing function may take
    /// it a little outside 0...1).
    func cubicValue(_ segment: Int, _ u: Double) -> [Double] {
        let duration = keyTimes[segment + 1] - keyTimes[segment]
        let rest = 1 - u
        // The cubic Hermite basis: the weights of the start and end values and of their velocities.
        let startWeight = (1 + 2 * u) * rest * rest
        let endWeight = u * u * (3 - 2 * u)
        let startVelocityWeight = u * rest * rest * duration
        let endVelocityWeight = -u * u * rest * duration
        return values[segment].indices.map { component in
            startWeight * values[segment][component] + endWeight * values[segment + 1][component]
                + startVelocityWeight * velocities[segment][component]
                + endVelocityWeight * velocities[segment + 1][component]
        }
    }

    /// Past an end: the line through the end value along the curve's velocity there.
    func tangentLine(through key: Int, at progress: Double) -> [Double] {
        zip(values[key], velocities[key]).map { value, velocity in value + velocity * (progress - keyTimes[key]) }
    }
}
