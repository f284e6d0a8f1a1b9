import Foundation

/// A uniform's default as transition files write it after `=` in a comment: a number or
/// `true`/`false`, a JSON array (`[0.0, 1.0]`), or a GLSL constructor (`vec2(0.0, 1.0)`,
/// `ivec2(4)`: one argument fills every component, as in GLSL).
enum GLSLDefaultValue {
    struct Problem: Error {
        /// Completes "the default of uniform "x", `…`, ": "is not a vec2: it has 3 numbers".
        let reason: String
    }

    /// The components of `text` for a uniform of `type`: bools as 0 or 1.
    static func parse(_ text: String, as type: GLSLTransitionFile.UniformType) throws(Problem) -> [Double] {
        let expected = type.componentCount
        guard expected > 0 else { throw Problem(reason: "is a default, which an image parameter cannot have") }
        let items = try components(of: text)
        let values = try items.map { (item) throws(Problem) in try number(item, for: type) }
        let filled = values.count == 1 && expected > 1 ? Array(repeating: values[0], count: expected) : values
        guard filled.count == expected else {
            throw Problem(
                reason:
                    "is not a \(type.rawValue): it has \(values.count) value\(values.count == 1 ? "" : "s"), not \(expected)"
            )
        }
        return filled
    }

    /// The comma-separated items of a constructor's or an array's parentheses, or the text alone.
    private static func components(of text: String) throws(Problem) -> [String] {
        var inner = text.trimmingCharacters(in: " \t")
        if inner.hasSuffix(";") { inner = String(inner.dropLast()).trimmingCharacters(in: " \t") }
        if inner.hasPrefix("[") {
            guard inner.hasSuffix("]") else { throw Problem(reason: "does not parse: an array ends with ]") }
            inner = String(inner.dropFirst().dropLast())
        } else if let open = inner.firstIndex(of: "(") {
            let constructor = inner[..<open].trimmingCharacters(in: " \t")
            guard GLSLTransitionFile.UniformType(rawValue: constructor) != nil, constructor != "sampler2D",
                inner.hasSuffix(")")
            else {
                throw Problem(reason: "does not parse: write a number, [a, b, …] or a constructor such as vec2(a, b)")
            }
            inner = String(inner[inner.index(after: open)..<inner.index(before: inner.endIndex)])
        }
        let items = inner.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: " \t")
        }
        guard !items.contains(where: \.isEmpty) else { throw Problem(reason: "does not parse: a value is missing") }
        return items
    }

    private static func number(_ item: String, for type: GLSLTransitionFile.UniformType) throws(Problem) -> Double {
        if item == "true" || item == "false" {
            guard type == .bool else { throw Problem(reason: "is a bool, not a \(type.rawValue)") }
            return item == "true" ? 1 : 0
        }
        guard type != .bool else { throw Problem(reason: "is not true or false") }
        // GLSL's float suffixes and JSON's numbers: 1.0, .5, 2., 1e-3, 0.5f.
        var literal = item.hasSuffix("f") || item.hasSuffix("F") ? String(item.dropLast()) : item
        if literal.hasSuffix(".") { literal += "0" }
        if literal.hasPrefix(".") || literal.hasPrefix("-.") {
            literal = literal.replacingOccurrences(of: ".", with: "0.")
        }
        guard let value = Double(literal), value.isFinite,
            literal.first.map({ $0.isNumber || $0 == "-" || $0 == "+" }) == true
        else { throw Problem(reason: "does not parse: \"\(item)\" is not a number") }
        if type.isInteger {
            guard value.rounded() == value, abs(value) <= Double(Int32.max) else {
                throw Problem(reason: "is not a \(type.rawValue): \(item) is not an integer")
            }
        } else if abs(value) > Double(Float.greatestFiniteMagnitude) {
            throw Problem(reason: "is not a \(type.rawValue): \(item) is too large for a float")
        }
        return value
    }
}
