import Foundation
import Testing

/// `pipeline validate` on the repository's magic move: exit 0, a one-line summary, no files.
@Suite struct ValidateCommandTests {
    @Test func validatePrintsASummaryAndWritesNothing() throws {
        let move = try MagicMove()
        defer { move.cleanUp() }
        let before = try SmallPipeline.contents(of: move.folder)
        let result = try CLI.run(["validate", "pipeline.json"], in: move.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("pipeline.json: ok"), "\(result.stdout)")
        #expect(result.stdout.contains("750×1334") && result.stdout.contains("90 frames at 60 fps"), "\(result.stdout)")
        #expect(result.stdout.contains("5 layers") && result.stdout.contains("6 steps"), "\(result.stdout)")
        #expect(try SmallPipeline.contents(of: move.folder) == before, "no file is written")
        #expect(!FileManager.default.fileExists(atPath: move.folder.appendingPathComponent("out").path))
    }
}
