import Compositor
import Foundation
import Scene
import Testing

@testable import Renderer

@Suite("Resume: what a run renders, given its folder's record and files")
struct ResumePlanningTests {
    @Test("a first run records itself and renders every frame; --resume without a record says so")
    func firstRun() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let reporter = RecordingReporter()
        let preparation = try #require(try fixture.job(.init(resume: true), reporter: reporter).prepare())
        #expect(preparation.selected == 0..<20 && preparation.frames == 0..<20)
        #expect(
            reporter.notes == [
                "nothing to resume in \(fixture.output): no earlier run of this render is recorded "
                    + "there; rendering every frame"
            ])
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/.pipeline-run.json"))
    }

    @Test("resuming keeps the complete PNG frames and renders from the first missing one to the last")
    func pngFrames() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        _ = try fixture.job().prepare()
        try fixture.place(frameNames(0..<12) + frameNames([15]))
        let reporter = RecordingReporter()
        let preparation = try #require(try fixture.job(.init(resume: true), reporter: reporter).prepare())
        #expect(preparation.frames == 12..<20)
        #expect(preparation.plan.finished.frames == Set(0..<12).union([15]))
        #expect(reporter.notes == ["resuming in \(fixture.output): rendering frames 12–19; the others are complete"])
        #expect(try fixture.outputFiles() == frameNames(0..<12) + frameNames([15]))
    }

    @Test("a folder holding every file of the render leaves nothing to render")
    func complete() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        _ = try fixture.job().prepare()
        try fixture.place(frameNames(0..<20))
        let reporter = RecordingReporter()
        #expect(try fixture.job(.init(resume: true), reporter: reporter).prepare() == nil)
        #expect(reporter.notes == ["every file of this render in \(fixture.output) is already complete: nothing to do"])
    }

    @Test("a missing video makes a resumed run render every frame again, keeping the PNG frames")
    func missingVideo() throws {
        let fixture = try JobFixture(formats: ["png", "mp4"])
        defer { fixture.remove() }
        _ = try fixture.job().prepare()
        try fixture.place(frameNames(0..<20))
        let reporter = RecordingReporter()
        let preparation = try #require(try fixture.job(.init(resume: true), reporter: reporter).prepare())
        #expect(preparation.frames == 0..<20 && preparation.plan.finished.frames.count == 20)
        #expect(
            reporter.notes == [
                "resuming in \(fixture.output): every frame is rendered again for mp4 "
                    + "(a video needs them all); the 20 complete PNG frames are kept"
            ])
    }

    @Test("a part resumes from its own record and names its last frame alone when one is left")
    func part() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let part = RenderJob.Options(selection: .frames(first: 10, last: 14))
        _ = try fixture.job(part).prepare()
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/.pipeline-run.0010-0014.json"))
        try fixture.place(frameNames(10..<14))
        var resumed = part
        resumed.resume = true
        let reporter = RecordingReporter()
        let preparation = try #require(try fixture.job(resumed, reporter: reporter).prepare())
        #expect(preparation.selected == 10..<15 && preparation.frames == 14..<15)
        #expect(reporter.notes == ["resuming in \(fixture.output): rendering frame 14; the others are complete"])
    }

    @Test("resuming a folder whose record differs is refused, saying what differs, and leaves the folder be")
    func differentRender() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        _ = try fixture.job().prepare()
        try fixture.place(frameNames(0..<5))
        do {
            _ = try fixture.job(.init(scale: 0.5, resume: true)).prepare()
            Issue.record("a render at another scale was resumed")
        } catch {
            guard case .resumeRefused(let folder, let record, let differences) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(folder == fixture.output && record == fixture.output + "/.pipeline-run.json")
            #expect(differences == ["frame size: 40x30 then, 20x15 now", "scale: 1.0 then, 0.5 now"])
            #expect(error.kind == .input)
        }
        #expect(try fixture.outputFiles() == frameNames(0..<5))
    }

    @Test("a render that samples small images another way is another render")
    func otherImageScaling() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        _ = try fixture.job().prepare()
        do {
            _ = try fixture.job(.init(resume: true, imageScaling: .exact)).prepare()
            Issue.record("a render with exact image scaling resumed a mipmapped one")
        } catch {
            guard case .resumeRefused(_, _, let differences) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(differences == ["image scaling: mipmapped then, exact now"])
        }
    }

    @Test("a run of another render removes the files the earlier one left under its names, and no others")
    func startOver() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        _ = try fixture.job(.init(scale: 0.5)).prepare()
        try fixture.place(frameNames(0..<5) + ["notes.txt"])
        let preparation = try #require(try fixture.job().prepare())
        #expect(preparation.frames == 0..<20 && preparation.plan.finished == OutputPlan.Finished())
        #expect(try fixture.outputFiles() == ["notes.txt"])
        let record = try #require(RunRecord.read(fixture.output + "/.pipeline-run.json"))
        #expect(record.entries["scale"] == "1.0")
    }
}
