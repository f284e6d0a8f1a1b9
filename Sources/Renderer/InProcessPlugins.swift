import CAnimatorABI
import CPluginGuard
import Foundation
import PluginDescriptions
import PluginRegistry
import Scene

/// Plugin code called in this process: fastest, and a crash takes the process down, but the
/// crash guard first names the plugin, the step and the frame (see `CrashLabel`).
final class InProcessPlugins: PluginCalls, @unchecked Sendable {
    let scene: Scene
    private var instances: [UnsafeMutableRawPointer?] = []
    /// Serial animators (ANIM_CONCURRENCY_SERIAL) never run two calls of one instance at once:
    /// a lock per step, or per animator when it has no `create` (all its steps share state).
    private let locks: [NSLock?]
    /// Each step's crash label; nil for a step the host runs itself.
    private let labels: [CrashLabel?]
    /// The labels of the plugin curves the scene's timing calls, by where they are used.
    private let curveLabels: [CurveUse: CrashLabel]

    /// What `create` tells plugins of the render's scale.
    private let renderScale: Double

    init(scene: Scene, renderScale: Double) throws(RenderError) {
        crash_guard_install()
        self.scene = scene
        self.renderScale = renderScale
        locks = Self.serialLocks(scene.steps)
        labels = scene.steps.map { step in
            step.action.role.processor.map { CrashLabel(for: $0, step: step.path.description) }
        }
        curveLabels = Dictionary(
            uniqueKeysWithValues: CurveUse.pluginCurves(in: scene).map { use, entry in
                (use, CrashLabel(for: entry, step: use.path(in: scene)))
            })
        for index in scene.steps.indices {
            do {
                instances.append(try create(index))
            } catch {
                destroy()
                throw error
            }
        }
    }

    deinit { destroy() }

    func withTiming<R>(frame: Int, _ body: (SceneTiming) -> R) -> R {
        body(SceneTiming(scene: scene, caller: GuardedCurveCalls(labels: curveLabels, frame: frame)))
    }

    func withChartTiming<R>(_ body: (SceneTiming) -> R) -> (R, failure: String?) {
        (body(SceneTiming(scene: scene, caller: GuardedCurveCalls(labels: curveLabels, frame: nil))), nil)
    }

    func apply(
        step index: Int, animator: AnimatorEntry, _ args: inout anim_apply_args_t,
        layers: UnsafeMutableBufferPointer<anim_layer_t>, target: Int, frame: Int
    ) throws(RenderError) {
        args.instance = instances[index]
        try call(step: index, frame: frame, "apply") { error, size in
            StructGuard.calling(with: &args, named: "anim_apply_args_t", and: &layers[target], named: "anim_layer_t") {
                args, layer in animator.descriptor.pointee.apply!(args, layer, error, size)
            }
        }
    }

    /// Calls step `index`'s plugin function `function` through `body`, under the step's lock when
    /// it has one and guarded for `frame`; a failure becomes the step's error, and a struct
    /// written past its end fails it the same way, naming the struct and the bytes.
    private func call(
        step index: Int, frame: Int, _ function: String,
        _ body: (UnsafeMutablePointer<CChar>, UInt32) -> (Bool, StructGuard.Overrun?)
    ) throws(RenderError) {
        if let message = labels[index]!.calling(function, frame: frame, lock: locks[index], body) {
            throw .pluginFailed(scene.steps[index], frame: frame, message: message)
        }
    }

    var mixesInPlace: Bool { true }

    func mix(
        step index: Int, mixer: MixerEntry, _ args: inout anim_mix_args_t,
        layers: UnsafeBufferPointer<anim_layer_t>, frame: Int
    ) throws(RenderError) {
        args.instance = instances[index]
        try call(step: index, frame: frame, "mix") { error, size in
            StructGuard.calling(with: &args, named: "anim_mix_args_t") { args in
                mixer.descriptor.pointee.mix!(args, error, size)
            }
        }
    }

    /// `create` sees the pipeline file's base states (layer parameters resolved against them),
    /// not any frame's. Mixers get no target.
    private func create(_ index: Int) throws(RenderError) -> UnsafeMutableRawPointer? {
        let step = scene.steps[index]
        let role = step.action.role
        guard let create = role.processor?.create else { return nil }
        var instance: UnsafeMutableRawPointer?
        let message = try scene.withBaseStates { (layers) throws(RenderError) in
            FrameEvaluator.withValues(of: step, in: scene.tree, layers: layers) { params in
                var args = anim_create_args_t(
                    struct_size: UInt32(MemoryLayout<anim_create_args_t>.size), param_count: UInt32(params.count),
                    canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                    params: params.baseAddress, target: role.target.map { layers.baseAddress! + $0 },
                    duration: scene.duration(ofStep: index), render_scale: renderScale,
                    user_data: role.processor?.userData)
                return labels[index]!.guarding(frame: nil) {
                    let made = PluginErrorBuffer.creating(create, &args)
                    instance = made.instance
                    return made.failure
                }
            }
        }
        if let message { throw RenderError.createFailed(step, message: message) }
        return instance
    }

    private func destroy() {
        for (step, instance) in zip(scene.steps, instances) {
            guard let instance else { continue }
            step.action.role.processor?.destroy?(instance)
        }
        instances.removeAll()
    }

    private static func serialLocks(_ steps: [Step]) -> [NSLock?] {
        var shared: [UnsafeRawPointer: NSLock] = [:]
        return steps.map { step in
            guard let processor = step.action.role.processor, processor.isSerial else { return nil }
            guard processor.create == nil else { return NSLock() }
            if let lock = shared[processor.identity] { return lock }
            let lock = NSLock()
            shared[processor.identity] = lock
            return lock
        }
    }
}

/// Calls plugin curves in this process with the crash guard set, so a crash names the curve,
/// where it is used and the frame.
private struct GuardedCurveCalls: PluginCurveCaller {
    let labels: [CurveUse: CrashLabel]
    /// nil outside any frame (a chart).
    let frame: Int?

    func value(of curve: CurveEntry, for use: CurveUse, at progress: Double, arguments: [Double]) -> Double {
        guard let label = labels[use] else { preconditionFailure("\(curve.kindAndName) has no crash label here") }
        return label.guarding(frame: frame) { curve.curve.call(progress: progress, arguments: arguments) }
    }
}
