/// The content hash run records keep of the files a render depends on: FNV-1a over the bytes,
/// in hex. It tells changed files apart; it is no defence against a file made to collide.
public enum ContentHash {
    public static func of<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        // Bytes in one piece (Data, arrays, most strings' UTF-8) are read through a pointer: the
        // element-by-element loop of an unspecialised Sequence costs ~20 ns a byte, seconds for
        // a video of a few hundred megabytes.
        let hash = bytes.withContiguousStorageIfAvailable(fnv1a) ?? bytes.reduce(offsetBasis, step)
        return String(hash, radix: 16)
    }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    private static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes { hash = step(hash, byte) }
        return hash
    }
}
