import Foundation

/// Creates `path` and any missing parents, like `mkdir -p`, with errors that say which and why.
public func createDirectories(_ path: String) throws(OutputError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else {
            throw OutputError("cannot create directory \(path): a file with that name exists")
        }
        return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path {
        try createDirectories(parent)
    }
    // Another process may create it between the check and here; that is success too.
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
        throw OutputError.system("create directory", path, errno: errno)
    }
}
