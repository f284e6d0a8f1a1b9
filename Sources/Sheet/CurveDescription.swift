import Foundation
import PluginRegistry
import Timing

/// Names a step's timing curve the way a pipeline file would: "ease-in-out", "back-out(1.2)",
/// "cubic-bezier(0.2, 0, 0, 1)", "spring, damping ratio 0.7".
struct CurveDescription {
    /// The plugin curves a scene was decoded with: a bound curve keeps only its function, so its
    /// name is found by identity among them.
    let registry: Registry

    func describe(_ curve: any TimingCurve) -> String {
        switch curve {
        case is LinearCurve:
            "linear"
        case let bezier as CubicBezierCurve:
            NamedCurves.names.first { NamedCurves.curve(named: $0) as? CubicBezierCurve == bezier }
                ?? "cubic-bezier(\(list([bezier.x1, bezier.y1, bezier.x2, bezier.y2])))"
        case let spring as SpringCurve:
            "spring, damping ratio \(number(spring.dampingRatio))"
        case let foreign as BoundForeignCurve:
            pluginCurve(foreign)
        default:
            "custom curve"
        }
    }

    private func pluginCurve(_ bound: BoundForeignCurve) -> String {
        let name = registry.curveName(of: bound.curve) ?? "plugin curve"
        return bound.arguments.isEmpty ? name : "\(name)(\(list(bound.arguments)))"
    }

    private func list(_ values: [Double]) -> String {
        values.map(number).joined(separator: ", ")
    }
}

/// A number as a person would write it in a pipeline file: at most three decimals, no trailing zeros.
func number(_ value: Double) -> String {
    String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
}
