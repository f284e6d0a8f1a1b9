/// A font file a pipeline ships (its top-level `fonts`): the compositor registers it with
/// fontconfig for the render, so a text's `font` finds its family on any machine.
public struct FontFile: Sendable {
    /// Resolved against the pipeline file's folder.
    public let path: String
    /// The pipeline file, position and JSON path of the entry (`fonts[1]`).
    public let origin: SceneError.Origin

    public init(path: String, origin: SceneError.Origin) {
        self.path = path
        self.origin = origin
    }
}
