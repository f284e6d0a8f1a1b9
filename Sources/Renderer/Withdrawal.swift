/// What a render that failed at a frame left in its folder.
public struct Withdrawal: Equatable, Sendable {
    /// The run's first frame, and the frame that failed: the frames between are complete.
    public let first: Int, failed: Int
    /// Whether the run wrote frames as files of their own (PNGs), and had unfinished videos.
    public let keptFrameFiles: Bool, removedVideos: Bool

    /// "frames 0–41 are complete; frame 42 and later were not written".
    public var description: String {
        let videos = removedVideos ? "; unfinished videos were removed" : ""
        guard keptFrameFiles else { return "nothing was written\(videos)" }
        guard failed > first else { return "no frame was complete; nothing was written\(videos)" }
        return "frames \(first)–\(failed - 1) are complete; frame \(failed) and later were not written\(videos)"
    }
}
