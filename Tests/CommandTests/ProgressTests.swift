import CommandTestSupport
import Foundation
import Testing

/// `run` reports progress on standard error (a line every two seconds when it is not a
/// terminal): the first line counts frames only, since a rate and a time left measured over the
/// first frame or two would be wild; the last gives the whole render's rate.
@Suite final class ProgressTests {
    let folder: URL
    init() throws { folder = try SmallPipeline.folder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func theFirstLineHasNoEstimateAndTheLastHasTheRate() throws {
        let result = try CLI.run(["run", "small.json", "--format", "png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("frame ") }
        #expect(lines.first == "frame 1/20", "\(result.stderr)")
        #expect(!result.stderr.contains("eta"), "a render this short never has a meaningful estimate: \(result.stderr)")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("frame 20/20  ") && last.hasSuffix(" fps"), "\(result.stderr)")
    }
}
