/// The timing curve names the host keeps for its own curves, so a plugin may not register
/// them: the named curves (Timing's `NamedCurves` makes them) and the forms a pipeline file
/// writes as objects.
public enum BuiltInCurveNames {
    /// In the order listings show them.
    public static let named = ["linear", "ease-in", "ease-out", "ease-in-out", "default"]
    /// `{"cubic-bezier": […]}` and `{"spring": {…}}`.
    public static let forms = ["cubic-bezier", "spring"]

    public static func contains(_ name: String) -> Bool { named.contains(name) || forms.contains(name) }
}
