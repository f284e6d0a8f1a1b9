import PluginRegistry
import Timing

/// One timeline entry: an animator applied to a layer, or a mixer blending two layers, over
/// its own span of time or alongside another step.
public struct Step: Sendable {
    public enum Action: Sendable {
        /// An animator writing the properties of `target`.
        case animate(AnimatorEntry, target: Int)
        /// A mixer blending layer `from` into layer `to`, drawn in place of the upper one.
        case mix(MixerEntry, from: Int, to: Int)
    }

    /// Where a step's progress comes from.
    public enum Clock: Sendable {
        case own(StepTiming)
        /// The progress of an earlier step (its index), as a transition coordinator's
        /// `animate(alongsideTransition:)` does.
        case alongside(Int)
    }

    public let path: JSONPath
    public let id: String?
    public let action: Action
    public let clock: Clock
    /// Plays the step backwards (dismiss, pop): progress p becomes 1 − p.
    public let reverse: Bool
    public let parameters: [BoundParameter]

    /// The plugin and name that run this step, for messages.
    public var processorName: String {
        switch action {
        case .animate(let animator, _): animator.name
        case .mix(let mixer, _, _): mixer.name
        }
    }

    public var pluginPath: String { plugin.path }

    public var plugin: PluginInfo {
        switch action {
        case .animate(let animator, _): animator.plugin
        case .mix(let mixer, _, _): mixer.plugin
        }
    }
}

/// A step's own timing, Core Animation style: `start` (the delay), `duration`, a curve,
/// `speed`, `repeatCount` (fractions allowed) and `autoreverses`.
public struct StepTiming: Sendable {
    public let start: Double
    public let duration: Double
    public let curve: any TimingCurve
    public let speed: Double
    public let repeatCount: Double
    public let autoreverses: Bool

    /// One repetition, there and (with autoreverse) back, in the step's own time.
    var cycle: Double { duration * (autoreverses ? 2 : 1) }

    /// When the step ends, in timeline seconds.
    public var end: Double { start + cycle * repeatCount / speed }

    /// The eased progress at timeline time `t`, or nil before the start. After the end the
    /// step holds its final state (Core Animation's fill forwards). `eased: false` gives the
    /// linear progress, without the curve.
    public func progress(at t: Double, eased: Bool = true) -> Double? {
        guard t >= start else { return nil }
        let curve: any TimingCurve = eased ? curve : LinearCurve()
        guard duration > 0 else { return curve.value(at: autoreverses ? 0 : 1) }
        let elapsed = min((t - start) * speed, cycle * repeatCount)
        let repetition = min((elapsed / cycle).rounded(.down), max(repeatCount.rounded(.up) - 1, 0))
        var local = (elapsed - repetition * cycle) / duration
        if local > 1 { local = 2 - local }
        return curve.value(at: min(max(local, 0), 1))
    }
}

extension [Step] {
    /// The timing step `index` runs on: its own, or that of the step it runs alongside.
    func timing(ofStep index: Int) -> StepTiming {
        switch self[index].clock {
        case .own(let timing): timing
        case .alongside(let leader): timing(ofStep: leader)
        }
    }
}
