import CommandTestSupport
import Foundation
import Testing

/// `run --shard I/N` and `--frames A-B` render exactly those frames, byte for byte as the whole
/// render does and under its file names, so parts copied into one folder are the whole render.
@Suite final class ShardTests {
    let folder: URL
    init() throws { folder = try SmallPipeline.folder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func render(into name: String, _ arguments: [String] = []) throws -> URL {
        let out = folder.appendingPathComponent(name)
        let result = try CLI.run(
            ["run", "small.json", "--out", out.path, "--format", "png", "--quiet"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    /// Every file in `part` has the bytes of the whole render's file of that name.
    private func expectSameBytes(_ part: URL, as whole: URL) throws {
        for name in try SmallPipeline.contents(of: part) {
            let bytes = try Data(contentsOf: part.appendingPathComponent(name))
            #expect(
                bytes == (try Data(contentsOf: whole.appendingPathComponent(name))), "\(part.lastPathComponent)/\(name)"
            )
        }
    }

    /// 20 frames in 3 shards: frames 0-5, 6-12 and 13-19.
    @Test func threeShardsTileTheWholeRender() throws {
        let whole = try render(into: "whole")
        let shards = try (1...3).map { try render(into: "shard\($0)", ["--shard", "\($0)/3"]) }
        let names = try shards.map(SmallPipeline.contents(of:))
        #expect(names.map(\.count) == [6, 7, 7])
        #expect(names.flatMap { $0 } == SmallPipeline.frameNames())
        for shard in shards { try expectSameBytes(shard, as: whole) }
    }

    @Test func framesAToBAreTheWholeRendersFrames() throws {
        let whole = try render(into: "whole")
        let part = try render(into: "part", ["--frames", "5-9"])
        #expect(try SmallPipeline.contents(of: part) == Array(SmallPipeline.frameNames()[5...9]))
        try expectSameBytes(part, as: whole)
    }

    @Test(arguments: [("15-", 15...19), ("7", 7...7), ("0-19", 0...19)])
    func openEndedAndSingleFrameRanges(frames: String, expected: ClosedRange<Int>) throws {
        let part = try render(into: "part", ["--frames", frames])
        #expect(try SmallPipeline.contents(of: part) == Array(SmallPipeline.frameNames()[expected]))
    }

    /// With more shards than frames some shards are empty; a job array still succeeds.
    @Test func aShardWithoutFramesWritesNothingAndSucceeds() throws {
        let out = folder.appendingPathComponent("empty")
        let result = try CLI.run(["run", "small.json", "--out", out.path, "--shard", "1/30"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("shard 1/30 of a 20-frame render has no frames: nothing to write"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(arguments: [
        (["--frames", "20"], "the render has 20 frames, 0-19"),
        (["--frames", "5-40"], "the render has 20 frames, 0-19"),
        (["--frames", "9-5"], "give the lower frame first (5-9)"),
        (["--frames", "x"], "--frames takes A-B"),
        (["--frames", "1-2-3"], "--frames takes A-B"),
        (["--shard", "0/3"], "--shard takes I/N"),
        (["--shard", "4/3"], "--shard takes I/N"),
        (["--shard", "1/0"], "--shard takes I/N"),
        (["--shard", "2"], "--shard takes I/N"),
        (["--frames", "1-2", "--shard", "1/2"], "give --frames or --shard, not both"),
    ])
    func badSelectionsExitOneAndSayWhy(arguments: [String], message: String) throws {
        let out = folder.appendingPathComponent("refused")
        let result = try CLI.run(["run", "small.json", "--out", out.path] + arguments, in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
