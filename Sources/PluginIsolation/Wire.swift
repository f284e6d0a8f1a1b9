/// The byte format of messages between the host and an isolated plugin child (`--isolate`):
/// each message is a little-endian UInt32 length and that many bytes, written by `WireWriter`
/// and read back in the same order by `WireReader`. Both ends are the same executable, so the
/// layout needs no versioning; it only has to survive a pipe.
struct WireWriter {
    private(set) var bytes: [UInt8] = [0, 0, 0, 0]

    mutating func put<Value: BitwiseCopyable>(_ value: Value) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    /// A string or nil: its UTF-8 length plus one (0 for nil), then the bytes.
    mutating func put(_ text: String?) {
        guard let text else { return put(UInt32(0)) }
        let utf8 = Array(text.utf8)
        put(UInt32(utf8.count + 1))
        bytes.append(contentsOf: utf8)
    }

    mutating func put(raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw)
    }

    /// The message with its length in front, ready to write.
    var framed: [UInt8] {
        var framed = bytes
        let length = UInt32(bytes.count - 4)
        withUnsafeBytes(of: length.littleEndian) { framed.replaceSubrange(0..<4, with: $0) }
        return framed
    }
}

/// Reads what a `WireWriter` wrote; a short or malformed message is a `WireError`.
struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func get<Value: BitwiseCopyable>(_ type: Value.Type = Value.self) throws(WireError) -> Value {
        let size = MemoryLayout<Value>.size
        guard offset + size <= bytes.count else { throw WireError() }
        defer { offset += size }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
    }

    mutating func string() throws(WireError) -> String? {
        let length = Int(try get(UInt32.self))
        guard length > 0 else { return nil }
        guard offset + length - 1 <= bytes.count else { throw WireError() }
        defer { offset += length - 1 }
        return String(decoding: bytes[offset..<(offset + length - 1)], as: UTF8.self)
    }

    /// Copies the next `count` bytes into `destination`.
    mutating func copy(into destination: UnsafeMutableRawBufferPointer) throws(WireError) {
        guard offset + destination.count <= bytes.count else { throw WireError() }
        bytes.withUnsafeBytes {
            destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + destination.count)]))
        }
        offset += destination.count
    }
}

/// A message that ended early: the other end is not the process it should be.
struct WireError: Error {}

/// What the host asks of a child; the first byte of every request.
enum Request: UInt8 {
    /// Open a plugin if needed and create a step's instance.
    case create = 1
    /// Run an animator's `apply`; the reply holds the target's new state.
    case apply
    /// Run a mixer on images in the shared memory.
    case mix
    /// Make the shared memory that mixer images travel in, of a given size; the reply holds its
    /// descriptor in the child.
    case map
    /// Call a timing curve; the reply holds its value.
    case curve
    /// Ask an effect for its reach; the reply holds it.
    case reach
    /// Run an effect on an image in the shared memory.
    case effect
    /// Destroy every instance, run the plugins' `deinit`, exit.
    case quit
}

/// The first byte of every reply.
enum Reply: UInt8 {
    case done = 0
    /// The plugin returned false; a message follows.
    case failed
}
