/// The content hash run records keep of the files a render depends on: FNV-1a over the bytes,
/// in hex. It tells changed files apart; it is no defence against a file made to collide.
public enum ContentHash {
    public static func of<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let hash = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
