import Foundation

/// Which version of a file a path leads to: the path with symbolic links resolved, and the
/// size, modification time and inode found there. A replaced, rebuilt or touched file has
/// another identity.
struct FileIdentity: Equatable {
    let resolvedPath: String
    /// "size modified-nanoseconds inode".
    let stamp: String

    /// Nil when the path leads to nothing that can be read.
    init?(of path: String) {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return nil }
        resolvedPath = String(cString: resolved)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        stamp = "\(info.st_size) \(modified) \(info.st_ino)"
    }
}
