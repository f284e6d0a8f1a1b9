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
    private let instances: [UnsafeMutableRawPointer?]
    /// Serial animators (ANIM_CONCURRENCY_SERIAL) get a lock per step.
    private let locks: [NSLock?]
    static let errorCapacity = 512

    public init(scene: Scene) throws(RenderError) {
        self.scene = scene
        var created: [UnsafeMutableRawPointer?] = []
        for step in scene.steps {
            do {
                created.append(try Self.create(step, scene: scene))
            } catch {
                Self.destroy(Array(zip(scene.steps, created)))
                throw error
            }
        }
        instances = created
        locks = scene.steps.map { $0.animator.isSerial ? NSLock() : nil }
    }

    deinit { Self.destroy(Array(zip(scene.steps, instances))) }

    /// The layer states at time `t`, bottom first.
    public func states(at t: Double, frame: Int) throws(RenderError) -> [anim_layer_t] {
        var states = scene.layers.map(\.base)
        var failure: RenderError?
        states.withUnsafeMutableBufferPointer { layers in
            for (index, step) in scene.steps.enumerated() where failure == nil && step.isStarted(at: t) {
                failure = apply(step, instance: instances[index], lock: locks[index], layers: layers, time: t, frame: frame)
            }
        }
        if let failure { throw failure }
        return states
    }

    private func apply(_ step: Step, instance: UnsafeMutableRawPointer?, lock: NSLock?,
                       layers: UnsafeMutableBufferPointer<anim_layer_t>, time: Double, frame: Int) -> RenderError? {
        let values = step.parameters.map { resolve($0, layers: layers) }
        return values.withUnsafeBufferPointer { params in
            var args = anim_apply_args_t(
                struct_size: UInt32(MemoryLayout<anim_apply_args_t>.size), param_count: UInt32(params.count),
                progress: step.progress(at: time), time: time, duration: step.duration,
                canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                params: params.baseAddress, instance: instance)
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Self.errorCapacity) { error in
                error[0] = 0
                lock?.lock()
                let ok = step.animator.descriptor.pointee.apply!(&args, layers.baseAddress! + step.target, error.baseAddress, UInt32(error.count))
                lock?.unlock()
                if !ok { return RenderError.pluginFailed(step, frame: frame, message: String(cString: error.baseAddress!)) }
                return layers[step.target].invalidValue.map { RenderError.pluginFailed(step, frame: frame, message: "wrote an invalid value: \($0)") }
            }
        }
    }

    /// Fills in the per-frame part of a parameter: a named layer's current state.
    private func resolve(_ parameter: BoundParameter, layers: UnsafeMutableBufferPointer<anim_layer_t>) -> anim_value_t {
        var value = parameter.value
        switch parameter.source {
        case .fixed:
            break
        case .layerCenter(let index):
            let center = layers[index].visualCenter
            value.v = (center.x, center.y, 0, 0)
            value.layer = UnsafePointer(layers.baseAddress! + index)
        case .layerFrame(let index):
            let frame = layers[index].visualFrame
            value.v = (frame.x, frame.y, frame.width, frame.height)
            value.layer = UnsafePointer(layers.baseAddress! + index)
        case .layer(let index):
            value.layer = UnsafePointer(layers.baseAddress! + index)
        }
        return value
    }
}
