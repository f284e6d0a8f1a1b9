import CAnimatorABI
import Foundation
import PluginDescriptions
import PluginRegistry

/// What the child does for each request, in the order `PluginChild+Calls` writes them.
extension PluginChildServer {
    func create(_ reader: inout WireReader) throws(WireError) -> WireWriter {
        let step = try reader.get(UInt32.self)
        let plugin = try reader.string() ?? ""
        let kind = try reader.string() ?? ""
        let name = try reader.string() ?? ""
        let canvas = try reader.get(anim_size_t.self)
        let duration = try reader.get(Double.self)
        let renderScale = try reader.get(Double.self)
        let target = Int(try reader.get(Int32.self))
        var layers = try reader.layers(strings)
        return try layers.withUnsafeMutableBufferPointer { (layers) throws(WireError) -> WireWriter in
            let values = try reader.values(strings, layers: layers.baseAddress, layerCount: layers.count)
            if let problem = open(plugin) { return .failed(problem) }
            guard let found = processor(kind, name) else {
                return .failed("\(kind) \"\(name)\" is not registered by \(plugin) any more")
            }
            return values.withUnsafeBufferPointer { params in
                var args = anim_create_args_t(
                    struct_size: UInt32(MemoryLayout<anim_create_args_t>.size), param_count: UInt32(params.count),
                    canvas: canvas,
                    params: params.baseAddress, target: target >= 0 ? UnsafePointer(layers.baseAddress! + target) : nil,
                    duration: duration, render_scale: renderScale, user_data: found.userData)
                guard let create = found.create else {
                    instances[step] = found.instance(nil)
                    return .done
                }
                let (created, failure) = PluginErrorBuffer.creating(create, &args)
                if let failure { return .failed(failure) }
                instances[step] = found.instance(created)
                return .done
            }
        }
    }

    func apply(_ reader: inout WireReader) throws(WireError) -> WireWriter {
        let step = try reader.get(UInt32.self)
        let progress = try reader.get(Double.self)
        let time = try reader.get(Double.self)
        let duration = try reader.get(Double.self)
        let canvas = try reader.get(anim_size_t.self)
        let target = Int(try reader.get(UInt32.self))
        var layers = try reader.layers(strings)
        guard case .animator(let descriptor, let instance) = instances[step], target < layers.count else {
            throw WireError()
        }
        return try layers.withUnsafeMutableBufferPointer { (layers) throws(WireError) -> WireWriter in
            let values = try reader.values(strings, layers: layers.baseAddress, layerCount: layers.count)
            return values.withUnsafeBufferPointer { params in
                var args = anim_apply_args_t(
                    struct_size: UInt32(MemoryLayout<anim_apply_args_t>.size), param_count: UInt32(params.count),
                    progress: progress, time: time, duration: duration, canvas: canvas, params: params.baseAddress,
                    instance: instance)
                if let message = PluginErrorBuffer.calling(
                    "apply",
                    { error, size in
                        StructGuard.calling(
                            with: &args, named: "anim_apply_args_t", and: &layers[target], named: "anim_layer_t"
                        ) { args, layer in descriptor.pointee.apply!(args, layer, error, size) }
                    })
                {
                    return .failed(message)
                }
                var reply = WireWriter.done
                var state = layers[target]
                state.name = nil
                withUnsafeBytes(of: state) { reply.put(raw: $0) }
                return reply
            }
        }
    }

