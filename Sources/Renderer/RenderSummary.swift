/// What a render job wrote.
public struct RenderSummary: Sendable {
    /// The outputs finished, as the job's note named them (`out/clip.mp4`, `out/ (20 PNG frames)`);
    /// none when nothing was left to render.
    public let written: [String]
    /// Whether values from plugins were replaced (each reported as a warning): the outputs hold them.
    public let substitutedValues: Bool
    /// False when an output the options asked for could not be opened or finished (each was
    /// reported as a problem).
    public let isComplete: Bool

    /// A run that wrote nothing: nothing was left to render, or no output could be opened.
    static func nothing(isComplete: Bool) -> RenderSummary {
        RenderSummary(written: [], substitutedValues: false, isComplete: isComplete)
    }
}
