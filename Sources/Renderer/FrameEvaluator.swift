import CAnimatorABI
import Compositor
import Foundation
import PluginDescriptions
import PluginRegistry
import Scene

/// Turns a time into layer states: the scene's base states with every timeline step's
/// animator applied in order. A frame is a pure function of its time, so one evaluator
/// serves every thread. It builds each plugin call's arguments; where the plugin code runs
/// (here or in child processes) is up to its `PluginCalls`, which owns the step instances.
public final class FrameEvaluator: @unchecked Sendable {
    public let scene: Scene
    let plugins: any PluginCalls
    /// The layers' effects; nil when no layer has filters.
    let effects: (any EffectCalls)?
    /// Values from plugins replaced because they could not be drawn, for the report after the render.
    public let substitutions = ValueSubstitutions()

    /// Image pixels per canvas pixel of the frames this evaluator serves (0.5 for a half-size
    /// draft): the renderer draws at it, and mixers are told it.
    public let renderScale: Double

    /// `isolation` runs plugin code in child processes (`--isolate`); nil runs it here.
    /// `renderScale` is the scale frames are rendered at (see `renderScale`).
    public init(scene: Scene, isolation: Isolation? = nil, renderScale: Double = 1) throws(RenderError) {
        self.scene = scene
        self.renderScale = renderScale
        let filtered = scene.layers.contains { $0.content.hasEffects }
        if let isolation {
            let isolated = try IsolatedPlugins(scene: scene, isolation: isolation, renderScale: renderScale)
            plugins = isolated
            effects = filtered ? isolated : nil
        } else {
            plugins = try InProcessPlugins(scene: scene, renderScale: renderScale)
            effects = filtered ? try InProcessEffects(scene: scene, renderScale: renderScale) : nil
        }
    }

    /// Runs `body`, which evaluates the scene's timing outside any frame (a chart of every
    /// step's progress): plugin curves are called where this evaluator runs plugin code; one
    /// that cannot be called gives NaN, and the failure comes back with the result.
    public func evaluatingCurves<R>(_ body: (SceneTiming) -> R) -> (R, failure: String?) {
        plugins.withChartTiming(body)
    }

    /// The timeline time frame `frame` shows (see `Scene.time(ofFrame:plugins:)`).
    public func time(ofFrame frame: Int) throws(RenderError) -> Double {
        try plugins.withTiming(frame: frame) { $0.time(ofFrame: frame) }
    }

    /// The timeline time shown `seconds` into the render, which frame `frame` shows.
    public func time(atWallTime seconds: Double, frame: Int) throws(RenderError) -> Double {
        try plugins.withTiming(frame: frame) { $0.time(atWallTime: seconds) }
    }

    /// The layer states at time `t`, bottom first, and the mixers running then. A mixer step
    /// that shows one of its layers alone before or after its span hides the other (and, with
    /// layers between them, moves the one shown to the mix's place), unless a mixer running at
    /// `t` blends the other (a layer a running mixer blends stays where it is).
    public func state(at t: Double, frame: Int) throws(RenderError) -> FrameState {
        var state = FrameState(layers: scene.layers.map(\.base), host: [], mixes: [])
        var host = scene.layers.map(\.host)
        try state.layers.withUnsafeMutableBufferPointer { (layers) throws(RenderError) in
            for (index, step) in scene.steps.enumerated() {
                let eased = try plugins.withTiming(frame: frame) { $0.progress(ofStep: index, at: t) }
                guard let eased else { continue }
                let progress =
                    eased.isFinite
                    ? eased : substitutions.progress(replacing: eased, ofStep: index, in: scene, at: t, frame: frame)
                switch step.action {
                case .animate(let animator, let target):
                    try apply(
                        step, animator, index: index, target: target, progress: progress, layers: layers,
                        time: t, frame: frame)
                case .mix:
                    state.mixes.append((index, progress))
                case .volume:
                    // A sound's volume: the mix follows it (`SceneSound`).
                    break
                case .property(let animation, let target):
                    animation.apply(
                        progress: progress, to: &layers[target], &host[target],
                        content: scene.layers[target].content,
                        turned: scene.turnsCurves(ofStep: index, at: t) && !step.reverse)
                }
            }
        }
        state.host = host
        let blended = Set(state.mixes.flatMap { mix in scene.steps[mix.step].action.mixedLayers })
        let mixers = scene.mixerShowing(at: t)
        state.hiddenFootage = mixers.hiddenFootage
        for shown in mixers.alone {
            if shown.movesUp && !blended.contains(shown.layer) {
                state.moved.append(shown)
            } else {
                state.layers[shown.hidden].hidden = 1
            }
        }
        return state
    }

