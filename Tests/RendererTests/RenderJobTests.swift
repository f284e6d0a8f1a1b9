import Foundation
import OptionNames
import Scene
import Testing

@testable import Renderer

@Suite("Render job: what a run writes and tells")
struct RenderJobTests {
    @Test("renders every frame into the folder, records the run, and says what it wrote")
    func whole() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let reporter = RecordingReporter()
        let summary = try fixture.job(.init(threads: 2), reporter: reporter).run()
        #expect(try fixture.outputFiles() == frameNames(0..<20))
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/.pipeline-run.json"))
        #expect(summary.written == ["\(fixture.output)/ (20 PNG frames)"])
        #expect(summary.isComplete && !summary.substitutedValues)
        #expect(reporter.notes == ["wrote \(fixture.output)/ (20 PNG frames)"] && reporter.framesRendered == 20)
        #expect(reporter.warnings.isEmpty && reporter.problems.isEmpty)
    }

    @Test("a part writes only its frames; discarding renders them and writes nothing")
    func partAndDiscard() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let reporter = RecordingReporter()
        let part = try fixture.job(.init(selection: .frames(first: 5, last: 9)), reporter: reporter).run()
        #expect(try fixture.outputFiles() == frameNames(5..<10))
        #expect(part.written == ["\(fixture.output)/ (5 PNG frames)"])
        let discarding = RenderJob.Options(directory: fixture.folder + "/elsewhere", discard: true)
        let discarded = try fixture.job(discarding, reporter: reporter).run()
        #expect(discarded.written.isEmpty && discarded.isComplete && reporter.framesRendered == 25)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder + "/elsewhere"))
    }

    @Test("a shard without frames writes nothing and says so")
    func emptyShard() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let reporter = RecordingReporter()
        let summary = try fixture.job(.init(selection: .shard(1, of: 30)), reporter: reporter).run()
        #expect(summary.written.isEmpty && summary.isComplete)
        #expect(reporter.notes == ["shard 1/30 of a 20-frame render has no frames: nothing to write"])
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }

    @Test("a scale that makes a side longer than a canvas may be is refused before anything is written")
    func tooLarge() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        do {
            _ = try fixture.job(.init(scale: 500)).run()
            Issue.record("frames of 20000×15000 pixels were rendered")
        } catch {
            #expect(
                error.text.onCommandLine
                    == "--scale 500.0 makes 40×30 frames 20000×15000 pixels; a side may be at most "
                    + "16384: use a smaller scale")
            #expect(error.kind == .input)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
    }
}
