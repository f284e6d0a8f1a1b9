import ArgumentParser
import Foundation
import Output
import Scene

/// `run --resume`: the output folder records what each run renders (`RunRecord`), so a run
/// started again after an interruption keeps the complete files of the very same render and
/// renders the rest, and never mixes in frames of another.
extension Pipeline.Run {
    /// Reads the folder's record of an earlier run and writes this run's. With `--resume`, a
    /// recorded render that differs is refused (exit 1), and the same render's complete files
    /// are returned. Files of this run's names that another render left are removed first, so a
    /// folder never holds frames of two renders.
    func recordRun(_ record: RunRecord, plan: OutputPlan, in directory: String, frames: Range<Int>) throws -> OutputPlan.Finished {
        let path = "\(directory)/\(RunRecord.fileName(part: plan.part, frameCount: plan.scene.frameCount))"
        let earlier = RunRecord.read(path)
        var finished = OutputPlan.Finished()
        if resume, let earlier {
            let differences = record.differences(from: earlier)
            guard differences.isEmpty else {
                Console.error("cannot resume in \(directory): the run recorded in \(path) rendered something else: "
                              + differences.joined(separator: "; ")
                              + ". Run without --resume to start over (every frame is rendered again), or give another --out")
                throw ExitCode.failure
            }
            finished = Self.finished(plan.files(in: directory, frames: frames))
        } else if resume && !quiet {
            Console.note("nothing to resume in \(directory): no earlier run of this render is recorded there; rendering every frame")
        }
        guard earlier != record else { return finished }
        for file in plan.files(in: directory, frames: frames) { unlink(file.path) }
        do throws(OutputError) {
            try createDirectories(directory)
            try record.write(to: path)
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
        return finished
    }

    /// The files that exist; every output is renamed into place only when complete.
    private static func finished(_ files: [OutputPlan.PlannedFile]) -> OutputPlan.Finished {
        var finished = OutputPlan.Finished()
        for file in files where FileManager.default.fileExists(atPath: file.path) {
            if let frame = file.frame { finished.frames.insert(frame) } else { finished.formats.insert(file.format) }
        }
        return finished
    }

    /// Says what a resumed run continues from, or that nothing is left (`remaining` nil).
    func announce(resuming selected: Range<Int>, remaining: Range<Int>?, plan: OutputPlan, in directory: String) {
        guard resume, !quiet else { return }
        guard let remaining else {
            Console.note("every file of this render in \(directory) is already complete: nothing to do")
            return
        }
        if remaining != selected {
            let frames = remaining.count == 1 ? "frame \(remaining.lowerBound)" : "frames \(remaining.lowerBound)–\(remaining.upperBound - 1)"
            Console.note("resuming in \(directory): rendering \(frames); the others are complete")
        } else if !plan.finished.frames.isEmpty || !plan.finished.formats.isEmpty {
            let videos = plan.formats.filter { $0.needsFFmpeg && !plan.finished.formats.contains($0) }.map(\.rawValue)
            let kept = plan.finished.frames.isEmpty ? plan.finished.formats.map(\.rawValue).sorted().joined(separator: ", ") + " complete"
                : "the \(plan.finished.frames.count) complete PNG frames are kept"
            Console.note("resuming in \(directory): every frame is rendered again for \(videos.joined(separator: ", ")) "
                         + "(a video needs them all); \(kept)")
        }
    }
}
