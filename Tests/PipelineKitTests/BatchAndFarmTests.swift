import FarmSubmission
import Foundation
import PipelineKit
import Testing

/// A batch of variants and a Slurm submission made through the library, with no executable.
@Suite struct BatchAndFarmTests {
    let kit = try! PipelineKitTests()

    final class Heard: BatchObserver, @unchecked Sendable {
        let lock = NSLock()
        var started: (frames: Int, variants: Int)?
        var notes: [String] = []
        var frames = 0

        func batchStarted(frames: Int, variants: Int) { started = (frames, variants) }
        func note(_ message: String, variant id: String) { notes.append("\(id): \(message)") }
        func warning(_ message: String, variant id: String) { notes.append("warning: \(id): \(message)") }
        func problem(_ message: String, variant id: String) { notes.append("error: \(id): \(message)") }
        func progress(frames: Int, variantsEnded: Int) -> Bool {
            self.frames += frames
            return true
        }
        func batchFinished() {}
    }

    @Test func eachVariantRendersIntoItsFolderAndAFailureIsNamedWithItsLine() throws {
        let file = try kit.write()
        let variants = kit.folder.appendingPathComponent("variants.jsonl").path
        try """
        {"id": "slow", "canvas": {"fps": 5}}
        {"id": "broken", "canvas": {"fps": "fast"}}
        """.write(toFile: variants, atomically: true, encoding: .utf8)
        var render = Pipeline.RenderOptions()
        (render.directory, render.formats, render.threads) = (kit.folder.appendingPathComponent("out").path, ["png"], 2)
        let heard = Heard()
        let result = try Pipeline.renderBatch(
            file: file, variantsFile: variants, options: PipelineKitTests.options, render: render, observer: heard)

        #expect(result.variants.map(\.id) == ["slow", "broken"])
        #expect(result.variants[0].outcome == .rendered)
        guard case .failed(let message) = result.variants[1].outcome else {
            Issue.record("the broken variant did not fail: \(result.variants[1].outcome)")
            return
        }
        #expect(message.contains("canvas.fps"), "\(message)")
        #expect(result.status == 2)
        #expect(result.failures == ["variant \"broken\" (\(variants):2) failed: \(message)"])
        #expect(result.summary.hasPrefix("1 of 2 variants failed (broken); 1 of 2 variants rendered"))
        let frames = try FileManager.default.contentsOfDirectory(atPath: render.directory! + "/slow")
        #expect(frames.filter { $0.hasSuffix(".png") }.count == 5)
        #expect(heard.started?.frames == 5 && heard.started?.variants == 2 && heard.frames == 5)
    }

    @Test func aSubmissionRepeatsThePictureAndJoinsTheParts() throws {
        let file = try kit.write()
        var options = PipelineKitTests.options
        options.headersOnly = true
        let pipeline = try Pipeline.open(file: file, options: options)
        var request = SlurmSubmission.Request(parts: 2)
        (request.render.formats, request.render.quality) = (["png", "mp4"], 90)
        request.render.directory = kit.folder.appendingPathComponent("farm").path
        request.executable = "/opt/pipeline/bin/pipeline"
        let job = try SlurmSubmission(pipeline, options: options, request: request)

        #expect(job.renderScript.text.contains("'--format' 'png,mp4' '--quality' '90'"), "\(job.renderScript.text)")
        #expect(job.renderScript.text.contains("--shard \"$((SLURM_ARRAY_TASK_ID + 1))/2\""))
        let concat = try #require(job.concatScript).text
        #expect(concat.contains("p.0000-0004.mp4") && concat.contains("p.0005-0009.mp4"), "\(concat)")

        request.parts = 11
        #expect {
            try SlurmSubmission(pipeline, options: options, request: request)
        } throws: { error in
            (error as? PipelineError)?.description.contains("more than the render's 10 frames") == true
        }
    }

    @Test func aStillAndAContactSheetAreWritten() throws {
        let pipeline = try Pipeline.open(file: try kit.write(), options: PipelineKitTests.options)
        let still = kit.folder.appendingPathComponent("still.png").path
        #expect(try pipeline.writeFrame(at: 0.5, to: still).isEmpty)
        #expect(FileManager.default.fileExists(atPath: still))
        #expect(throws: PipelineError.self) { _ = try pipeline.writeFrame(at: 2, to: still) }
        var sheet = Pipeline.SheetOptions()
        sheet.count = 3
        let sheetFile = kit.folder.appendingPathComponent("sheet.png").path
        #expect(try pipeline.writeSheet(to: sheetFile, sheet).isEmpty)
        let chart = kit.folder.appendingPathComponent("chart.png").path
        #expect(try pipeline.writeChart(to: chart) == nil)
        #expect(FileManager.default.fileExists(atPath: sheetFile) && FileManager.default.fileExists(atPath: chart))
        #expect(throws: PipelineError.self) { _ = try Pipeline.SheetOptions.times("0,abc") }
    }
}
