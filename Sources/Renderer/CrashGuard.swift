import CPluginGuard
import Foundation

/// What the crash guard (see `CrashLabel`) cleans up when a plugin crashes this process.
public enum CrashGuard {
    /// Files still being written (a video's hidden temporary) that a plugin crash removes, so
    /// it leaves no half-written file; an empty list once they are finished or abandoned.
    public static func removeOnCrash(_ paths: [String]) {
        let copies = paths.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        copies.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            crash_guard_set_unfinished($0.baseAddress, UInt32($0.count))
        }
    }
}
