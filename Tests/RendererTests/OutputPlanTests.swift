import Foundation
import OptionNames
import Output
import Scene
import Testing

@testable import Renderer

@Suite("Output plan: the files a run writes")
struct OutputPlanTests {
    private func plan(_ fixture: JobFixture, formats: [OutputFormat], part: Range<Int>?) -> OutputPlan {
        OutputPlan(
            scene: fixture.scene, destination: .directory(fixture.output), formats: formats, quality: .standard,
            width: 40, height: 30, part: part)
    }

    @Test("a whole render names its videos and record after the pipeline file")
    func whole() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let plan = plan(fixture, formats: [.png, .mp4, .gif], part: nil)
        #expect(plan.videoName(.mp4) == "card.mp4" && plan.videoName(.gif) == "card.gif")
        #expect(plan.recordPath(in: fixture.output) == fixture.output + "/.pipeline-run.json")
        let files = plan.files(in: fixture.output, frames: 0..<20).map { ($0.path as NSString).lastPathComponent }
        #expect(files == frameNames(0..<20) + ["card.mp4", "card.gif"])
    }

    @Test("a part names its videos and record by its first and last frame, numbered as the PNG frames are")
    func part() throws {
        let fixture = try JobFixture(frames: 200)
        defer { fixture.remove() }
        let plan = plan(fixture, formats: [.png, .webm], part: 30..<60)
        #expect(plan.videoName(.webm) == "card.0030-0059.webm")
        #expect(plan.recordPath(in: fixture.output) == fixture.output + "/.pipeline-run.0030-0059.json")
        let files = plan.files(in: fixture.output, frames: 30..<60)
        #expect(files.compactMap(\.frame) == Array(30..<60))
        #expect(files.map { ($0.path as NSString).lastPathComponent } == frameNames(30..<60) + ["card.0030-0059.webm"])
    }

    @Test("a render of more than 10,000 frames numbers every name with five digits")
    func wideNumbers() throws {
        let fixture = try JobFixture(frames: 12_000)
        defer { fixture.remove() }
        let plan = plan(fixture, formats: [.png, .mp4], part: 9_990..<10_010)
        #expect(plan.videoName(.mp4) == "card.09990-10009.mp4")
        let first = plan.files(in: fixture.output, frames: 9_990..<9_991).first
        #expect(first?.path == fixture.output + "/frame_09990.png")
    }

    @Test("a file name too long for the file system is refused before anything is written")
    func longNames() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let deep = fixture.output + "/" + String(repeating: "d", count: 300)
        do {
            try plan(fixture, formats: [.png], part: nil).checkPathLengths(in: deep, frames: 0..<20)
            Issue.record("a folder name of 300 characters was accepted")
        } catch {
            guard case .folderTooLong(let folder, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(folder == deep)
            #expect(error.text.onCommandLine.hasSuffix(": choose a shorter one with --out"))
        }
        try plan(fixture, formats: [.png, .mp4], part: nil).checkPathLengths(in: fixture.output, frames: 0..<20)
    }
}
