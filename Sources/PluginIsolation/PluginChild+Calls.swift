import CAnimatorABI
import PluginDescriptions
import PluginRegistry

/// The calls the host makes, each one request and one reply. A returned string is the
/// plugin's own error message (it returned false); a thrown `ChildFailure` is the child's end.
extension PluginChild {
    /// Opens the plugin at `plugin` (the path the scan showed) if this child has not yet, and
    /// creates the instance of step `step` with the file's base states.
    public func create(
        step: Int, plugin: String, kind: RegistrationKind, name: String, canvas: anim_size_t, duration: Double,
        renderScale: Double, target: Int?, layers: UnsafeBufferPointer<anim_layer_t>,
        values: UnsafeBufferPointer<anim_value_t>
    ) throws(ChildFailure) -> String? {
        var message = WireWriter()
        message.put(Request.create.rawValue)
        message.put(UInt32(step))
        message.put(plugin)
        message.put(kind.rawValue)
        message.put(name)
        message.put(canvas)
        message.put(duration)
        message.put(renderScale)
        message.put(Int32(target ?? -1))
        message.put(layers: layers)
        message.put(values: values, layers: layers)
        return try call(message).error
    }

    /// A call's message as far as every timed call has it: the request, the step and its times.
    private static func request(_ request: Request, step: Int, progress: Double, time: Double, duration: Double)
        -> WireWriter
    {
        var message = WireWriter()
        message.put(request.rawValue)
        message.put(UInt32(step))
        message.put(progress)
        message.put(time)
        message.put(duration)
        return message
    }

    /// Runs step `step`'s `apply` and, when it succeeds, writes the target's new state into
    /// `layers[target]` (its name pointer stays the host's).
    public func apply(step: Int, args: anim_apply_args_t, layers: UnsafeMutableBufferPointer<anim_layer_t>, target: Int)
        throws(ChildFailure) -> String?
    {
        var message = Self.request(
            .apply, step: step, progress: args.progress, time: args.time, duration: args.duration)
        message.put(args.canvas)
        message.put(UInt32(target))
        let constant = UnsafeBufferPointer(layers)
        message.put(layers: constant)
        message.put(values: UnsafeBufferPointer(start: args.params, count: Int(args.param_count)), layers: constant)
        var (error, reply) = try call(message)
        if let error { return error }
        let name = layers[target].name
        do {
            try withUnsafeMutableBytes(of: &layers[target]) { (raw) throws(WireError) in try reply.copy(into: raw) }
        } catch {
            throw garbled()
        }
        layers[target].name = name
        return nil
    }

    /// Runs step `step`'s mixer on `args`' images and row range: the inputs are copied into
    /// shared memory, the child mixes there, and the rows it wrote are copied back to `args.out`.
    public func mix(step: Int, args: anim_mix_args_t, layers: UnsafeBufferPointer<anim_layer_t>) throws(ChildFailure)
        -> String?
    {
        let (from, to, out) = (args.from.pointee, args.to.pointee, args.out.pointee)
        let imageSize = Int(out.stride) * Int(out.height)
        let memory = try sharedMemory(bytes: 3 * imageSize)
        memory.bytes.copyMemory(from: from.pixels, byteCount: imageSize)
        (memory.bytes + imageSize).copyMemory(from: to.pixels, byteCount: imageSize)
        var message = Self.request(
            .mix, step: step, progress: args.progress, time: args.time, duration: args.duration)
        message.put((out.width, out.height, out.stride, args.row_begin, args.row_end))
        message.put(args.canvas)
        message.put(args.render_scale)
        message.put(args.pixel_order)
        message.put(layers: layers)
        message.put(values: UnsafeBufferPointer(start: args.params, count: Int(args.param_count)), layers: layers)
        if let error = try call(message).error { return error }
        let rows = Int(out.stride) * Int(args.row_begin)..<Int(out.stride) * Int(args.row_end)
        (out.pixels + rows.lowerBound).update(
            from: (memory.bytes + 2 * imageSize + rows.lowerBound).assumingMemoryBound(to: UInt8.self),
            count: rows.count)
        return nil
    }

