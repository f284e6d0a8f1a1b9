import CAnimatorABI
import Scene

/// Step instances: `create` once per step before the first frame, `destroy` after the last.
extension FrameEvaluator {
    static func create(_ step: Step, scene: Scene) throws(RenderError) -> UnsafeMutableRawPointer? {
        guard let create = step.animator.descriptor.pointee.create else { return nil }
        let bases = scene.layers.map(\.base)
        let (instance, message) = bases.withUnsafeBufferPointer { layers in
            // Layer parameters point at base states: `create` sees the file, not a frame.
            let values = step.parameters.map { parameter in
                var value = parameter.value
                switch parameter.source {
                case .fixed: break
                case .layer(let index), .layerCenter(let index), .layerFrame(let index): value.layer = layers.baseAddress! + index
                }
                return value
            }
            return values.withUnsafeBufferPointer { params in
                var args = anim_create_args_t(
                    struct_size: UInt32(MemoryLayout<anim_create_args_t>.size), param_count: UInt32(params.count),
                    canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                    params: params.baseAddress, target: layers.baseAddress! + step.target, duration: step.duration)
                return withUnsafeTemporaryAllocation(of: CChar.self, capacity: errorCapacity) { error in
                    error[0] = 0
                    let instance = create(&args, error.baseAddress, UInt32(error.count))
                    return (instance, String(cString: error.baseAddress!))
                }
            }
        }
        guard let instance else { throw RenderError.createFailed(step, message: message) }
        return instance
    }

    static func destroy(_ pairs: [(Step, UnsafeMutableRawPointer?)]) {
        for (step, instance) in pairs {
            if let instance, let destroy = step.animator.descriptor.pointee.destroy { destroy(instance) }
        }
    }
}
