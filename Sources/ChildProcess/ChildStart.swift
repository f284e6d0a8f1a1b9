import Foundation

/// Why a child process could not start, in the C library's words (`strerror`): "argument list
/// too long", "no such file or directory", "permission denied". Foundation reports these as
/// Cocoa file errors whose text ("NSCocoaErrorDomain error 256") names no cause.
public struct ChildStartFailure: Error, CustomStringConvertible {
    public let reason: String

    public var description: String { reason }
}

extension Process {
    /// Runs the process, or throws why it could not start.
    public func start() throws(ChildStartFailure) {
        do {
            try run()
        } catch {
            throw ChildStartFailure(reason: Self.reason(error, executable: executableURL?.path ?? ""))
        }
    }

    /// The errno behind `error` when Foundation kept it, else what `executable` is that no
    /// process can start from it (a directory is reported with no errno).
    static func reason(_ error: any Error, executable: String) -> String {
        let reported = error as NSError
        let underlying = reported.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = [underlying, reported].compactMap({ $0 }).first(where: { $0.domain == NSPOSIXErrorDomain }) {
            return systemWords(Int32(posix.code))
        }
        var info = stat()
        if stat(executable, &info) != 0 { return systemWords(errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return systemWords(EISDIR) }
        if access(executable, X_OK) != 0 { return systemWords(errno) }
        return reported.localizedDescription
    }

    /// `strerror`'s text begun in lower case, to follow a colon.
    private static func systemWords(_ code: Int32) -> String {
        let words = String(cString: strerror(code))
        return words.prefix(1).lowercased() + words.dropFirst()
    }
}
