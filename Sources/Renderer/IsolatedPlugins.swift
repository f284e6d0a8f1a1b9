import CAnimatorABI
import Foundation
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
final class IsolatedPlugins: PluginCalls, @unchecked Sendable {
    let scene: Scene
    private let isolation: Isolation
    private let lock = NSLock()
    private var idle: [PluginChild] = []
    private var all: [PluginChild] = []
    /// Per step, the plugin curve its timing calls, if any (only then does its timing need a child).
    private let curves: [CurveEntry?]
    /// The plugin files the children open, as they were just before the first child started.
    private let files: [(plugin: PluginInfo, stamp: FileStamp?)]

    var splitsMixerRows: Bool { false }

    /// Starts the first child, so a plugin that cannot be created fails before any frame.
    /// A pipeline without steps runs no plugin code and needs none.
    init(scene: Scene, isolation: Isolation) throws(RenderError) {
        (self.scene, self.isolation) = (scene, isolation)
        curves = scene.steps.indices.map(scene.pluginCurve(ofStep:))
        var plugins = scene.steps.map(\.plugin) + curves.compactMap { $0?.plugin }
        if let (entry, _) = scene.pluginCompletionCurve { plugins.append(entry.plugin) }
        var seen = Set<String>()
        files = plugins.filter { seen.insert($0.path).inserted }.map { ($0, FileStamp(of: $0.path)) }
        guard !scene.steps.isEmpty else { return }
        let first = try start(frame: nil)
        lock.withLock { idle.append(first) }
    }

    deinit {
        for child in all { child.stop() }
    }

    func progress(ofStep index: Int, at t: Double, frame: Int) throws(RenderError) -> Double? {
        guard let entry = curves[index] else { return scene.progress(ofStep: index, at: t) }
        return try withCurve(entry, step: scene.steps[index].path.description, frame: frame) { scene.progress(ofStep: index, at: t) }
    }

    func timelineTime(frame: Int, _ compute: () -> Double) throws(RenderError) -> Double {
        guard let (entry, path) = scene.pluginCompletionCurve else { return compute() }
        return try withCurve(entry, step: path, frame: frame, compute)
    }

    /// Runs `body`, whose plugin curve `entry` calls go to one child, and reports the child's failure.
    private func withCurve<R>(_ entry: CurveEntry, step: String, frame: Int, _ body: () -> R) throws(RenderError) -> R {
        try withChild(frame: frame) { (child) throws(RenderError) in
            let caller = ChildCurveCaller(child: child)
            let value = IsolatedCurve.$caller.withValue(caller) { body() }
            if let failure = caller.failure {
                throw .pluginCrashed(plugin: entry.plugin.shownWithID, processor: "timing curve \"\(entry.name)\"",
                                     step: step, frame: frame, how: failure.description)
            }
            return value
        }
    }

    /// `body`'s curve calls go to one child; if none can be had, or it fails, they give NaN.
    func evaluatingCurves<R>(_ body: () -> R) -> (R, failure: String?) {
        guard curves.contains(where: { $0 != nil }) || scene.pluginCompletionCurve != nil else { return (body(), nil) }
        do throws(RenderError) {
            return try withChild(frame: nil) { (child) throws(RenderError) in
                let caller = ChildCurveCaller(child: child)
                let value = IsolatedCurve.$caller.withValue(caller) { body() }
                guard let failure = caller.failure, let curve = caller.failedCurve else { return (value, nil) }
                return (value, "plugin \(curve.plugin.shownWithID): timing curve \"\(curve.name)\" \(failure)")
            }
        } catch {
            return (body(), error.description)
        }
    }

    func apply(step index: Int, _ args: inout anim_apply_args_t, layers: UnsafeMutableBufferPointer<anim_layer_t>,
               target: Int, frame: Int) throws(RenderError) {
        let args = args
        try withChild(frame: frame) { (child) throws(RenderError) in
            try report(step: index, frame: frame) { () throws(ChildFailure) in
                try child.apply(step: index, args: args, layers: layers, target: target)
            }
        }
    }

    func mix(step index: Int, _ args: inout anim_mix_args_t, layers: UnsafeBufferPointer<anim_layer_t>, frame: Int) throws(RenderError) {
        let args = args
        try withChild(frame: frame) { (child) throws(RenderError) in
            try report(step: index, frame: frame) { () throws(ChildFailure) in
                try child.mix(step: index, args: args, layers: layers)
            }
        }
    }

    /// Runs `body` with an idle child (started if none is, for `frame`), given back unless it
    /// failed; a failed child is let go.
    private func withChild<R>(frame: Int?, _ body: (PluginChild) throws(RenderError) -> R) throws(RenderError) -> R {
        let child: PluginChild
        if let idleChild = lock.withLock({ idle.popLast() }) { child = idleChild } else { child = try start(frame: frame) }
        defer {
            lock.withLock {
                if child.failure == nil { idle.append(child) } else { all.removeAll { $0 === child } }
            }
        }
        return try body(child)
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
            child = try PluginChild(command: isolation.command, limit: isolation.limit)
        } catch {
            throw .pluginCrashed(scene.steps[0], frame: frame, how: error.description)
        }
        do throws(RenderError) {
            for index in scene.steps.indices { try create(index, in: child, frame: frame) }
        } catch {
            child.stop()
            throw error
        }
        lock.withLock { all.append(child) }
        return child
    }

    private func create(_ index: Int, in child: PluginChild, frame: Int?) throws(RenderError) {
        let step = scene.steps[index]
        let (entry, kind, target): (String, RegistrationKind, Int?) = switch step.action {
        case .animate(let animator, let target): (animator.name, .animator, target)
        case .mix(let mixer, _, _): (mixer.name, .mixer, nil)
        }
        let message = try scene.withBaseStates { (layers) throws(RenderError) in
            try FrameEvaluator.withValues(of: step, layers: layers) { (params) throws(RenderError) in
                do throws(ChildFailure) {
                    return try child.create(step: index, plugin: step.pluginPath, kind: kind, name: entry,
                                            canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                                            duration: scene.duration(ofStep: index), target: target, layers: layers, values: params)
                } catch {
                    throw .pluginCrashed(step, frame: frame, how: error.description)
                }
            }
        }
        guard let message else { return }
        // In a child started for a frame, the render had begun: the failure is that frame's.
        if let frame { throw .pluginFailed(step, frame: frame, message: "create failed in a new plugin child: \(message)") }
        throw .createFailed(step, message: message)
    }

    /// Turns a call's outcome into the step's failure: the plugin's own message, or how its child ended.
    private func report(step index: Int, frame: Int, _ call: () throws(ChildFailure) -> String?) throws(RenderError) {
        let step = scene.steps[index]
        let message: String?
        do { message = try call() } catch { throw .pluginCrashed(step, frame: frame, how: error.description) }
        if let message { throw .pluginFailed(step, frame: frame, message: message) }
    }
}

/// Calls an isolated curve in one child for one frame's timing, and keeps how the child failed.
private final class ChildCurveCaller: IsolatedCurveCaller, @unchecked Sendable {
    let child: PluginChild
    var failure: ChildFailure?
    /// The curve whose call failed.
    var failedCurve: CurveEntry?

    init(child: PluginChild) { self.child = child }

    func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double {
        guard failure == nil else { return .nan }
        do {
            return try child.curve(plugin: curve.plugin.path, name: curve.name, progress: progress, arguments: arguments)
        } catch {
            (failure, failedCurve) = (error, curve)
            return .nan
        }
    }
}
