import Output
import Scene

extension Pipeline {
    /// The longest render a pipeline may describe, in seconds.
    public static let maximumDuration = SceneDecoder.maxDuration

    /// The most bytes a pipeline file may hold: a longer one is refused.
    public static let maximumFileBytes = SceneDecoder.maximumFileBytes

    /// The format's keys as Markdown tables, every key with its values, default and meaning:
    /// docs/FORMAT.md's key reference.
    public static var keyReference: String { KeyTable.markdown }

    /// Why no frame shows `seconds`, a time after the render's end: "1.6 is past the end: the
    /// render is 1.5 s long, its last frame is at 1.483 s" (60 rather than 60.0); nil for a time
    /// a frame shows.
    public func pastTheEnd(_ seconds: Double) -> String? {
        guard scene.isPastTheEnd(seconds) else { return nil }
        let time = Int(exactly: seconds).map(String.init) ?? String(seconds)
        return "\(time) is past the end: \(scene.endDescription)"
    }

    /// Why a file cannot be written at `path` for its length (its own, or its temporary name's
    /// while it is written), as a phrase following the path: "is 5000 bytes long; …". Nil when
    /// it can.
    public static func problem(writing path: String) -> String? { PathLimits.problem(writing: path) }

    /// The name among `candidates` that `name` most likely meant (other case, a near spelling),
    /// as pipeline suggests for unknown names; nil when none is close enough to help.
    public static func nearestName(to name: String, among candidates: [String]) -> String? {
        NameSuggestion.nearest(to: name, among: candidates)
    }
}

extension Pipeline.RenderOptions {
    /// The names of the output formats, as `formats` takes them.
    public static var formatNames: [String] { OutputFormat.allCases.map(\.rawValue) }
}
