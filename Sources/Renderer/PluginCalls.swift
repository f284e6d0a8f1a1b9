import CAnimatorABI
import Foundation
import PluginRegistry
import Scene

/// Where a render's plugin code runs. `FrameEvaluator` builds every call's ABI arguments and
/// hands them here: `InProcessPlugins` calls the plugin in this process (guarded, so a crash
/// names it), `IsolatedPlugins` sends the call to a child process (`--isolate`). Each owns the
/// step instances: created in its initializer, destroyed when it goes away.
protocol PluginCalls: AnyObject, Sendable {
    /// Whether a mixer's rows may be split over threads (in a child, one call does them all).
    var splitsMixerRows: Bool { get }

    /// Step `index`'s eased progress at `t`, which may call a plugin's timing curve.
    func progress(ofStep index: Int, at t: Double, frame: Int) throws(RenderError) -> Double?

    /// The timeline time `compute` gives for `frame`, which may call a plugin's timing curve
    /// (an interaction's completion curve).
    func timelineTime(frame: Int, _ compute: () -> Double) throws(RenderError) -> Double

    /// Runs `body`, which may evaluate plugin timing curves outside any frame (a chart sampling
    /// every step's progress). A curve that cannot be called gives NaN, and why is returned.
    func evaluatingCurves<R>(_ body: () -> R) -> (R, failure: String?)

    /// Runs step `index`'s animator on `layers[target]`; `args.instance` is filled in here.
    func apply(step index: Int, _ args: inout anim_apply_args_t, layers: UnsafeMutableBufferPointer<anim_layer_t>,
               target: Int, frame: Int) throws(RenderError)

    /// Runs step `index`'s mixer on `args`' images and rows; `args.instance` is filled in here.
    func mix(step index: Int, _ args: inout anim_mix_args_t, layers: UnsafeBufferPointer<anim_layer_t>, frame: Int) throws(RenderError)
}

/// How to start the child processes of `--isolate`.
public struct Isolation: Sendable {
    /// This executable and its hidden subcommand.
    public let command: [String]
    /// How long one plugin call may take (`PIPELINE_CALL_TIMEOUT`).
    public let limit: Duration

    public init(command: [String], limit: Duration) {
        (self.command, self.limit) = (command, limit)
    }
}

extension Scene {
    /// The plugin curve step `index` runs on, if its timing comes from a plugin.
    func pluginCurve(ofStep index: Int) -> CurveEntry? {
        (timing(ofStep: index).curve as? any PluginTimingCurve)?.entry
    }

    /// The interaction's completion curve, if it comes from a plugin, and where the file gives it.
    var pluginCompletionCurve: (entry: CurveEntry, path: String)? {
        guard let curve = (clock.interaction?.completionCurve as? any PluginTimingCurve)?.entry else { return nil }
        return (curve, "interaction.completionCurve")
    }

    /// Lends `body` the file's base states, which `create` sees.
    func withBaseStates<R>(_ body: (UnsafeBufferPointer<anim_layer_t>) throws(RenderError) -> R) throws(RenderError) -> R {
        try layers.map(\.base).withUnsafeBufferPointer { (bases) throws(RenderError) in try body(bases) }
    }
}
