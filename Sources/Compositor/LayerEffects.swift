import CAnimatorABI
import Scene

/// How the compositor runs a layer's effects: the renderer supplies it, calling the effect
/// plugins in this process or in a child (`--isolate`), with their instances and crash guards.
/// The compositor builds every call's arguments (images, rows, parameters, scale) and never
/// calls plugin code itself.
public protocol LayerEffects: AnyObject {
    /// The reach of effect `effect` of `list` on layer `layer` for `args` (images NULL).
    func reach(layer: Int, list: EffectList, effect: Int, _ args: inout anim_effect_args_t) throws(EffectFailure)
        -> anim_reach_t
    /// Runs effect `effect` of `list` on layer `layer` over `args`' images and rows.
    func apply(layer: Int, list: EffectList, effect: Int, _ args: inout anim_effect_args_t) throws(EffectFailure)
}

/// Why an effect could not run; the renderer turns it into its error for the frame.
public struct EffectFailure: Error, Sendable {
    public let layer: Int
    public let list: EffectList
    public let effect: Int
    public let message: String
    /// Set when the failure is the renderer's own (a plugin crash it reports itself).
    public let underlying: (any Error & Sendable)?

    public init(layer: Int, list: EffectList, effect: Int, message: String, underlying: (any Error & Sendable)? = nil) {
        (self.layer, self.list, self.effect, self.message, self.underlying) = (layer, list, effect, message, underlying)
    }
}
