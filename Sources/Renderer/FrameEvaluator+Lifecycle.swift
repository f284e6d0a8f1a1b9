import CAnimatorABI
import Scene

/// Step instances: `create` once per step before the first frame, `destroy` after the last.
extension FrameEvaluator {
    typealias Create = @convention(c) (UnsafePointer<anim_create_args_t>?, UnsafeMutablePointer<CChar>?, UInt32) -> UnsafeMutableRawPointer?

    /// `create` sees the pipeline file's base states (layer parameters resolved against them),
    /// not any frame's. Mixers get no target.
    static func create(_ index: Int, scene: Scene) throws(RenderError) -> UnsafeMutableRawPointer? {
        let step = scene.steps[index]
        let (create, target): (Create?, Int?) = switch step.action {
        case .animate(let animator, let target): (animator.descriptor.pointee.create, target)
        case .mix(let mixer, _, _): (mixer.descriptor.pointee.create, nil)
        }
        guard let create else { return nil }
        let bases = scene.layers.map(\.base)
        var instance: UnsafeMutableRawPointer?
        let message = bases.withUnsafeBufferPointer { layers in
            withValues(of: step, layers: layers) { params in
                var args = anim_create_args_t(
                    struct_size: UInt32(MemoryLayout<anim_create_args_t>.size), param_count: UInt32(params.count),
                    canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                    params: params.baseAddress, target: target.map { layers.baseAddress! + $0 },
                    duration: scene.duration(ofStep: index))
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
            guard let instance else { continue }
            switch step.action {
            case .animate(let animator, _): animator.descriptor.pointee.destroy?(instance)
            case .mix(let mixer, _, _): mixer.descriptor.pointee.destroy?(instance)
            }
        }
    }
}
