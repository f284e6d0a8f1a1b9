import CRegularFile

/// What a path a pipeline names is when it is not a regular file. Reading a FIFO waits for a
/// writer and a device may never end, so such a path is refused where the file names it.
enum FileKind {
    /// "a FIFO", "a directory", "a character device", "a block device", "a socket"; nil for a
    /// regular file and for a path that cannot be opened (its reader then says why).
    static func irregular(_ path: String) -> String? {
        var kind: UnsafePointer<CChar>?
        guard regular_file_check(path, &kind) != 0 else { return nil }
        return kind.map { String(cString: $0) }
    }
}
