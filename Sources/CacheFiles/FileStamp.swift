import Foundation

/// What identifies one version of a file: a rebuilt, replaced or touched file gets a new stamp.
/// Written as the text "size modified-nanoseconds inode": JSON numbers are read as doubles,
/// which cannot hold every 64-bit integer exactly. What the plugin scan cache and the ffmpeg
/// encoder cache check their entries by, what the preview watches and what `--isolate` checks
/// before it starts another plugin child.
public struct FileStamp: Encodable, Equatable, Sendable {
    public let size: Int64
    public let modifiedNanoseconds: Int64
    public let inode: UInt64

    public init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let size = Int64(parts[0]), let modified = Int64(parts[1]), let inode = UInt64(parts[2])
        else {
            return nil
        }
        (self.size, modifiedNanoseconds, self.inode) = (size, modified, inode)
    }

    public var text: String { "\(size) \(modifiedNanoseconds) \(inode)" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The stamp of the file at `path` (symbolic links followed); nil when it cannot be read.
    public init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
