import Foundation

/// Writes each frame as `<directory>/<prefix>_<index>.png`, numbered with enough digits (at least
/// four) for the whole animation so names sort in frame order, and so shards rendering different
/// frame ranges into one directory produce one consistent sequence.
public final class PNGSequenceWriter: ConcurrentFrameSink, @unchecked Sendable {
    public let directory: String
    private let prefix: String
    private let frameCount: Int
    /// Frames an earlier run of the same render completed (`run --resume`): not written again.
    private let complete: Set<Int>
    /// Encoders (each with its own conversion buffer) for the threads writing at once.
    private let encoders: EncoderPool

    /// Creates `directory` (and its parents) if needed.
    public init(
        directory: String, frameCount: Int, prefix: String = "frame",
        compressionLevel: Int32 = 1, complete: Set<Int> = []
    ) throws(OutputError) {
        guard frameCount > 0 else {
            throw OutputError(
                "cannot write a png sequence of \(frameCount) frames into \(directory): it needs at least one")
        }
        encoders = EncoderPool(first: try PNGEncoder(compressionLevel: compressionLevel))
        try createDirectories(directory)
        self.directory = directory
        self.prefix = prefix
        self.frameCount = frameCount
        self.complete = complete
    }

    /// The file frame `index` is written to.
    public func path(forFrame index: Int) -> String {
        Self.path(directory: directory, frame: index, frameCount: frameCount, prefix: prefix)
    }

    /// The file frame `index` of a `frameCount`-frame render is written to in `directory`.
    public static func path(directory: String, frame index: Int, frameCount: Int, prefix: String = "frame") -> String {
        "\(directory)/\(prefix)_\(FrameNumbering(frameCount: frameCount).label(index)).png"
    }

    public func write(_ frame: FrameView, index: Int) throws(OutputError) {
        guard (0..<frameCount).contains(index) else {
            throw OutputError(
                "frame \(index) is outside the sequence in \(directory): frames are 0 to \(frameCount - 1)")
        }
        if complete.contains(index) { return }
        let encoder = encoders.take()
        defer { encoders.give(encoder) }
        try encoder.write(frame, index: index, to: path(forFrame: index))
    }

    public func writeConcurrently(_ frame: FrameView, index: Int) throws(OutputError) {
        try write(frame, index: index)
    }

    public func withdraw(frames: [Int]) {
        for index in frames { unlink(path(forFrame: index)) }
    }

    /// None: a frame's temporary lives only within one `write`, and every frame file is complete.
    public var unfinishedFiles: [String] { [] }
    public var writingProcesses: [Int32] { [] }

    public var concurrent: (any ConcurrentFrameSink)? { self }

    /// Every frame was renamed into place as soon as it was complete; nothing is left to do.
    public func finish() throws(OutputError) {}

    /// A frame's temporary exists only while `write` runs, which removes it on failure.
    public func abandon() {}
}
