import CAnimatorABI
import CPluginGuard
import Foundation
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
    private let labels: [CrashLabel]
    /// Per step, the label of the plugin curve its timing calls, if any.
    private let curveLabels: [CrashLabel?]
    /// The label of the interaction's completion curve, if a plugin's.
    private let clockLabel: CrashLabel?

    var splitsMixerRows: Bool { true }

    init(scene: Scene) throws(RenderError) {
        crash_guard_install()
        self.scene = scene
        locks = Self.serialLocks(scene.steps)
        labels = scene.steps.map { CrashLabel(plugin: $0.plugin, processor: $0.kindAndName, step: $0.path.description) }
        curveLabels = scene.steps.indices.map { index in
            scene.pluginCurve(ofStep: index).map {
                CrashLabel(plugin: $0.plugin, processor: "timing curve \"\($0.name)\"", step: scene.steps[index].path.description)
            }
        }
        clockLabel = scene.pluginCompletionCurve.map {
            CrashLabel(plugin: $0.entry.plugin, processor: "timing curve \"\($0.entry.name)\"", step: $0.path)
        }
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

    func progress(ofStep index: Int, at t: Double, frame: Int) -> Double? {
        guard let label = curveLabels[index] else { return scene.progress(ofStep: index, at: t) }
        return label.guarding(frame: frame) { scene.progress(ofStep: index, at: t) }
    }

    func timelineTime(frame: Int, _ compute: () -> Double) -> Double {
        clockLabel?.guarding(frame: frame, compute) ?? compute()
    }

    func evaluatingCurves<R>(_ body: () -> R) -> (R, failure: String?) { (body(), nil) }

    func apply(step index: Int, _ args: inout anim_apply_args_t, layers: UnsafeMutableBufferPointer<anim_layer_t>,
               target: Int, frame: Int) throws(RenderError) {
        let step = scene.steps[index]
        guard case .animate(let animator, _) = step.action else { preconditionFailure("step \(index) is not an animator step") }
        args.instance = instances[index]
        let message = labels[index].guarding(frame: frame) {
            PluginErrorBuffer.calling { error, size in
                locks[index]?.lock()
                defer { locks[index]?.unlock() }
                return animator.descriptor.pointee.apply!(&args, layers.baseAddress! + target, error, size)
            }
        }
        if let message { throw .pluginFailed(step, frame: frame, message: message) }
    }

    func mix(step index: Int, _ args: inout anim_mix_args_t, layers: UnsafeBufferPointer<anim_layer_t>, frame: Int) throws(RenderError) {
        let step = scene.steps[index]
        guard case .mix(let mixer, _, _) = step.action else { preconditionFailure("step \(index) is not a mixer step") }
        args.instance = instances[index]
        let message = labels[index].guarding(frame: frame) {
            PluginErrorBuffer.calling { error, size in
                locks[index]?.lock()
                defer { locks[index]?.unlock() }
                return mixer.descriptor.pointee.mix!(&args, error, size)
            }
        }
        if let message { throw .pluginFailed(step, frame: frame, message: message) }
    }

    typealias Create = @convention(c) (UnsafePointer<anim_create_args_t>?, UnsafeMutablePointer<CChar>?, UInt32) -> UnsafeMutableRawPointer?

    /// `create` sees the pipeline file's base states (layer parameters resolved against them),
    /// not any frame's. Mixers get no target.
    private func create(_ index: Int) throws(RenderError) -> UnsafeMutableRawPointer? {
        let step = scene.steps[index]
        let (create, target): (Create?, Int?) = switch step.action {
        case .animate(let animator, let target): (animator.descriptor.pointee.create, target)
        case .mix(let mixer, _, _): (mixer.descriptor.pointee.create, nil)
        }
        guard let create else { return nil }
        var instance: UnsafeMutableRawPointer?
        let message = try scene.withBaseStates { (layers) throws(RenderError) in
            FrameEvaluator.withValues(of: step, layers: layers) { params in
                var args = anim_create_args_t(
                    struct_size: UInt32(MemoryLayout<anim_create_args_t>.size), param_count: UInt32(params.count),
                    canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                    params: params.baseAddress, target: target.map { layers.baseAddress! + $0 },
                    duration: scene.duration(ofStep: index))
                return labels[index].guarding(frame: nil) {
                    PluginErrorBuffer.calling { error, size in
                        instance = create(&args, error, size)
                        return instance != nil
                    }
                }
            }
        }
        if let message { throw RenderError.createFailed(step, message: message) }
        return instance
    }

    private func destroy() {
        for (step, instance) in zip(scene.steps, instances) {
            guard let instance else { continue }
            switch step.action {
            case .animate(let animator, _): animator.descriptor.pointee.destroy?(instance)
            case .mix(let mixer, _, _): mixer.descriptor.pointee.destroy?(instance)
            }
        }
        instances.removeAll()
    }

    private static func serialLocks(_ steps: [Step]) -> [NSLock?] {
        var shared: [UnsafeRawPointer: NSLock] = [:]
        return steps.map { step in
            let (isSerial, hasCreate, key): (Bool, Bool, UnsafeRawPointer) = switch step.action {
            case .animate(let animator, _): (animator.isSerial, animator.descriptor.pointee.create != nil, UnsafeRawPointer(animator.descriptor))
            case .mix(let mixer, _, _): (mixer.isSerial, mixer.descriptor.pointee.create != nil, UnsafeRawPointer(mixer.descriptor))
            }
            guard isSerial else { return nil }
            guard !hasCreate else { return NSLock() }
            if let lock = shared[key] { return lock }
            let lock = NSLock()
            shared[key] = lock
            return lock
        }
    }
}
