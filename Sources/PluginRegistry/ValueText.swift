import Foundation

/// How numbers and parameter values read in listings and reports, as pipeline files write them:
/// `1` rather than `1.0`, `0.25`, `[0, 8]`, `#000000ff`.
public enum ValueText {
    public static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A value's components: a colour (components 0...1) as "#rrggbbaa", one number as itself,
    /// several as a list.
    public static func components(_ values: [Double], isColor: Bool) -> String {
        if isColor { return "#" + values.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined() }
        return values.count == 1 ? number(values[0]) : "[\(values.map(number).joined(separator: ", "))]"
    }
}
