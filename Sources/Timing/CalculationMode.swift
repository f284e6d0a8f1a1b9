/// How `Keyframes` fills the time between its values, after Core Animation's
/// `CAKeyframeAnimation.calculationMode` (without its `cubicPaced`).
public enum CalculationMode: String, CaseIterable, Sendable {
    /// Straight lines between the values, each reached at its key time.
    case linear
    /// Each value holds from its key time until the next, with no values between.
    case discrete
    /// Straight lines at one constant speed: each segment takes time in proportion to its length,
    /// and key times and timing functions are ignored.
    case paced
    /// A smooth curve through the values (Catmull–Rom), each reached at its key time.
    case cubic
}
