import CAnimatorABI
import PluginDescriptions

/// Copies a plugin's curve descriptor into a registry entry whose function is called through
/// libffi (`ForeignCurve`), refusing anything the header forbids.
extension CurveEntry {
    init(reading desc: UnsafePointer<anim_curve_desc_t>, plugin: PluginInfo) throws(DescriptorError) {
        let size = GrowableStruct.declaredSize(at: desc)
        try requireSize(size, atLeast: FirstReleasedSize.curveDescriptor, "curve descriptor")
        let raw = GrowableStruct.read(desc, size: size, as: anim_curve_desc_t.self)
        let name = try registeredName(raw.name)
        guard !BuiltInCurveNames.contains(name) else {
            throw DescriptorError("curve name \"\(name)\" is built into the host; choose another")
        }
        guard let function = raw.function else { throw DescriptorError("curve \"\(name)\" has no function") }
        guard let signatureText = raw.signature else { throw DescriptorError("curve \"\(name)\" has no signature") }
        let curve: ForeignCurve
        do {
            let signature = try ForeignCurveSignature(parsing: String(cString: signatureText))
            curve = try ForeignCurve(signature: signature, function: unsafeBitCast(function, to: UnsafeRawPointer.self))
        } catch {
            throw DescriptorError("curve \"\(name)\": \(error.description)")
        }
        let count = curve.signature.argumentTypes.count
        let names = raw.arg_names.map { String(cString: $0).split(separator: ",").map { $0.trimmingSpaces } } ?? []
        guard names.isEmpty || names.count == count else {
            throw DescriptorError(
                "curve \"\(name)\": arg_names lists \(names.count) names for \(count) extra arguments")
        }
        let defaults = raw.arg_defaults.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        if let defaults,
            let index = defaults.indices.first(where: { !curve.signature.argumentTypes[$0].accepts(defaults[$0]) })
        {
            throw DescriptorError(
                "curve \"\(name)\": default \(defaults[index]) does not fit argument \(index + 1) of type '\(curve.signature.argumentTypes[index].rawValue)'"
            )
        }
        self.init(
            name: name, doc: text(raw.doc),
            argumentNames: names.isEmpty ? (0..<count).map { "arg\($0 + 1)" } : names,
            argumentDefaults: defaults, plugin: plugin, signature: curve.signature, function: curve)
    }
}
