import JSON
import PluginDescriptions
import Timing

/// One timeline entry: an animator applied to a layer, or a mixer blending two layers, over
/// its own span of time or alongside another step.
public struct Step: Sendable {
    public enum Action: Sendable {
        /// An animator writing the properties of `target`.
        case animate(AnimatorEntry, target: Int)
        /// A mixer blending layer `from` into layer `to`, drawn in place of the upper one.
        case mix(MixerEntry, from: Int, to: Int)
        /// The host changing one key path of `target` (an `animate` step): no plugin runs.
        case property(PropertyAnimation, target: Int)
        /// The host changing the volume of a sound (an `animate` step on `audio.<name>.volume` or
        /// `video.volume`): the animation's key path is a `.volume` one. It changes no layer; the
        /// sound's mix follows it.
        case volume(PropertyAnimation)

        /// A mixer's `from` and `to`; none for other kinds.
        public var mixedLayers: [Int] {
            if case .mix(_, let from, let to) = self { return [from, to] }
            return []
        }

        /// What the host asks of the action whatever its kind. This is the one switch over the
        /// kinds; running them is the renderer's (it applies an animator to layer states and has
        /// a mixer blend rendered layers).
        public var role: Role {
            switch self {
            case .animate(let animator, let target):
                Role(processor: animator, target: target) { name in "\(animator.name) → \(name(target))" }
            case .mix(let mixer, let from, let to):
                Role(processor: mixer, target: nil) { name in "\(mixer.name): \(name(from)) → \(name(to))" }
            case .property(let animation, let target):
                Role(processor: nil, target: target) { name in "\(animation.keyPath.rawValue) → \(name(target))" }
            case .volume(let animation):
                if case .volume(.clip(let layer)) = animation.keyPath {
                    Role(processor: nil, target: layer) { name in "video.volume → \(name(layer))" }
                } else {
                    Role(processor: nil, target: nil) { _ in animation.keyPath.rawValue }
                }
            }
        }
    }

    /// A step's action as every kind has it.
    public struct Role: Sendable {
        /// The animator or mixer that runs the step; nil when the host runs it (`animate`).
        public let processor: (any Processor)?
        /// The layer `create` is given as its target: an animator's; a mixer has none.
        public let target: Int?
        /// How charts name the action, given a layer's name by its index: "fade → mask",
        /// "cross-dissolve: old → new".
        public let label: @Sendable (_ layerName: (Int) -> String) -> String
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
    /// A sound played once when the step starts moving on screen.
    public let sound: StepSound?
    /// Where the step has an effect outside the span it runs in (Core Animation's `fillMode`, or
    /// the default of the step's kind when the file writes none: see `Fill.default(for:removedOnCompletion:)`).
    public let fill: Fill
    /// How a mixer step crossfades the sound of the two clips it joins.
    public var crossfade = SoundCrossfade()

    /// Core Animation's fill modes: whether a step's start state applies before its start, and
    /// its end state after its end. `removedOnCompletion` takes the end state away, whatever the mode.
    public enum FillMode: String, Sendable, CaseIterable {
        case forwards, backwards, both, removed
    }

    /// The fill a step has.
    public struct Fill: Sendable, Equatable {
        /// What a step shows on one side of the span it runs in.
        public enum Side: Sendable, Equatable {
            /// Nothing: the layers look as they would without the step.
            case nothing
            /// The step's state at its start (before it) or at its end (after it).
            case state
            /// A mixer step's one layer alone, drawn where the mix is, the other hidden with its
            /// sublayers: `from` before the start, `to` after the end (see `LayerAlone`). The mixer
            /// does not run.
            case layer
        }

        /// What shows before the start.
        public let before: Side
        /// What shows after the end.
        public let after: Side

        public init(before: Side, after: Side) {
            (self.before, self.after) = (before, after)
        }

        /// The fill a written `fillMode` gives.
        public init(mode: FillMode, removedOnCompletion: Bool) {
            before = mode == .backwards || mode == .both ? .state : .nothing
            after = (mode == .forwards || mode == .both) && !removedOnCompletion ? .state : .nothing
        }

        /// No effect before the start, the end state after the end: Core Animation's default.
        public static let forwards = Fill(mode: .forwards, removedOnCompletion: false)

        /// The fill of a step that writes no `fillMode`, as a video editor's transitions behave: a
        /// mixer step shows `from` alone until it starts and `to` alone after it ends; an animator
        /// that brings its target in (ANIM_ANIMATOR_BRINGS_IN) holds its start state before the
        /// start and its end state after the end ("both"); any other step has Core Animation's
        /// default ("forwards"). `removedOnCompletion` leaves nothing after the end.
        public static func `default`(for action: Action, removedOnCompletion: Bool) -> Fill {
            switch action {
            case .mix:
                Fill(before: .layer, after: removedOnCompletion ? .nothing : .layer)
            case .animate(let animator, _) where animator.bringsIn:
                Fill(mode: .both, removedOnCompletion: removedOnCompletion)
            default:
                Fill(mode: .forwards, removedOnCompletion: removedOnCompletion)
            }
        }
    }

    public init(
        path: JSONPath, id: String?, action: Action, clock: Clock, reverse: Bool, parameters: [BoundParameter],
        sound: StepSound?, fill: Fill = .forwards
    ) {
        (self.path, self.id, self.action, self.clock, self.reverse) = (path, id, action, clock, reverse)
        (self.parameters, self.sound, self.fill) = (parameters, sound, fill)
    }

    /// The plugin whose animator or mixer runs the step; nil for an `animate` step.
    public var plugin: PluginInfo? { action.role.processor?.plugin }

    /// The path of the step's plugin; empty for an `animate` step, whose failures are not a plugin's.
    public var pluginPath: String { plugin?.path ?? "" }

    /// `animator "fade"`, `mixer "cross-dissolve"` or `animation "opacity"`, for messages.
    public var kindAndName: String {
        if case .property(let animation, _) = action { return "animation \"\(animation.keyPath.rawValue)\"" }
        if case .volume(let animation) = action { return "animation \"\(animation.keyPath.rawValue)\"" }
        return action.role.processor!.kindAndName
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
    /// step holds its final state (Core Animation's fill forwards; `Scene.progress(ofStep:at:)`
    /// applies a step's own fill). `plugins` runs the curve's code if a plugin provides it.
    public func progress(at t: Double, plugins: some PluginCurveCalls) -> Double? {
        linearProgress(at: t).map { curve.value(at: $0, plugins: plugins) }
    }

    /// The progress at `t` before the curve: where in 0...1 the step is, or nil before the start.
    public func linearProgress(at t: Double) -> Double? { leg(at: t)?.progress }

    /// Where in 0...1 the step is at `t` before the curve, and whether it is on an autoreverse's
    /// way back (progress falling as time goes on); nil before the start.
    public func leg(at t: Double) -> (progress: Double, returning: Bool)? {
        guard t >= start else { return nil }
        guard duration > 0 else { return (autoreverses ? 0 : 1, false) }
        let elapsed = min((t - start) * speed, cycle * repeatCount)
        let repetition = min((elapsed / cycle).rounded(.down), max(repeatCount.rounded(.up) - 1, 0))
        var local = (elapsed - repetition * cycle) / duration
        let returning = local > 1
        if returning { local = 2 - local }
        return (min(max(local, 0), 1), returning)
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
