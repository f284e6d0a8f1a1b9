import CAnimatorABI
import CacheFiles
import Foundation
import PluginDescriptions
import PluginIsolation
import PluginRegistry
import Scene

/// Plugin code run in child processes (`--isolate`): a crash, a hang past the call limit or an
/// `exit` in a plugin ends its child, fails the call with a `RenderError` naming the plugin,
/// step and frame, and leaves the host to finish cleanly.
///
/// Children are pooled: a thread takes an idle one for each call and gives it back, and a new
/// one is started (and creates every step's instance) when none is idle, so there are at most
/// as many children as threads calling at once and no call waits for another. Every child
/// holds the same instances made from the same base states, and a frame is a pure function of
/// its time, so the bytes do not depend on which child renders what. A child whose plugin
/// failed is never used again (it is let go at once, with its pipes and shared memory).
///
/// Every child opens the plugin files anew, so each start checks that the files are as they were
/// just before the first child started: a plugin rebuilt during a render would otherwise run
/// other code in the frames that follow (a long preview outlives many builds).
final class IsolatedPlugins: PluginCalls, EffectCalls, @unchecked Sendable {
    let scene: Scene
    private let isolation: Isolation
    private let lock = NSLock()
    private var idle: [PluginChild] = []
    private var all: [PluginChild] = []
    /// The plugin files the children open, as they were just before the first child started.
    private let files: [(plugin: PluginInfo, stamp: FileStamp?)]

    /// What `create` tells plugins of the render's scale.
    private let renderScale: Double
    /// The layers' filters, whose effect instances every child holds after the steps': each
    /// effect's instance number in a child, the step count and then its place among them.
    private let uses: [EffectUse]
    private let numbers: [EffectUse: Int]

    /// Starts the first child, so a plugin that cannot be created fails before any frame.
    /// A pipeline without steps runs no plugin code and needs none.
    init(scene: Scene, isolation: Isolation, renderScale: Double) throws(RenderError) {
        (self.scene, self.isolation, self.renderScale) = (scene, isolation, renderScale)
        files = scene.sources.plugins.map { ($0, FileStamp(of: $0.path)) }
        uses = EffectUse.all(in: scene)
        numbers = Dictionary(uniqueKeysWithValues: uses.enumerated().map { ($1, scene.steps.count + $0) })
        guard !scene.steps.isEmpty || !uses.isEmpty else { return }
        let first = try start(frame: nil)
        lock.withLock { idle.append(first) }
    }

    deinit {
        for child in all { child.stop() }
    }

    func withTiming<R>(frame: Int, _ body: (SceneTiming) -> R) throws(RenderError) -> R {
        let calls = ChildCurveCalls(plugins: self, frame: frame)
        defer { calls.finish() }
        let value = body(SceneTiming(scene: scene, caller: calls))
        switch calls.failure {
        case nil:
            return value
        case .noChild(let error):
            throw error
        case .call(let how, let curve, let use):
            throw .pluginCrashed(
                plugin: curve.plugin.shownWithID, processor: curve.kindAndName,
                step: use.path(in: scene), frame: frame, how: how.description)
        }
    }

    func withChartTiming<R>(_ body: (SceneTiming) -> R) -> (R, failure: String?) {
        let calls = ChildCurveCalls(plugins: self, frame: nil)
        defer { calls.finish() }
        let value = body(SceneTiming(scene: scene, caller: calls))
        return switch calls.failure {
        case nil: (value, nil)
        case .noChild(let error): (value, error.description)
        case .call(let how, let curve, _): (value, "plugin \(curve.plugin.shownWithID): \(curve.kindAndName) \(how)")
        }
    }

