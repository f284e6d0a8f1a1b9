import CPluginGuard
import Foundation
import Synchronization

/// A POSIX shared memory mapping: the host creates it under a fresh name, the child maps the
/// same name, then the host removes the name, so nothing stays in /dev/shm once both have it.
final class SharedMemory {
    let name: String
    let bytes: UnsafeMutableRawPointer
    let size: Int

    private static let counter = Atomic<Int>(0)

    /// A new object of `size` bytes, mapped here.
    init(creating size: Int) throws(ChildFailure) {
        let number = Self.counter.add(1, ordering: .relaxed).newValue
        let name = "/pipeline-\(getpid())-\(number)"
        guard let bytes = shared_memory_map(name, size, 1) else {
            throw .unusable(
                "could not create shared memory \(name) of \(size) bytes: \(String(cString: strerror(errno)))")
        }
        (self.name, self.bytes, self.size) = (name, bytes, size)
    }

    /// The object the host named, mapped in this (the child's) process.
    init(opening name: String, size: Int) throws(WireError) {
        guard let bytes = shared_memory_map(name, size, 0) else { throw WireError() }
        (self.name, self.bytes, self.size) = (name, bytes, size)
    }

    func unlink() { shared_memory_unlink(name) }

    deinit { shared_memory_unmap(bytes, size) }
}
