/// A file format a render can write (`output.formats`, `run --format`).
public enum OutputFormat: String, CaseIterable, Sendable {
    case png, mp4, webm, mov, gif, webp, apng, y4m

    /// All format names, for messages.
    public static var names: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}

/// Which formats carry sound (each one's encoder is the output's `soundEncoder`).
extension OutputFormat {
    /// MP4, WebM and MOV carry a sound stream; PNG frames, GIF, WebP, APNG and Y4M have none.
    public var carriesSound: Bool {
        switch self {
        case .mp4, .webm, .mov: true
        case .png, .gif, .webp, .apng, .y4m: false
        }
    }
}
