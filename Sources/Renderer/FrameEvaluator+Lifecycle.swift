import CAnimatorABI
import Scene

/// Step instances: `create` once per step before the first frame, `destroy` after the last.
extension FrameEvaluator {
    /// `create` sees the pipeline file's base states (layer parameters resolved against them),
    /// not any frame's.
    static func create(_ step: Step, scene: Scene) throws(RenderError) -> UnsafeMutableRawPointer? {
        guard let create = step.animator.descriptor.pointee.create else { return nil }
        let bases = scene.layers.map(\.base)
        var instance: UnsafeMutableRawPointer?
        let message = bases.withUnsafeBufferPointer { layers in
            values(of: step, layers: layers).withUnsafeBufferPointer { params in
                var args = anim_create_args_t(
                    struct_size: UInt32(MemoryLayout<anim_create_args_t>.size), param_count: UInt32(params.count),
                    canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                    params: params.baseAddress, target: layers.baseAddress! + step.target, duration: step.duration)
                return callingPlugin { error, size in
                    instance = create(&args, error, size)
                    return instance != nil
                }
            }
        }
        if let message { throw RenderError.createFailed(step, message: message) }
        return instance
    }

    static func destroy(_ pairs: [(Step, UnsafeMutableRawPointer?)]) {
        for (step, instance) in pairs {
            if let instance, let destroy = step.animator.descriptor.pointee.destroy { destroy(instance) }
        }
    }
}
