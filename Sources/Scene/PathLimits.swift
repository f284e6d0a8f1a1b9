/// Linux's limits on paths: PATH_MAX is 4096 bytes with the terminating NUL, so a path holds at
/// most 4095 bytes, and NAME_MAX allows 255 bytes in each file or folder name. Checked before a
/// path is used, so a long one gets a message that says which limit it passed instead of the
/// system's "File name too long".
public enum PathLimits {
    public static let maxPathBytes = 4095
    public static let maxNameBytes = 255

    /// Why `path` is too long, as a phrase to follow its description ("is 5000 bytes long…"),
    /// or nil when it fits.
    public static func problem(_ path: String) -> String? {
        let bytes = path.utf8.count
        if bytes > maxPathBytes {
            return
                "is \(bytes) bytes long; a path may be at most \(maxPathBytes) bytes (Linux's PATH_MAX, 4096 with the terminating NUL)"
        }
        for name in path.split(separator: "/") where name.utf8.count > maxNameBytes {
            return
                "has a name of \(name.utf8.count) bytes (\"\(name.prefix(24))…\"); a file or folder name may be at most \(maxNameBytes) bytes (Linux's NAME_MAX)"
        }
        return nil
    }
}
