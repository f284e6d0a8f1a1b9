/// A C type letter of a curve signature (animator.h, "Timing curves").
public enum ForeignType: Character, Sendable {
    case double = "d"
    case float = "f"
    case int32 = "i"
    case int64 = "l"

    /// Whether `value` converts to this C type without loss of meaning: finite, within range,
    /// and integral for the integer types.
    public func accepts(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        switch self {
        case .double: return true
        case .float: return abs(value) <= Double(Float.greatestFiniteMagnitude)
        case .int32: return value.rounded() == value && value >= Double(Int32.min) && value <= Double(Int32.max)
        // 2^63 itself is out of range, and Double(Int64.max) rounds up to it.
        case .int64: return value.rounded() == value && value >= -0x1p63 && value < 0x1p63
        }
    }
}

/// A parsed curve signature `R(T;A...)`: return type, progress type and the extra arguments.
public struct ForeignCurveSignature: Sendable, Equatable, CustomStringConvertible {
    public let returnType: ForeignType, progressType: ForeignType, argumentTypes: [ForeignType]
    /// How many extra arguments a signature may give: what the host's libffi call takes
    /// (FOREIGN_CALL_MAX_ARGUMENTS, which RegistryTests hold it to).
    public static let maximumArgumentCount = 8

    /// Parses the grammar of animator.h: R and T are d or f, then optionally ';' and at most eight
    /// argument letters, e.g. "d(d)", "d(d;dd)", "f(f)", "d(d;i)".
    public init(parsing text: String) throws(ForeignCurveSignatureError) {
        let letters = Array(text)
        let fail = { (problem: String) in ForeignCurveSignatureError(description: "signature \"\(text)\": \(problem)") }
        guard letters.count >= 4, letters[1] == "(", letters.last == ")" else {
            throw fail("expected R(T) or R(T;A...) such as \"d(d;dd)\"")
        }
        returnType = try Self.floatingType(letters[0], role: "return type", fail)
        progressType = try Self.floatingType(letters[2], role: "progress type", fail)
        let rest = letters[3..<(letters.count - 1)]
        argumentTypes = try Self.argumentTypes(rest, fail)
    }

    public var description: String {
        let letters = { (types: [ForeignType]) in String(types.map(\.rawValue)) }
        let extra = argumentTypes.isEmpty ? "" : ";" + letters(argumentTypes)
        return "\(returnType.rawValue)(\(progressType.rawValue)\(extra))"
    }

    private static func floatingType(
        _ letter: Character, role: String,
        _ fail: (String) -> ForeignCurveSignatureError
    ) throws(ForeignCurveSignatureError) -> ForeignType {
        guard let type = ForeignType(rawValue: letter), type == .double || type == .float else {
            throw fail("\(role) '\(letter)' is not one of d, f")
        }
        return type
    }

    /// The letters after the progress type: nothing, or ';' and one to eight type letters.
    private static func argumentTypes(
        _ rest: ArraySlice<Character>,
        _ fail: (String) -> ForeignCurveSignatureError
    ) throws(ForeignCurveSignatureError) -> [ForeignType] {
        guard let separator = rest.first else { return [] }
        guard separator == ";" else { throw fail("expected ';' or ')' after the progress type, found '\(separator)'") }
        let letters = rest.dropFirst()
        guard !letters.isEmpty else { throw fail("';' must be followed by at least one argument type") }
        guard letters.count <= maximumArgumentCount else {
            throw fail("\(letters.count) extra arguments, at most \(maximumArgumentCount)")
        }
        var types: [ForeignType] = []
        for letter in letters {
            guard let type = ForeignType(rawValue: letter) else {
                throw fail("argument type '\(letter)' is not one of d, f, i, l")
            }
            types.append(type)
        }
        return types
    }
}

/// Written as its text, "d(d;dd)", and parsed again when read (ScanReading.swift).
extension ForeignCurveSignature: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

public struct ForeignCurveSignatureError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}

/// A plugin's timing curve, callable: the registry's libffi call (`ForeignCurve`) in the process
/// that opened the plugin.
public protocol CurveFunction: AnyObject, Sendable {
    var signature: ForeignCurveSignature { get }
    /// The function's value at `progress` with one value per extra argument, each converted to
    /// its C type.
    func call(progress: Double, arguments: [Double]) -> Double
}
