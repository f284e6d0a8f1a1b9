import CAnimatorABI
import Foundation
import PluginDescriptions
import PluginRegistry
import Scene

/// Where a render's plugin code runs. `FrameEvaluator` builds every call's ABI arguments and
/// hands them here: `InProcessPlugins` calls the plugin in this process (guarded, so a crash
/// names it), `IsolatedPlugins` sends the call to a child process (`--isolate`). Each owns the
/// step instances: created in its initializer, destroyed when it goes away.
protocol PluginCalls: AnyObject, Sendable {
    /// Runs `body`, which evaluates the scene's timing for `frame`; a plugin curve whose call
    /// fails fails the frame.
    func withTiming<R>(frame: Int, _ body: (SceneTiming) -> R) throws(RenderError) -> R

    /// Runs `body`, which evaluates the scene's timing outside any frame (a chart sampling every
    /// step's progress). A plugin curve that cannot be called gives NaN, and why is returned.
    func withChartTiming<R>(_ body: (SceneTiming) -> R) -> (R, failure: String?)

    /// Runs `animator` (step `index`'s) on `layers[target]`; `args.instance` is filled in here.
    func apply(
        step index: Int, animator: AnimatorEntry, _ args: inout anim_apply_args_t,
        layers: UnsafeMutableBufferPointer<anim_layer_t>, target: Int, frame: Int) throws(RenderError)

    /// Whether a mixer call writes straight into the image it is given, so that mixing a frame in
    /// bands of rows costs no more than mixing it whole (true in this process; a child's calls
    /// copy the images both ways).
    var mixesInPlace: Bool { get }

    /// Runs `mixer` (step `index`'s) on `args`' images and rows; `args.instance` is filled in here.
    func mix(
        step index: Int, mixer: MixerEntry, _ args: inout anim_mix_args_t,
        layers: UnsafeBufferPointer<anim_layer_t>, frame: Int) throws(RenderError)
}

/// How to start the child processes of `--isolate`.
public struct Isolation: Sendable {
    /// This executable and its hidden subcommand.
    public let command: [String]
    /// How long one plugin call may take (`PIPELINE_CALL_TIMEOUT`).
    public let limit: Duration
    /// Whether the children run in the sandbox (`--sandbox`, see `PluginSandbox`): the command
    /// then gets `--sandbox` and, as `--plugin FILE`, the only plugin files they may open.
    public let sandboxed: Bool

    public init(command: [String], limit: Duration, sandboxed: Bool = false) {
        (self.command, self.limit, self.sandboxed) = (command, limit, sandboxed)
    }

    /// The command that starts a child allowed to open `plugins`.
    func command(opening plugins: [String]) -> [String] {
        guard sandboxed else { return command }
        return command + ["--sandbox"] + plugins.flatMap { ["--plugin", $0] }
    }
}

extension Scene {
    /// Lends `body` the file's base states, which `create` sees.
    func withBaseStates<R>(_ body: (UnsafeBufferPointer<anim_layer_t>) throws(RenderError) -> R) throws(RenderError)
        -> R
    {
        try layers.map(\.base).withUnsafeBufferPointer { (bases) throws(RenderError) in try body(bases) }
    }
}
