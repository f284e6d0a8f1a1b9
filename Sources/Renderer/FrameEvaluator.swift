import CAnimatorABI
import Compositor
import Foundation
import PluginRegistry
import Scene

/// Turns a time into layer states: the scene's base states with every timeline step's
/// animator applied in order. A frame is a pure function of its time, so one evaluator
/// serves every thread; it owns the step instances plugins created for this render.
public final class FrameEvaluator: @unchecked Sendable {
    public let scene: Scene
    let instances: [UnsafeMutableRawPointer?]
    /// Serial animators (ANIM_CONCURRENCY_SERIAL) never run two calls of one instance at once:
    /// a lock per step, or per animator when it has no `create` (all its steps share state).
    let locks: [NSLock?]
    /// Values from plugins replaced because they could not be drawn, for the report after the render.
    public let substitutions = ValueSubstitutions()
    static let errorCapacity = 512

    public init(scene: Scene) throws(RenderError) {
        self.scene = scene
        var created: [UnsafeMutableRawPointer?] = []
        for index in scene.steps.indices {
            do {
                created.append(try Self.create(index, scene: scene))
            } catch {
                Self.destroy(Array(zip(scene.steps, created)))
                throw error
            }
        }
        instances = created
        locks = Self.serialLocks(scene.steps)
    }

    deinit { Self.destroy(Array(zip(scene.steps, instances))) }

    /// The layer states at time `t`, bottom first, and the mixers running then.
    public func state(at t: Double, frame: Int) throws(RenderError) -> FrameState {
        var state = FrameState(layers: scene.layers.map(\.base), mixes: [])
        var failure: RenderError?
        state.layers.withUnsafeMutableBufferPointer { layers in
            for (index, step) in scene.steps.enumerated() where failure == nil {
                guard let eased = scene.progress(ofStep: index, at: t) else { continue }
                let progress = eased.isFinite ? eased : substitutions.progress(replacing: eased, ofStep: index, in: scene, at: t, frame: frame)
                switch step.action {
                case .animate(let animator, let target):
                    failure = apply(animator, of: step, index: index, target: target, progress: progress, layers: layers, time: t, frame: frame)
                case .mix:
                    state.mixes.append((index, progress))
                }
            }
        }
        if let failure { throw failure }
        return state
    }

    private func apply(_ animator: AnimatorEntry, of step: Step, index: Int, target: Int, progress: Double,
                       layers: UnsafeMutableBufferPointer<anim_layer_t>, time: Double, frame: Int) -> RenderError? {
        let (instance, lock) = (instances[index], locks[index])
        let before = layers[target]
        return Self.withValues(of: step, layers: UnsafeBufferPointer(layers)) { params in
            var args = anim_apply_args_t(
                struct_size: UInt32(MemoryLayout<anim_apply_args_t>.size), param_count: UInt32(params.count),
                progress: progress, time: time, duration: scene.duration(ofStep: index),
                canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                params: params.baseAddress, instance: instance)
            let message = Self.callingPlugin { error, size in
                lock?.lock()
                defer { lock?.unlock() }
                return animator.descriptor.pointee.apply!(&args, layers.baseAddress! + target, error, size)
            }
            if let message { return .pluginFailed(step, frame: frame, message: message) }
            substitutions.repair(&layers[target], before: before, step: step, index: index, frame: frame)
            return nil
        }
    }

    /// Lends `body` a step's parameter values for the ABI, with the per-frame part filled in: a
    /// named layer's current state, centre or visual frame, read from `layers`. The values live
    /// in scoped memory, not an array per step per frame.
    static func withValues<R>(of step: Step, layers: UnsafeBufferPointer<anim_layer_t>,
                              _ body: (UnsafeBufferPointer<anim_value_t>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: anim_value_t.self, capacity: step.parameters.count) { values in
            for (slot, parameter) in step.parameters.enumerated() {
                values.initializeElement(at: slot, to: value(of: parameter, layers: layers))
            }
            return body(UnsafeBufferPointer(values))
        }
    }

    private static func value(of parameter: BoundParameter, layers: UnsafeBufferPointer<anim_layer_t>) -> anim_value_t {
        var value = parameter.value
        switch parameter.source {
        case .fixed:
            return value
        case .layerCenter(let index):
            let center = layers[index].visualCenter
            value.v = (center.x, center.y, 0, 0)
            value.layer = layers.baseAddress! + index
        case .layerFrame(let index):
            let frame = layers[index].visualFrame
            value.v = (frame.x, frame.y, frame.width, frame.height)
            value.layer = layers.baseAddress! + index
        case .layer(let index):
            value.layer = layers.baseAddress! + index
        }
        return value
    }

    /// Calls a plugin function that reports failure through an error buffer; returns the
    /// message on failure ("no reason given" when it wrote none), nil on success.
    static func callingPlugin(_ call: (UnsafeMutablePointer<CChar>, UInt32) -> Bool) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: errorCapacity) { error in
            error[0] = 0
            let succeeded = call(error.baseAddress!, UInt32(error.count))
            // A plugin that fills the whole buffer may leave no terminator.
            error[error.count - 1] = 0
            guard !succeeded else { return nil }
            let message = String(cString: error.baseAddress!)
            return message.isEmpty ? "no reason given" : message
        }
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
