import CForeignCall
import PluginDescriptions

/// A plugin's C easing function, called through a libffi call interface (ffi_cif) prepared once.
public final class ForeignCurve: CurveFunction, @unchecked Sendable {
    public let signature: ForeignCurveSignature
    // Written once in init and only read afterwards, which is what makes sharing across threads safe.
    private let interface: OpaquePointer
    private let function: UnsafeRawPointer

    public init(signature: ForeignCurveSignature, function: UnsafeRawPointer) throws(ForeignCurveSignatureError) {
        let types = [signature.returnType, signature.progressType] + signature.argumentTypes
        let letters = types.map { CChar(bitPattern: $0.rawValue.asciiValue!) }
        var prepared: OpaquePointer?
        let status = foreign_call_prepare(letters, UInt32(letters.count), &prepared)
        guard status == FOREIGN_CALL_OK, let prepared else {
            throw ForeignCurveSignatureError(
                description: "signature \"\(signature)\": libffi could not prepare a call interface (status \(status))")
        }
        (self.signature, self.interface, self.function) = (signature, prepared, function)
    }

    deinit { foreign_call_free(interface) }

    /// Calls the function with `progress` and one value per extra argument, each converted to its C type.
    public func call(progress: Double, arguments: [Double]) -> Double {
        precondition(
            arguments.count == signature.argumentTypes.count,
            "curve \(signature) takes \(signature.argumentTypes.count) arguments")
        precondition(
            zip(signature.argumentTypes, arguments).allSatisfy { $0.accepts($1) },
            "curve \(signature) argument out of range")
        return arguments.withUnsafeBufferPointer { buffer in
            foreign_call_invoke(interface, function, progress, buffer.baseAddress)
        }
    }
}