    func mix(_ reader: inout WireReader) throws(WireError) -> WireWriter {
        let step = try reader.get(UInt32.self)
        let progress = try reader.get(Double.self)
        let time = try reader.get(Double.self)
        let duration = try reader.get(Double.self)
        let (width, height, stride, rowBegin, rowEnd) = try reader.get((UInt32, UInt32, UInt32, UInt32, UInt32).self)
        let canvas = try reader.get(anim_size_t.self)
        let renderScale = try reader.get(Double.self)
        let pixelOrder = try reader.get(UInt32.self)
        var layers = try reader.layers(strings)
        let imageSize = Int(stride) * Int(height)
        guard case .mixer(let descriptor, let instance) = instances[step], let shared, shared.size >= 3 * imageSize,
            rowBegin <= rowEnd, rowEnd <= height, Int(stride) >= 4 * Int(width)
        else { throw WireError() }
        return try layers.withUnsafeMutableBufferPointer { (layers) throws(WireError) -> WireWriter in
            let values = try reader.values(strings, layers: layers.baseAddress, layerCount: layers.count)
            let image = { (index: Int) in
                anim_image_t(
                    struct_size: UInt32(MemoryLayout<anim_image_t>.size), width: width, height: height, stride: stride,
                    pixels: (shared.bytes + index * imageSize).assumingMemoryBound(to: UInt8.self))
            }
            var images = [image(0), image(1), image(2)]
            return values.withUnsafeBufferPointer { params in
                images.withUnsafeMutableBufferPointer { images in
                    var args = anim_mix_args_t(
                        struct_size: UInt32(MemoryLayout<anim_mix_args_t>.size), param_count: UInt32(params.count),
                        progress: progress, time: time, duration: duration, params: params.baseAddress,
                        instance: instance,
                        from: images.baseAddress, to: images.baseAddress! + 1, out: images.baseAddress! + 2,
                        row_begin: rowBegin, row_end: rowEnd, canvas: canvas, render_scale: renderScale,
                        pixel_order: pixelOrder, reserved: 0)
                    let failure = PluginErrorBuffer.calling("mix", &args, named: "anim_mix_args_t") {
                        descriptor.pointee.mix!($0, $1, $2)
                    }
                    return failure.map(WireWriter.failed) ?? .done
                }
            }
        }
    }

    func reach(_ reader: inout WireReader) throws(WireError) -> WireWriter {
        let step = try reader.get(UInt32.self)
        return try withEffectArguments(step, &reader) { (descriptor, args) -> WireWriter in
            var reach = anim_reach_t()
            if let function = descriptor.pointee.reach,
                let message = PluginErrorBuffer.calling(
                    "reach",
                    { error, size in
                        StructGuard.calling(
                            with: &args, named: "anim_effect_args_t", and: &reach, named: "anim_reach_t"
                        ) {
                            args, reach in function(args, reach, error, size)
                        }
                    })
            {
                return .failed(message)
            }
            var reply = WireWriter.done
            reply.put(reach)
            return reply
        }
    }

    func effect(_ reader: inout WireReader) throws(WireError) -> WireWriter {
        let step = try reader.get(UInt32.self)
        let (width, height, stride, rowBegin, rowEnd) = try reader.get((UInt32, UInt32, UInt32, UInt32, UInt32).self)
        return try withEffectArguments(step, &reader) { (descriptor, args) throws(WireError) -> WireWriter in
            let imageSize = Int(stride) * Int(height)
            guard let shared, shared.size >= 2 * imageSize, rowBegin <= rowEnd, rowEnd <= height else {
                throw WireError()
            }
            let image = { (index: Int) in
                anim_image_t(
                    struct_size: UInt32(MemoryLayout<anim_image_t>.size), width: width, height: height, stride: stride,
                    pixels: (shared.bytes + index * imageSize).assumingMemoryBound(to: UInt8.self))
            }
            var images = [image(0), image(1)]
            return images.withUnsafeMutableBufferPointer { images in
                args.in = UnsafePointer(images.baseAddress)
                args.out = images.baseAddress! + 1
                args.row_begin = rowBegin
                args.row_end = rowEnd
                let failure = PluginErrorBuffer.calling("apply", &args, named: "anim_effect_args_t") {
                    descriptor.pointee.apply!($0, $1, $2)
                }
                return failure.map(WireWriter.failed) ?? .done
            }
        }
    }

