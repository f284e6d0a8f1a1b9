import CPluginGuard
import Foundation

/// Memory the host and a plugin child both map, mixer images travel in. The child creates it as
/// an anonymous memory file (a sandboxed child can open no file by name) and tells the host its
/// descriptor; the host maps the same file through `/proc/<child>/fd/<descriptor>`. Nothing is
/// left in any folder, and the memory goes when both have unmapped it.
final class SharedMemory {
    let bytes: UnsafeMutableRawPointer
    let size: Int
    /// The child's descriptor of the file (kept open while mapped); -1 in the host.
    let descriptor: Int32

    /// The child's side: a new file of `size` bytes, mapped here.
    init(creating size: Int) throws(WireError) {
        var descriptor: Int32 = -1
        guard let bytes = shared_memory_create(size, &descriptor) else { throw WireError() }
        (self.bytes, self.size, self.descriptor) = (bytes, size, descriptor)
    }

    /// The host's side: the file `child` created with `descriptor`, mapped here.
    init(child: pid_t, descriptor: Int32, size: Int) throws(ChildFailure) {
        let path = "/proc/\(child)/fd/\(descriptor)"
        guard let bytes = shared_memory_open(path, size) else {
            throw .unusable("could not map the child's shared memory \(path): \(String(cString: strerror(errno)))")
        }
        (self.bytes, self.size, self.descriptor) = (bytes, size, -1)
    }

    deinit {
        shared_memory_unmap(bytes, size)
        if descriptor >= 0 { close(descriptor) }
    }
}
