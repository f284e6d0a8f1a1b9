import Foundation

/// What went wrong while writing output, naming the file or tool involved and what would be right.
public struct OutputError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    /// A failed system call on `path`, with the C library's reason.
    static func system(_ action: String, _ path: String, errno code: Int32) -> OutputError {
        OutputError("cannot \(action) \(path): \(String(cString: strerror(code)))")
    }

    /// Frames must have pixels and a stride that holds a whole row.
    static func validate(_ frame: FrameView, index: Int) throws(OutputError) {
        guard frame.width > 0, frame.height > 0 else {
            throw OutputError("frame \(index) is \(frame.width)×\(frame.height): width and height must be positive")
        }
        guard frame.stride >= frame.packedRowBytes else {
            throw OutputError(
                "frame \(index) has stride \(frame.stride): it must be at least 4 × width = \(frame.packedRowBytes)")
        }
    }
}