    /// Reads what `reach` and `effect` share (see `PluginChild.putEffectArguments`) and lends
    /// `body` the effect of instance `step` with its arguments (images unset).
    private func withEffectArguments(
        _ step: UInt32, _ reader: inout WireReader,
        _ body: (UnsafePointer<anim_effect_desc_t>, inout anim_effect_args_t) throws(WireError) -> WireWriter
    ) throws(WireError) -> WireWriter {
        let time = try reader.get(Double.self)
        let canvas = try reader.get(anim_size_t.self)
        let renderScale = try reader.get(Double.self)
        let pixelOrder = try reader.get(UInt32.self)
        var layers = try reader.layers(strings)
        guard case .effect(let descriptor, let instance) = instances[step] else { throw WireError() }
        return try layers.withUnsafeMutableBufferPointer { (layers) throws(WireError) -> WireWriter in
            let values = try reader.values(strings, layers: layers.baseAddress, layerCount: layers.count)
            return try values.withUnsafeBufferPointer { (params) throws(WireError) -> WireWriter in
                var args = anim_effect_args_t()
                args.struct_size = UInt32(MemoryLayout<anim_effect_args_t>.size)
                args.param_count = UInt32(params.count)
                args.params = params.baseAddress
                args.instance = instance
                args.user_data = descriptor.pointee.user_data
                args.time = time
                args.canvas = canvas
                args.render_scale = renderScale
                args.pixel_order = pixelOrder
                return try body(descriptor, &args)
            }
        }
    }

    /// Makes the shared memory mixer images travel in, and tells the host its descriptor.
    func map(_ reader: inout WireReader) throws(WireError) -> WireWriter {
        let asked = try reader.get(UInt64.self)
        shared = nil
        // A size past Int's range would trap in the conversion; the host never asks for one.
        guard let size = Int(exactly: asked) else {
            return .failed("could not make \(asked) bytes of shared memory: more than this system can address")
        }
        let memory: SharedMemory
        do { memory = try SharedMemory(creating: size) } catch {
            return .failed("could not make \(size) bytes of shared memory: \(String(cString: strerror(errno)))")
        }
        shared = memory
        var reply = WireWriter.done
        reply.put(UInt32(bitPattern: memory.descriptor))
        return reply
    }

    func curve(_ reader: inout WireReader) throws(WireError) -> WireWriter {
        let plugin = try reader.string() ?? ""
        let name = try reader.string() ?? ""
        let progress = try reader.get(Double.self)
        let count = Int(try reader.get(UInt32.self))
        var arguments: [Double] = []
        for _ in 0..<count { arguments.append(try reader.get(Double.self)) }
        if let problem = open(plugin) { return .failed(problem) }
        guard case .found(let entry) = registry.curve(named: name), entry.plugin.path == plugin,
            entry.signature.argumentTypes.count == arguments.count
        else {
            return .failed("timing curve \"\(name)\" is not registered by \(plugin) any more")
        }
        var reply = WireWriter.done
        reply.put(entry.curve.call(progress: progress, arguments: arguments))
        return reply
    }

    /// The registered animator or mixer `name`, as what a step instance needs of it.
    private func processor(_ kind: String, _ name: String) -> (
        create: FrameCreate?, userData: UnsafeRawPointer?, instance: (UnsafeMutableRawPointer?) -> Instance
    )? {
        if kind == RegistrationKind.animator.rawValue, case .found(let entry) = registry.animator(named: name) {
            let descriptor = entry.descriptor
            return (descriptor.pointee.create, nil, { .animator(descriptor, $0) })
        }
        if kind == RegistrationKind.mixer.rawValue, case .found(let entry) = registry.mixer(named: name) {
            let descriptor = entry.descriptor
            return (descriptor.pointee.create, entry.userData, { .mixer(descriptor, $0) })
        }
        if kind == RegistrationKind.effect.rawValue, case .found(let entry) = registry.effect(named: name) {
            let descriptor = entry.descriptor
            return (descriptor.pointee.create, entry.userData, { .effect(descriptor, $0) })
        }
        return nil
    }
}

typealias FrameCreate =
    @convention(c) (UnsafePointer<anim_create_args_t>?, UnsafeMutablePointer<CChar>?, UInt32) ->
    UnsafeMutableRawPointer?
