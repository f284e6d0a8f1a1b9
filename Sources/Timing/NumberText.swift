import Foundation

extension Double {
    /// The number as a person would write it in a pipeline file: at most three decimals, no
    /// trailing zeros ("0.7", "1.702", "2").
    public var written: String {
        String(format: "%.3f", self).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
