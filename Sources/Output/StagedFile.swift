import Foundation

/// A file written under a hidden temporary name in the same directory as its final path and
/// renamed into place when complete, so nobody ever sees half a file under the real name.
struct StagedFile {
    let path: String
    let temporaryPath: String

    /// `out/clip.mp4` is staged as `out/.clip.mp4.partial-<pid>.mp4`: hidden from `clip*` globs,
    /// the real extension last for tools that choose a format by it, and the process's own, so two
    /// processes writing one file never write into each other's temporary.
    init(path: String) {
        self.path = path
        temporaryPath = Self.hidden(path, tag: "partial-\(getpid())")
    }

    /// `out/.clip.mp4.<tag>.mp4`: a hidden name beside the file (the temporary, or a stage before it).
    static func hidden(_ path: String, tag: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let suffix = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
        return "\(directory).\(name).\(tag)\(suffix)"
    }

    /// Moves the finished temporary over the real path (atomically, within one file system).
    func commit() throws(OutputError) {
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            discard()
            throw OutputError.system("write", path, errno: code)
        }
    }

    /// Removes the temporary, if it exists.
    func discard() {
        unlink(temporaryPath)
    }
}

/// Writes `data` to `path` through a staged temporary, so the file is whole or absent.
public func writeAtomically(_ data: Data, to path: String) throws(OutputError) {
    let staged = StagedFile(path: path)
    guard FileManager.default.createFile(atPath: staged.temporaryPath, contents: data) else {
        throw OutputError("cannot write \(path): the folder is not writable or the disk is full")
    }
    try staged.commit()
}