    /// Whether every step stands still across `times` (timeline times of frame `frame`): its
    /// progress the same at each, or none at each with the same layer shown alone. The states
    /// there are then one state, but for an animator whose output changes with the time alone
    /// while its progress stands (it is told the time), which such a frame shows as at its first.
    func stepsStandStill(at times: [Double], frame: Int) throws(RenderError) -> Bool {
        guard let first = times.first else { return true }
        for index in scene.steps.indices {
            let start = try plugins.withTiming(frame: frame) { $0.progress(ofStep: index, at: first) }
            let alone = start == nil ? scene.layerAlone(byStep: index, at: first) : nil
            for t in times.dropFirst() {
                let progress = try plugins.withTiming(frame: frame) { $0.progress(ofStep: index, at: t) }
                if progress != start && !(progress?.isNaN == true && start?.isNaN == true) { return false }
                if progress == nil && scene.layerAlone(byStep: index, at: t) != alone { return false }
            }
        }
        return true
    }

    /// The state at `t`, shown `wallTime` seconds into the render (on frame `frame`), with the
    /// layers gone by then hidden (see `Scene.removedLayers(atWallTime:)`).
    func state(at t: Double, frame: Int, wallTime: Double) throws(RenderError) -> FrameState {
        var state = try state(at: t, frame: frame)
        for index in scene.removedLayers(atWallTime: wallTime) { state.layers[index].hidden = 1 }
        return state
    }

    private func apply(
        _ step: Step, _ animator: AnimatorEntry, index: Int, target: Int, progress: Double,
        layers: UnsafeMutableBufferPointer<anim_layer_t>, time: Double, frame: Int
    ) throws(RenderError) {
        let before = layers[target]
        try Self.withValues(of: step, in: scene.tree, layers: UnsafeBufferPointer(layers)) {
            (params) throws(RenderError) in
            var args = anim_apply_args_t(
                struct_size: UInt32(MemoryLayout<anim_apply_args_t>.size), param_count: UInt32(params.count),
                progress: progress, time: time, duration: scene.duration(ofStep: index),
                canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                params: params.baseAddress, instance: nil)
            try plugins.apply(step: index, animator: animator, &args, layers: layers, target: target, frame: frame)
        }
        substitutions.repair(&layers[target], before: before, step: step, index: index, frame: frame)
    }

    /// Lends `body` a step's parameter values for the ABI, with the per-frame part filled in: a
    /// named layer's current state, centre or visual frame (its parents' transforms applied, by
    /// `tree`) in the coordinates the step's target's frame is in (the canvas for a top-level
    /// target or a mixer), read from `layers`. The values live in scoped memory, not an array
    /// per step per frame.
    static func withValues<R, Failure: Error>(
        of step: Step, in tree: LayerTree, layers: UnsafeBufferPointer<anim_layer_t>,
        _ body: (UnsafeBufferPointer<anim_value_t>) throws(Failure) -> R
    ) throws(Failure) -> R {
        try withUnsafeTemporaryAllocation(of: anim_value_t.self, capacity: step.parameters.count) {
            (values) throws(Failure) in
            let target = step.action.role.target
            for (slot, parameter) in step.parameters.enumerated() {
                values.initializeElement(at: slot, to: value(of: parameter, in: tree, seenBy: target, layers: layers))
            }
            return try body(UnsafeBufferPointer(values))
        }
    }

    private static func value(
        of parameter: BoundParameter, in tree: LayerTree, seenBy target: Int?, layers: UnsafeBufferPointer<anim_layer_t>
    ) -> anim_value_t {
        var value = parameter.value
        switch parameter.source {
        case .fixed:
            return value
        case .layerCenter(let index):
            let center = tree.visualCenter(of: index, in: layers, seenBy: target)
            value.v = (center.x, center.y, 0, 0)
            value.layer = layers.baseAddress! + index
        case .layerFrame(let index):
            let frame = tree.visualFrame(of: index, in: layers, seenBy: target)
            value.v = (frame.x, frame.y, frame.width, frame.height)
            value.layer = layers.baseAddress! + index
        case .layer(let index):
            value.layer = layers.baseAddress! + index
        }
        return value
    }
}
