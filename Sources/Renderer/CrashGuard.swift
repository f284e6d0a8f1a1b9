import CPluginGuard
import Foundation

/// What the crash guard (see `CrashLabel`) cleans up when a plugin crashes this process.
public enum CrashGuard {
    /// Files still being written (a video's hidden temporary) that a plugin crash removes, so
    /// it leaves no half-written file, after killing `processes` (the ffmpegs writing them, which
    /// could otherwise create them again); empty lists once they are finished or abandoned.
    public static func removeOnCrash(_ paths: [String], killingFirst processes: [Int32]) {
        let copies = paths.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { paths in
            processes.withUnsafeBufferPointer { processes in
                crash_guard_set_unfinished(
                    paths.baseAddress, UInt32(paths.count), processes.baseAddress, UInt32(processes.count))
            }
        }
    }
}
