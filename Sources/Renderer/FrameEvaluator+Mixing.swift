import CAnimatorABI
import Compositor
import Dispatch
import PluginRegistry
import Scene

/// Calls a mixer step's plugin on two rendered layers.
extension FrameEvaluator {
    /// Blends `from` into `to`, writing `out`; all three are canvas-sized and already in the
    /// ABI's RGBA byte order. `layers` are the frame's states, for layer parameters. The rows
    /// are split into `bands` ranges mixed in parallel (worth it when frames are not).
    func mix(step index: Int, progress: Double, from: FrameBuffer, to: FrameBuffer, out: FrameBuffer,
             layers: [anim_layer_t], time: Double, frame: Int, bands: Int) throws(RenderError) {
        let step = scene.steps[index]
        guard case .mix(let mixer, _, _) = step.action else { preconditionFailure("step \(index) is not a mixer step") }
        let rows = out.height, bandCount = max(1, min(bands, rows))
        let failures = ConcurrentSlots<String>(count: bandCount)
        layers.withUnsafeBufferPointer { layers in
            Self.withValues(of: step, layers: layers) { params in
                // Read only, and alive until concurrentPerform returns: safe to share.
                nonisolated(unsafe) let params = params
                DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                    // The three image descriptions must outlive the call: a scoped allocation.
                    withUnsafeTemporaryAllocation(of: anim_image_t.self, capacity: 3) { images in
                        _ = images.initialize(from: [from.abiImage, to.abiImage, out.abiImage])
                        var args = anim_mix_args_t(
                            struct_size: UInt32(MemoryLayout<anim_mix_args_t>.size), param_count: UInt32(params.count),
                            progress: progress, time: time, duration: scene.duration(ofStep: index), params: params.baseAddress,
                            instance: instances[index], from: images.baseAddress, to: images.baseAddress! + 1,
                            out: images.baseAddress! + 2,
                            row_begin: UInt32(rows * band / bandCount), row_end: UInt32(rows * (band + 1) / bandCount))
                        failures.set(band, Self.callingPlugin { error, size in
                            locks[index]?.lock()
                            defer { locks[index]?.unlock() }
                            return mixer.descriptor.pointee.mix!(&args, error, size)
                        })
                    }
                }
            }
        }
        if let message = failures.values.lazy.compactMap({ $0 }).first { throw RenderError.pluginFailed(step, frame: frame, message: message) }
    }
}

extension FrameBuffer {
    /// The buffer as the ABI lends images to mixers (the host owns the pixels).
    var abiImage: anim_image_t {
        anim_image_t(struct_size: UInt32(MemoryLayout<anim_image_t>.size), width: UInt32(width),
                     height: UInt32(height), stride: UInt32(stride), pixels: pixels)
    }
}
