/// Timing: the curves that turn a step's local progress into eased progress.
///
/// Owns the curve protocol and the built-in curves (linear, cubic Bézier, the Core Animation
/// named curves, springs). It knows nothing of steps, scenes or plugins: the caller clamps the
/// local progress and decides what a curve is applied to. Plugin curves adapt to `TimingCurve`
/// in PluginRegistry.

/// Maps local progress to eased progress.
public protocol TimingCurve: Sendable {
    /// Local progress u in [0, 1] (the caller clamps) → eased progress (may overshoot for springs/back curves).
    func value(at progress: Double) -> Double
}
