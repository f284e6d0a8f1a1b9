/// The curves a pipeline file may name, with Core Animation's control points.
public enum NamedCurves {
    public static let names: [String] = ["linear", "ease-in", "ease-out", "ease-in-out", "default"]

    /// The curve called `name`, or nil when no curve has that name.
    public static func curve(named name: String) -> (any TimingCurve)? {
        switch name {
        case "linear": LinearCurve()
        case "ease-in": CubicBezierCurve(0.42, 0, 1, 1)
        case "ease-out": CubicBezierCurve(0, 0, 0.58, 1)
        case "ease-in-out": CubicBezierCurve(0.42, 0, 0.58, 1)
        case "default": CubicBezierCurve(0.25, 0.1, 0.25, 1)
        default: nil
        }
    }
}
