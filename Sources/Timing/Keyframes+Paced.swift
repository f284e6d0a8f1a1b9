/// The paced mode: straight lines between the values at one constant speed. Core Animation makes
/// the key times itself and ignores the given ones and the timing functions; here each key time
/// is the fraction of the path's length (Euclidean, over all components) travelled on reaching
/// its value.
extension Keyframes {
    static func pacedKeyTimes(_ values: [[Double]]) throws(KeyframesError) -> [Double] {
        var travelled = [0.0]
        for index in values.indices.dropFirst() {
            travelled.append(travelled[index - 1] + distance(values[index - 1], values[index]))
        }
        let length = travelled[travelled.count - 1]
        guard length.isFinite else {
            throw KeyframesError("lie too far apart to pace: the path's length overflows", key: "values")
        }
        // Values that are all equal stay put whatever the key times: space them evenly.
        guard length > 0 else { return evenlySpaced(values.count) }
        return travelled.map { $0 / length }
    }

    /// Scaled by the largest difference so that squaring neither overflows nor underflows.
    private static func distance(_ a: [Double], _ b: [Double]) -> Double {
        let differences = zip(a, b).map { $1 - $0 }
        let scale = differences.map(abs).max() ?? 0
        guard scale > 0, scale.isFinite else { return scale }
        let scaled = differences.map { $0 / scale }
        return scale * scaled.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}
