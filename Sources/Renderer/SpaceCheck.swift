import Foundation
import Output

/// Whether the PNG frames of a render will fit on their disk, judged once the first frame is
/// written: its size, times the frames still to come, against the space the file system has
/// left for this user. A render that will likely run out is warned about (it still runs: the
/// frames may compress better later, and a full disk ends it cleanly anyway).
enum SpaceCheck {
    /// The warning for `writer`'s folder after frame `first` was written with `left` frames to
    /// come; nil when they fit, or when the sizes cannot be read.
    static func warning(for writer: PNGSequenceWriter, first: Int, left: Int) -> String? {
        guard left > 0 else { return nil }
        var status = stat()
        guard stat(writer.path(forFrame: first), &status) == 0, status.st_size > 0 else { return nil }
        var space = statvfs()
        guard statvfs(writer.directory, &space) == 0 else { return nil }
        let free = Int64(space.f_bavail) * Int64(space.f_frsize)
        let frame = Int64(status.st_size)
        let (needed, overflow) = frame.multipliedReportingOverflow(by: Int64(left))
        guard overflow || needed > free else { return nil }
        return "\(writer.directory) has \(size(free)) free, and the \(left) frames still to write need about "
            + "\(overflow ? "more" : size(needed)) at the first frame's \(size(frame)) each: the render will likely "
            + "stop when the disk is full (it keeps the frames before that one)"
    }

    /// "1.5 MiB", "36 KiB", "512 bytes".
    static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GiB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
