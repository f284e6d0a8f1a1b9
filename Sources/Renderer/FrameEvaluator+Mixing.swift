import CAnimatorABI
import Compositor
import PluginRegistry
import Scene

/// Calls a mixer step's plugin on two rendered layers.
extension FrameEvaluator {
    /// Blends `from` into `to`, writing `out`; all three are canvas-sized and already in the
    /// ABI's RGBA byte order. `layers` are the frame's states, for layer parameters.
    func mix(step index: Int, progress: Double, from: FrameBuffer, to: FrameBuffer, out: FrameBuffer,
             layers: [anim_layer_t], time: Double, frame: Int) throws(RenderError) {
        let step = scene.steps[index]
        guard case .mix(let mixer, _, _) = step.action else { preconditionFailure("step \(index) is not a mixer step") }
        let message = layers.withUnsafeBufferPointer { layers in
            Self.values(of: step, layers: layers).withUnsafeBufferPointer { params in
                var fromImage = from.abiImage, toImage = to.abiImage, outImage = out.abiImage
                var args = anim_mix_args_t(
                    struct_size: UInt32(MemoryLayout<anim_mix_args_t>.size), param_count: UInt32(params.count),
                    progress: progress, time: time, duration: scene.duration(ofStep: index), params: params.baseAddress,
                    instance: instances[index], from: &fromImage, to: &toImage, out: &outImage,
                    row_begin: 0, row_end: UInt32(out.height))
                return Self.callingPlugin { error, size in
                    locks[index]?.lock()
                    defer { locks[index]?.unlock() }
                    return mixer.descriptor.pointee.mix!(&args, error, size)
                }
            }
        }
        if let message { throw RenderError.pluginFailed(step, frame: frame, message: message) }
    }
}

extension FrameBuffer {
    /// The buffer as the ABI lends images to mixers (the host owns the pixels).
    var abiImage: anim_image_t {
        anim_image_t(struct_size: UInt32(MemoryLayout<anim_image_t>.size), width: UInt32(width),
                     height: UInt32(height), stride: UInt32(stride), pixels: pixels)
    }
}
