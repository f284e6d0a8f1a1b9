import Foundation

/// Whole messages through the pipes between a parent and its child process.
public enum PipeIO {
    /// Writes all of `bytes` to `descriptor`, again after an interrupted or partial write; false
    /// when the descriptor takes no more (the reader has gone).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        transferAll(bytes.count) { sent in
            bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// Fills all of `buffer` from `descriptor`, again after an interrupted or partial read; false
    /// at the end of the input or an error.
    public static func readFully(_ buffer: inout [UInt8], from descriptor: Int32) -> Bool {
        let count = buffer.count
        return transferAll(count) { filled in
            buffer[filled...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// Calls `transfer` with the bytes moved so far until `count` have moved: it answers how many
    /// it moved, or less than 1 for the end or an error (EINTR only tries again).
    private static func transferAll(_ count: Int, _ transfer: (Int) -> Int) -> Bool {
        var moved = 0
        while moved < count {
            let step = transfer(moved)
            if step < 0 && errno == EINTR { continue }
            guard step > 0 else { return false }
            moved += step
        }
        return true
    }
}
