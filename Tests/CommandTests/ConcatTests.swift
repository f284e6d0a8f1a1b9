import CommandTestSupport
import Foundation
import Testing

/// `pipeline concat` joins the videos of shards into one with every frame of the whole render,
/// and refuses parts that do not make one render.
@Suite final class ConcatTests {
    let folder: URL
    init() throws { folder = try SmallPipeline.folder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    static let partNames = ["small.0000-0005", "small.0006-0012", "small.0013-0019"]

    /// Renders shards `1…3` of 3 as `format` into `parts/`, with `extra` arguments for shard 2.
    private func renderShards(_ format: String, shardTwo extra: [String] = []) throws -> URL {
        let parts = folder.appendingPathComponent("parts")
        for shard in 1...3 {
            let result = try CLI.run(
                [
                    "run", "small.json", "--out", parts.path, "--format", format, "--quiet",
                    "--shard", "\(shard)/3",
                ] + (shard == 2 ? extra : []), in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        return parts
    }

    private func concat(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(["concat"] + arguments, in: folder)
    }

    @Test(arguments: ["mp4", "webm", "mov", "y4m", "gif", "apng"])
    func shardsJoinIntoEveryFrameOfTheWholeRender(format: String) throws {
        let parts = try renderShards(format)
        #expect(try SmallPipeline.contents(of: parts) == Self.partNames.map { "\($0).\(format)" })
        let result = try concat(["joined.\(format)", parts.path])
        #expect(result.status == 0, "\(result.stderr)")
        let whole = try CLI.run(["run", "small.json", "--out", "whole", "--format", format, "--quiet"], in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        let joined = try SmallPipeline.probe(folder.appendingPathComponent("joined.\(format)"))
        let reference = try SmallPipeline.probe(folder.appendingPathComponent("whole/small.\(format)"))
        #expect(
            joined != nil && joined?.frames == reference?.frames,
            "joined \(String(describing: joined)), whole \(String(describing: reference))")
        #expect(joined?.width == SmallPipeline.width && joined?.height == SmallPipeline.height)
    }

    @Test func partsListedInFrameOrderJoinToo() throws {
        let parts = try renderShards("mp4")
        let result = try concat(["joined.mp4"] + Self.partNames.map { parts.appendingPathComponent("\($0).mp4").path })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try SmallPipeline.probe(folder.appendingPathComponent("joined.mp4"))?.frames == SmallPipeline.frameCount)
    }

    @Test func aMissingShardIsNamed() throws {
        let parts = try renderShards("mp4")
        try FileManager.default.removeItem(at: parts.appendingPathComponent("small.0006-0012.mp4"))
        try expectRefusal(["joined.mp4", parts.path], saying: "frames 6-12 are missing between")
    }

    @Test func partsOutOfOrderAreRefused() throws {
        let parts = try renderShards("mp4")
        try expectRefusal(
            ["joined.mp4"] + Self.partNames.reversed().map { parts.appendingPathComponent("\($0).mp4").path },
            saying: "give the parts in frame order, each once")
    }

    @Test func partsOfAnotherSizeAreRefused() throws {
        let parts = try renderShards("mp4", shardTwo: ["--scale", "0.5"])
        try expectRefusal(["joined.mp4", parts.path], saying: "join parts of one render")
    }

    @Test func anotherFormatIsRefused() throws {
        let parts = try renderShards("mp4")
        try expectRefusal(
            ["joined.webm"] + Self.partNames.map { parts.appendingPathComponent("\($0).mp4").path },
            saying: "is not .webm like joined.webm")
        try expectRefusal(["joined.webp", parts.path], saying: "ffmpeg cannot read animated WebP back")
    }

    private func expectRefusal(_ arguments: [String], saying message: String) throws {
        let result = try concat(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(arguments[0]).path))
    }
}
