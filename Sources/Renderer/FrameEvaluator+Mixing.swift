import CAnimatorABI
import Compositor
import Dispatch
import PluginDescriptions
import PluginRegistry
import Scene

/// Calls a mixer step's plugin on two rendered layers.
extension FrameEvaluator {
    /// Blends `from` into `to`, writing `out`; all three are canvas-sized at the render scale
    /// and already in the byte order the mixer takes (`MixerEntry.pixelOrder`). `layers` are the
    /// frame's states, for layer parameters. One call mixes `rows` (every row when nil), on the
    /// calling thread: the renderer's threads are the only ones a render uses.
    func mix(
        step index: Int, progress: Double, from: FrameBuffer, to: FrameBuffer, out: FrameBuffer,
        rows: Range<Int>? = nil, layers: [anim_layer_t], time: Double, frame: Int
    ) throws(RenderError) {
        let rows = rows ?? 0..<out.height
        precondition(rows.lowerBound >= 0 && rows.upperBound <= out.height, "rows \(rows) are outside the image")
        let step = scene.steps[index]
        guard case .mix(let mixer, _, _) = step.action else { preconditionFailure("step \(index) is not a mixer step") }
        try layers.withUnsafeBufferPointer { (layers) throws(RenderError) in
            try Self.withValues(of: step, in: scene.tree, layers: layers) { (params) throws(RenderError) in
                // The three image descriptions must outlive the call: a scoped allocation.
                try withUnsafeTemporaryAllocation(of: anim_image_t.self, capacity: 3) { (images) throws(RenderError) in
                    _ = images.initialize(from: [from.abiImage, to.abiImage, out.abiImage])
                    var args = anim_mix_args_t(
                        struct_size: UInt32(MemoryLayout<anim_mix_args_t>.size), param_count: UInt32(params.count),
                        progress: progress, time: time, duration: scene.duration(ofStep: index),
                        params: params.baseAddress, instance: nil, from: images.baseAddress,
                        to: images.baseAddress! + 1, out: images.baseAddress! + 2,
                        row_begin: UInt32(rows.lowerBound), row_end: UInt32(rows.upperBound),
                        canvas: anim_size_t(width: Double(scene.canvas.width), height: Double(scene.canvas.height)),
                        render_scale: renderScale, pixel_order: mixer.pixelOrder.abiValue, reserved: 0)
                    try plugins.mix(step: index, mixer: mixer, &args, layers: layers, frame: frame)
                }
            }
        }
    }
}

extension MixerEntry {
    /// The byte order the mixer reads and writes: the compositor's own when it declared
    /// ANIM_MIXER_NATIVE_PIXELS, which spares converting its inputs and output.
    var pixelOrder: PixelOrder { takesNativePixels ? .native : .rgba }
}

extension PixelOrder {
    var abiValue: UInt32 {
        switch self {
        case .rgba: UInt32(ANIM_PIXELS_RGBA)
        case .native: UInt32(ANIM_PIXELS_NATIVE)
        }
    }
}

extension FrameBuffer {
    /// The buffer as the ABI lends images to mixers (the host owns the pixels).
    var abiImage: anim_image_t {
        anim_image_t(
            struct_size: UInt32(MemoryLayout<anim_image_t>.size), width: UInt32(width),
            height: UInt32(height), stride: UInt32(stride), pixels: pixels)
    }
}
