import CPluginGuard
import Foundation

/// What the crash guard (see `CrashLabel`) cleans up when a plugin crashes this process.
public enum CrashGuard {
    /// Adds files still being written (a video's hidden temporary) that a plugin crash removes,
    /// so it leaves no half-written file, after killing `processes` (the ffmpegs writing them,
    /// which could otherwise create them again). Renders running side by side (a batch's
    /// variants) each add theirs; `forget` with the number returned takes them off once they are
    /// finished or abandoned.
    public static func removeOnCrash(_ paths: [String], killingFirst processes: [Int32]) -> Int {
        Unfinished.shared.add(paths, processes)
    }

    public static func forget(_ registration: Int) {
        Unfinished.shared.remove(registration)
    }
}

/// Every render's unfinished files and writers, handed to the crash guard together.
private final class Unfinished: @unchecked Sendable {
    static let shared = Unfinished()

    private let lock = NSLock()
    private var next = 0
    private var registered: [Int: (paths: [String], processes: [Int32])] = [:]

    func add(_ paths: [String], _ processes: [Int32]) -> Int {
        lock.withLock {
            next += 1
            registered[next] = (paths, processes)
            hand()
            return next
        }
    }

    func remove(_ registration: Int) {
        lock.withLock {
            registered[registration] = nil
            hand()
        }
    }

    /// Called with the lock held, so the guard's list is replaced by one caller at a time.
    private func hand() {
        let all = registered.keys.sorted().map { registered[$0]! }
        let copies = all.flatMap(\.paths).map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let processes = all.flatMap(\.processes)
        copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { paths in
            processes.withUnsafeBufferPointer { processes in
                crash_guard_set_unfinished(
                    paths.baseAddress, UInt32(paths.count), processes.baseAddress, UInt32(processes.count))
            }
        }
    }
}
