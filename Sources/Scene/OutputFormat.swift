/// A file format a render can write (`output.formats`, `run --format`).
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, mp4, webm, mov, gif, webp, apng, y4m

    /// All format names, for messages.
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}
