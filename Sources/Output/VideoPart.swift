import Scene

/// The name of a video holding part of a render: `pipeline.0030-0059.mp4` holds frames 30 to 59
/// (inclusive, numbered as the PNG frames are), so a folder of parts lists in frame order and
/// `pipeline concat` can check from the names alone that each part follows on from the last.
public struct VideoPart: Equatable, Sendable {
    /// The pipeline's name, as a whole render's video is named.
    public let base: String
    public let frames: ClosedRange<Int>
    public let fileExtension: String
    public let fileName: String

    /// The part of a `frameCount`-frame render holding `frames` (not empty).
    public init(base: String, frames: Range<Int>, frameCount: Int, format: OutputFormat) {
        precondition(!frames.isEmpty, "a video part holds at least one frame")
        let numbering = FrameNumbering(frameCount: frameCount)
        self.base = base
        self.frames = frames.lowerBound...(frames.upperBound - 1)
        fileExtension = format.rawValue
        fileName =
            "\(base).\(numbering.label(frames.lowerBound))-\(numbering.label(frames.upperBound - 1)).\(format.rawValue)"
    }

    /// Reads a part's name back; nil for a name that is not `<base>.<first>-<last>.<extension>`.
    public init?(fileName: String) {
        let pieces = fileName.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count >= 3, !pieces[0].isEmpty else { return nil }
        let numbers = pieces[pieces.count - 2].split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 2,
            numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let first = Int(numbers[0]), let last = Int(numbers[1]), first <= last
        else { return nil }
        base = pieces.dropLast(2).joined(separator: ".")
        frames = first...last
        fileExtension = String(pieces[pieces.count - 1])
        self.fileName = fileName
    }
}