    func apply(
        step index: Int, animator: AnimatorEntry, _ args: inout anim_apply_args_t,
        layers: UnsafeMutableBufferPointer<anim_layer_t>, target: Int, frame: Int
    ) throws(RenderError) {
        let args = args
        try withChild(frame: frame) { (child) throws(RenderError) in
            try report(step: index, frame: frame) { () throws(ChildFailure) in
                try child.apply(step: index, args: args, layers: layers, target: target)
            }
        }
    }

    var mixesInPlace: Bool { false }

    func mix(
        step index: Int, mixer: MixerEntry, _ args: inout anim_mix_args_t,
        layers: UnsafeBufferPointer<anim_layer_t>, frame: Int
    ) throws(RenderError) {
        let args = args
        try withChild(frame: frame) { (child) throws(RenderError) in
            try report(step: index, frame: frame) { () throws(ChildFailure) in
                try child.mix(step: index, args: args, layers: layers)
            }
        }
    }

    /// Runs `body` with a child taken for `frame`, given back afterwards.
    private func withChild<R>(frame: Int?, _ body: (PluginChild) throws(RenderError) -> R) throws(RenderError) -> R {
        let child = try takeChild(frame: frame)
        defer { giveBack(child) }
        return try body(child)
    }

    /// An idle child, or a new one started for `frame` when none is idle.
    fileprivate func takeChild(frame: Int?) throws(RenderError) -> PluginChild {
        if let child = lock.withLock({ idle.popLast() }) { return child }
        return try start(frame: frame)
    }

    /// Gives `child` back for the next call, or lets it go if it failed.
    fileprivate func giveBack(_ child: PluginChild) {
        lock.withLock {
            if child.failure == nil { idle.append(child) } else { all.removeAll { $0 === child } }
        }
    }

    /// A new child with every step's instance created in it; stopped again if one cannot be.
    /// `frame` is the frame it is started for (nil for the first, before any frame): a failure
    /// then is that frame's, so a render keeps only the frames before it.
    private func start(frame: Int?) throws(RenderError) -> PluginChild {
        for file in files where FileStamp(of: file.plugin.path) != file.stamp {
            throw .pluginChanged(plugin: file.plugin.shownWithID, frame: frame)
        }
        let child: PluginChild
        do {
            child = try PluginChild(
                command: isolation.command(opening: files.map(\.plugin.path) + scene.imageParameterFiles),
                limit: isolation.limit,
                sandboxed: isolation.sandboxed)
        } catch {
            throw .pluginCrashed(
                scene.steps.first { $0.plugin != nil } ?? scene.steps[0], frame: frame, how: error.description)
        }
        do throws(RenderError) {
            for index in scene.steps.indices { try create(index, in: child, frame: frame) }
            for index in uses.indices { try createEffect(index, in: child, frame: frame) }
        } catch {
            child.stop()
            throw error
        }
        lock.withLock { all.append(child) }
        return child
    }

    private func create(_ index: Int, in child: PluginChild, frame: Int?) throws(RenderError) {
        let step = scene.steps[index]
        let role = step.action.role
        guard let processor = role.processor else { return }
        let message = try scene.withBaseStates { (layers) throws(RenderError) in
            try FrameEvaluator.withValues(of: step, in: scene.tree, layers: layers) { (params) throws(RenderError) in
                do throws(ChildFailure) {
                    return try child.create(
                        step: index, plugin: step.pluginPath, kind: processor.kind, name: processor.name,
                        canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                        duration: scene.duration(ofStep: index), renderScale: renderScale, target: role.target,
                        layers: layers, values: params)
                } catch {
                    throw .pluginCrashed(step, frame: frame, how: error.description)
                }
            }
        }
        if let message { throw .createFailed(step, frame: frame, message: message) }
    }

