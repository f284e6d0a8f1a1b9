import PluginDescriptions

/// The curves a pipeline file may name, with Core Animation's control points.
public enum NamedCurves {
    /// In the order listings show them; the registry keeps these names from plugins.
    public static let names = BuiltInCurveNames.named

    private static let beziers: [String: CubicBezierCurve] = [
        "ease-in": CubicBezierCurve(0.42, 0, 1, 1),
        "ease-out": CubicBezierCurve(0, 0, 0.58, 1),
        "ease-in-out": CubicBezierCurve(0.42, 0, 0.58, 1),
        "default": CubicBezierCurve(0.25, 0.1, 0.25, 1),
    ]

    /// The curve called `name`, or nil when no curve has that name.
    public static func curve(named name: String) -> (any HostCurve)? {
        name == "linear" ? LinearCurve() : beziers[name]
    }

    /// The Bézier `name` stands for ("ease-in" is cubic-bezier(0.42, 0, 1, 1)); nil for "linear"
    /// and for names that are no Bézier.
    public static func bezier(named name: String) -> CubicBezierCurve? { beziers[name] }

    /// The name of `bezier` when it is one of the named curves.
    static func name(of bezier: CubicBezierCurve) -> String? {
        names.first { beziers[$0] == bezier }
    }
}
