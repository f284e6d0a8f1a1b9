import Foundation

/// Which frames of a render a job writes: every one, `--frames A-B` (inclusive, numbered from 0
/// as the frame files are; `A-` to the end; `N` alone), or `--shard I/N`. Shard I of N gets
/// frames floor((I−1)·F/N) up to floor(I·F/N) of F, so shards 1…N tile the render exactly
/// whatever F and N are, and any scheduler can hand out shard numbers without knowing F.
/// `--shard auto` takes I and N from the scheduler that started the process (`SchedulerShard`).
public enum FrameSelection: Equatable, Sendable {
    case all
    case frames(first: Int, last: Int?)
    case shard(Int, of: Int)

    /// Reads the `--frames` and `--shard` options, at most one of which may be given; `--shard
    /// auto` reads the scheduler's variables from `environment`, which the caller gives (the
    /// command its own; a library what its host passes): the renderer reads no variable itself.
    public init(frames: String?, shard: String?, environment: [String: String]) throws(RenderJobError) {
        switch (frames, shard) {
        case (nil, nil): self = .all
        case (let text?, nil): self = try Self.parseFrames(text)
        case (nil, let text?) where text == "auto" || text.hasPrefix("auto/"):
            let (index, count) = try SchedulerShard.read(text, environment: environment)
            guard count <= Self.maximumShards else { throw .tooManyShards(text) }
            self = .shard(index, of: count)
        case (nil, let text?): self = try Self.parseShard(text)
        case (_?, _?): throw .framesAndShard
        }
    }

    /// The frames to render out of `frameCount`; a shard may have none.
    public func range(frameCount: Int) throws(RenderJobError) -> Range<Int> {
        switch self {
        case .all:
            return 0..<frameCount
        case .frames(let first, let last):
            // `first <= last` was checked when parsing.
            guard (last ?? first) < frameCount else {
                throw .framesOutside(last: last ?? first, frameCount: frameCount)
            }
            return first..<((last ?? (frameCount - 1)) + 1)
        case .shard(let index, let count):
            return (index - 1) * frameCount / count..<index * frameCount / count
        }
    }

    private static func parseFrames(_ text: String) throws(RenderJobError) -> FrameSelection {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if bounds.count == 1, let frame = number(bounds[0]) { return .frames(first: frame, last: frame) }
        if bounds.count == 2, let first = number(bounds[0]) {
            if bounds[1].isEmpty { return .frames(first: first, last: nil) }
            if let last = number(bounds[1]) {
                guard first <= last else { throw .framesReversed(text, first: first, last: last) }
                return .frames(first: first, last: last)
            }
        }
        throw .framesUnreadable(text)
    }

    /// More shards than this would be more than one frame each for any render (and keep I·F from overflowing).
    public static let maximumShards = 1_000_000

    private static func parseShard(_ text: String) throws(RenderJobError) -> FrameSelection {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let index = number(parts[0]), let count = number(parts[1]), count >= 1,
            (1...count).contains(index)
        else { throw .shardUnreadable(text) }
        guard count <= maximumShards else { throw .tooManyShards(text) }
        return .shard(index, of: count)
    }

    /// Plain decimal digits only: no signs, spaces or overflow.
    static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
