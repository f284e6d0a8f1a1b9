import PluginDescriptions

/// Timing: the curves that turn a step's local progress into eased progress.
///
/// Owns the curve protocol, the host's own curves (linear, cubic Bézier, the Core Animation
/// named curves, springs), the curves plugins register, bound to a step's arguments, and Core
/// Animation's keyframe interpolation (`Keyframes`), which turns eased progress into a value
/// between several. It knows nothing of steps, scenes or frames: the caller clamps the local
/// progress and decides what a curve or keyframes are applied to. A plugin curve's code runs
/// where the render runs plugin code (in this process or in a child), so every evaluation is
/// handed the render's `PluginCurveCalls`.

/// Maps local progress to eased progress, and says what it is: charts print its
/// `description` ("ease-in-out", "cubic-bezier(0.2, 0, 0, 1)", "back-out(1.2)",
/// "spring, damping ratio 0.7").
public protocol TimingCurve: Sendable, CustomStringConvertible {
    /// Local progress u in [0, 1] (the caller clamps) → eased progress (may overshoot for
    /// springs and back curves). `plugins` runs a plugin curve's code; host curves never call it.
    func value(at progress: Double, plugins: some PluginCurveCalls) -> Double

    /// The registered plugin curve it calls, if any: what a render guards, checks and names when
    /// the call fails.
    var pluginEntry: CurveEntry? { get }
}