    /// The reach of effect instance `step` (created with kind `effect`) for `args`' parameters.
    public func reach(step: Int, args: anim_effect_args_t) throws(ChildFailure) -> (anim_reach_t?, error: String?) {
        var message = WireWriter()
        message.put(Request.reach.rawValue)
        message.put(UInt32(step))
        Self.putEffectArguments(args, into: &message)
        var (error, reply) = try call(message)
        if let error { return (nil, error) }
        do { return (try reply.get(anim_reach_t.self), nil) } catch { throw garbled() }
    }

    /// Runs effect instance `step` on `args`' image and rows: the input is copied into shared
    /// memory, the child filters there, and the rows it wrote are copied back to `args.out`.
    public func effect(step: Int, args: anim_effect_args_t) throws(ChildFailure) -> String? {
        let (input, out) = (args.in.pointee, args.out.pointee)
        let imageSize = Int(out.stride) * Int(out.height)
        let memory = try sharedMemory(bytes: 2 * imageSize)
        memory.bytes.copyMemory(from: input.pixels, byteCount: imageSize)
        var message = WireWriter()
        message.put(Request.effect.rawValue)
        message.put(UInt32(step))
        message.put((out.width, out.height, out.stride, args.row_begin, args.row_end))
        Self.putEffectArguments(args, into: &message)
        if let error = try call(message).error { return error }
        let rows = Int(out.stride) * Int(args.row_begin)..<Int(out.stride) * Int(args.row_end)
        (out.pixels + rows.lowerBound).update(
            from: (memory.bytes + imageSize + rows.lowerBound).assumingMemoryBound(to: UInt8.self), count: rows.count)
        return nil
    }

    /// What an effect's reach and apply both take: the time, canvas, scale, pixel order and values.
    private static func putEffectArguments(_ args: anim_effect_args_t, into message: inout WireWriter) {
        message.put(args.time)
        message.put(args.canvas)
        message.put(args.render_scale)
        message.put(args.pixel_order)
        let none = UnsafeBufferPointer<anim_layer_t>(start: nil, count: 0)
        message.put(layers: none)
        message.put(values: UnsafeBufferPointer(start: args.params, count: Int(args.param_count)), layers: none)
    }

    /// The value of the curve `name` of `plugin` at `progress` with the step's arguments.
    public func curve(plugin: String, name: String, progress: Double, arguments: [Double]) throws(ChildFailure)
        -> Double
    {
        var message = WireWriter()
        message.put(Request.curve.rawValue)
        message.put(plugin)
        message.put(name)
        message.put(progress)
        message.put(UInt32(arguments.count))
        for argument in arguments { message.put(argument) }
        var (error, reply) = try call(message)
        if let error { throw .unusable(error) }
        do { return try reply.get(Double.self) } catch { throw garbled() }
    }

    /// The mapping mixer images travel in: made by the child on first use (and anew, larger,
    /// when a larger image comes), mapped here by its descriptor.
    private func sharedMemory(bytes size: Int) throws(ChildFailure) -> SharedMemory {
        if let shared, shared.size >= size { return shared }
        shared = nil
        var message = WireWriter()
        message.put(Request.map.rawValue)
        message.put(UInt64(size))
        var (error, reply) = try call(message)
        if let error { throw .unusable(error) }
        let descriptor: Int32
        do { descriptor = Int32(bitPattern: try reply.get(UInt32.self)) } catch { throw garbled() }
        let memory = try SharedMemory(child: processIdentifier, descriptor: descriptor, size: size)
        shared = memory
        return memory
    }

    private func garbled() -> ChildFailure {
        .unusable("it answered something this host cannot read")
    }
}
