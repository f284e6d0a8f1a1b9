/// Frame numbers in file names, zero-padded to the digits the whole render needs (at least four),
/// so names sort in frame order and every shard of one render numbers its files the same way.
public struct FrameNumbering: Sendable {
    public let digits: Int

    public init(frameCount: Int) {
        digits = max(4, String(max(0, frameCount - 1)).count)
    }

    /// `30` as `0030` (with four digits).
    public func label(_ index: Int) -> String {
        let number = String(index)
        return String(repeating: "0", count: max(0, digits - number.count)) + number
    }
}