    /// The effect instance of effect `uses[index]`, created with the layer's base state as its target.
    private func createEffect(_ index: Int, in child: PluginChild, frame: Int?) throws(RenderError) {
        let use = uses[index]
        let layerEffect = use.effect(in: scene)
        let message = try scene.withBaseStates { (layers) throws(RenderError) in
            try layerEffect.parameters.withUnsafeBufferPointer { (params) throws(RenderError) in
                do throws(ChildFailure) {
                    return try child.create(
                        step: numbers[use]!, plugin: layerEffect.effect.plugin.path, kind: .effect,
                        name: layerEffect.effect.name,
                        canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                        duration: 0, renderScale: renderScale, target: use.layer, layers: layers, values: params)
                } catch {
                    throw .pluginCrashed(layerEffect, frame: frame, how: error.description)
                }
            }
        }
        if let message { throw .createFailed(layerEffect, frame: frame, message: message) }
    }

    func reach(_ use: EffectUse, _ args: inout anim_effect_args_t, frame: Int) throws(RenderError) -> anim_reach_t {
        let args = args
        let number = numbers[use]!
        return try withChild(frame: frame) { (child) throws(RenderError) -> anim_reach_t in
            let (reach, message): (anim_reach_t?, String?)
            do throws(ChildFailure) { (reach, message) = try child.reach(step: number, args: args) } catch {
                throw .pluginCrashed(use.effect(in: scene), frame: frame, how: error.description)
            }
            if let message { throw .pluginFailed(use.effect(in: scene), frame: frame, message: message) }
            return reach ?? anim_reach_t()
        }
    }

    func apply(_ use: EffectUse, _ args: inout anim_effect_args_t, frame: Int) throws(RenderError) {
        let args = args
        let number = numbers[use]!
        try withChild(frame: frame) { (child) throws(RenderError) in
            let message: String?
            do throws(ChildFailure) { message = try child.effect(step: number, args: args) } catch {
                throw .pluginCrashed(use.effect(in: scene), frame: frame, how: error.description)
            }
            if let message { throw .pluginFailed(use.effect(in: scene), frame: frame, message: message) }
        }
    }

    /// Turns a call's outcome into the step's failure: the plugin's own message, or how its child ended.
    private func report(step index: Int, frame: Int, _ call: () throws(ChildFailure) -> String?) throws(RenderError) {
        let step = scene.steps[index]
        let message: String?
        do { message = try call() } catch { throw .pluginCrashed(step, frame: frame, how: error.description) }
        if let message { throw .pluginFailed(step, frame: frame, message: message) }
    }
}

/// Calls isolated plugin curves for one frame's timing, or one chart's, in one child: taken at
/// the first call (a timing without plugin curves needs none) and given back at the end. After
/// a failure every call gives NaN; the first failure is kept.
private final class ChildCurveCalls: PluginCurveCaller {
    enum Failure {
        /// No child could be had: none could start, or a plugin file changed.
        case noChild(RenderError)
        /// The child's call failed: how, the curve, and where it is used.
        case call(ChildFailure, curve: CurveEntry, use: CurveUse)
    }

    let plugins: IsolatedPlugins
    /// nil outside any frame (a chart).
    let frame: Int?
    private var child: PluginChild?
    private(set) var failure: Failure?

    init(plugins: IsolatedPlugins, frame: Int?) { (self.plugins, self.frame) = (plugins, frame) }

    func value(of curve: CurveEntry, for use: CurveUse, at progress: Double, arguments: [Double]) -> Double {
        guard failure == nil, let child = takeChild() else { return .nan }
        do {
            return try child.curve(
                plugin: curve.plugin.path, name: curve.name, progress: progress, arguments: arguments)
        } catch {
            failure = .call(error, curve: curve, use: use)
            return .nan
        }
    }

    /// The child taken at the first call; nil, with the failure kept, when none can be had.
    private func takeChild() -> PluginChild? {
        if let child { return child }
        do throws(RenderError) { child = try plugins.takeChild(frame: frame) } catch { failure = .noChild(error) }
        return child
    }

    /// Gives the child back (or lets it go, if it failed).
    func finish() {
        if let child { plugins.giveBack(child) }
        child = nil
    }
}
