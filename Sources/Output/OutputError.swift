import Foundation
import OptionNames

/// What went wrong while writing output, naming the file or tool involved and what would be right.
public struct OutputError: Error, CustomStringConvertible {
    /// The message; it names options (`frames`) for the caller to word.
    public let text: OptionText

    /// The text with every option by its plain name.
    public var description: String { text.description }

    init(_ description: String) {
        text = "\(description)"
    }

    /// A message that names options.
    init(naming text: OptionText) { self.text = text }

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
