import ArgumentParser

/// Which frames of a render `run` writes: every one, `--frames A-B` (inclusive, numbered from 0
/// as the frame files are; `A-` to the end; `N` alone), or `--shard I/N`. Shard I of N gets
/// frames floor((I−1)·F/N) up to floor(I·F/N) of F, so shards 1…N tile the render exactly
/// whatever F and N are, and any scheduler can hand out shard numbers without knowing F.
enum FrameSelection: Equatable {
    case all
    case frames(first: Int, last: Int?)
    case shard(Int, of: Int)

    init(frames: String?, shard: String?) throws {
        switch (frames, shard) {
        case (nil, nil): self = .all
        case (let text?, nil): self = try Self.parseFrames(text)
        case (nil, let text?): self = try Self.parseShard(text)
        case (_?, _?): throw ValidationError("give --frames or --shard, not both: --shard I/N splits the whole render by itself")
        }
    }

    /// The frames to render out of `frameCount`; a shard may have none.
    func range(frameCount: Int) throws -> Range<Int> {
        switch self {
        case .all:
            return 0..<frameCount
        case .frames(let first, let last):
            // `first <= last` was checked when parsing.
            guard (last ?? first) < frameCount else {
                throw ValidationError("--frames reaches frame \(last ?? first), but the render has \(frameCount) frames, "
                                      + "0-\(frameCount - 1): give frames within that range")
            }
            return first..<((last ?? (frameCount - 1)) + 1)
        case .shard(let index, let count):
            return (index - 1) * frameCount / count..<index * frameCount / count
        }
    }

    private static func parseFrames(_ text: String) throws -> FrameSelection {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if bounds.count == 1, let frame = number(bounds[0]) { return .frames(first: frame, last: frame) }
        if bounds.count == 2, let first = number(bounds[0]) {
            if bounds[1].isEmpty { return .frames(first: first, last: nil) }
            if let last = number(bounds[1]) {
                guard first <= last else { throw ValidationError("--frames \(text) ends before it starts: give the lower frame first (\(last)-\(first))") }
                return .frames(first: first, last: last)
            }
        }
        throw ValidationError("--frames takes A-B (frames A to B inclusive, counted from 0 as the frame files are), A- (A to the end) or N, got \"\(text)\"")
    }

    /// More shards than this would be more than one frame each for any render (and keep I·F from overflowing).
    static let maximumShards = 1_000_000

    private static func parseShard(_ text: String) throws -> FrameSelection {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let index = number(parts[0]), let count = number(parts[1]), count >= 1, (1...count).contains(index) else {
            throw ValidationError("--shard takes I/N, shard I of N with 1 ≤ I ≤ N (--shard 1/4 is the first quarter), got \"\(text)\"")
        }
        guard count <= maximumShards else { throw ValidationError("--shard \(text): N may be at most \(maximumShards)") }
        return .shard(index, of: count)
    }

    /// Plain decimal digits only: no signs, spaces or overflow.
    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
