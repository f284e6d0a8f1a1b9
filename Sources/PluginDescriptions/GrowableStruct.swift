import Foundation

/// Reads the structs a plugin hands over by `animator.h`'s growth rule. A plugin built against
/// a newer minor gives larger structs (fields appended), one built against an older header gives
/// smaller ones once this header has appended fields: only the bytes both sides know are read,
/// and the fields a smaller struct lacks are zero, the default every appended field has.
package enum GrowableStruct {
    /// The `struct_size` found `offset` bytes into a struct, read before anything else in it.
    package static func declaredSize(at pointer: UnsafeRawPointer, offset: Int = 0) -> Int {
        Int(pointer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// This host's `T` filled from the `size` bytes at `pointer`: what fits is copied, the rest
    /// is zero. `pointer` need not be aligned (an array walked at a plugin's stride).
    package static func read<T>(_ pointer: UnsafeRawPointer, size: Int, as _: T.Type) -> T {
        let byteCount = MemoryLayout<T>.size
        return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: MemoryLayout<T>.alignment) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            buffer.baseAddress!.copyMemory(from: pointer, byteCount: min(size, byteCount))
            return buffer.load(as: T.self)
        }
    }

    /// `value` in host memory that lives for the rest of the process, as the plugin whose
    /// functions it holds does: the host calls them through it long after registration.
    package static func keep<T>(_ value: T) -> UnsafePointer<T> {
        let copy = UnsafeMutablePointer<T>.allocate(capacity: 1)
        copy.initialize(to: value)
        kept.add(UnsafeRawPointer(copy))
        return UnsafePointer(copy)
    }

    /// The address of every copy kept, so that LeakSanitizer sees them reachable from the host.
    private static let kept = KeptAddresses()

    private final class KeptAddresses: @unchecked Sendable {
        private let lock = NSLock()
        private var addresses: [UnsafeRawPointer] = []

        func add(_ address: UnsafeRawPointer) { lock.withLock { addresses.append(address) } }
    }
}
