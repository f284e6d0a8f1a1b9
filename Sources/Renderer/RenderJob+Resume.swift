import Foundation
import Output
import Scene

/// Resuming (`run --resume`): the output folder records what each run renders (`RunRecord`), so
/// a run started again after an interruption keeps the complete files of the very same render
/// and renders the rest, and never mixes in frames of another.
extension RenderJob {
    /// Reads the folder's record of an earlier run and writes this run's. When resuming, a
    /// recorded render that differs is refused, and the same render's complete files are
    /// returned. Files of this run's names that another render left are removed first, so a
    /// folder never holds frames of two renders.
    func recordRun(
        plan: OutputPlan, in directory: String,
        frames: Range<Int>
    ) throws(RenderJobError) -> OutputPlan.Finished {
        let record = RunRecord(
            scene: scene, formats: plan.formats, previews: plan.previews, quality: plan.quality, scale: options.scale,
            width: plan.width, height: plan.height, frames: frames, imageScaling: options.imageScaling,
            footageFiles: images.footage.files, soundHashes: plan.sound?.contentHashes ?? [:],
            captionFiles: plan.subtitles == nil ? [] : plan.captionFiles)
        let path = plan.recordPath(in: directory)
        let earlier = RunRecord.read(path)
        var finished = OutputPlan.Finished()
        if options.resume, let earlier {
            let differences = record.differences(from: earlier)
            guard differences.isEmpty else {
                throw .resumeRefused(folder: directory, record: path, differences: differences)
            }
            finished = Self.finished(plan.files(in: directory, frames: frames), recorded: earlier)
        } else if options.resume {
            reporter.note(
                "nothing to resume in \(directory): no earlier run of this render is recorded there; "
                    + "rendering every frame")
        }
        guard earlier != record else { return finished }
        for file in plan.files(in: directory, frames: frames) { unlink(file.path) }
        do throws(OutputError) {
            try createDirectories(directory)
            try record.write(to: path)
        } catch {
            throw .recordNotWritten(error)
        }
        return finished
    }

    /// The files that exist (every output is renamed into place only when complete); a video
    /// only if it is the very file the recorded run completed.
    private static func finished(_ files: [OutputPlan.PlannedFile], recorded: RunRecord) -> OutputPlan.Finished {
        var finished = OutputPlan.Finished()
        for file in files where FileManager.default.fileExists(atPath: file.path) {
            if let frame = file.frame {
                finished.frames.insert(frame)
            } else if let fingerprint = recorded.finishedVideos[(file.path as NSString).lastPathComponent],
                RunRecord.fingerprint(file.path) == fingerprint
            {
                finished.videos.insert(file.name)
            }
        }
        return finished
    }

    /// Records the size and hash of each video of the plan this run completed (`written`, paths as
    /// `finishAll` returns them) or found complete.
    func recordFinishedVideos(_ plan: OutputPlan, written: [String], in directory: String, frames: Range<Int>) {
        let path = plan.recordPath(in: directory)
        guard var record = RunRecord.read(path) else { return }
        for file in plan.files(in: directory, frames: frames)
        where file.frame == nil
            && (written.contains(file.path) || plan.finished.videos.contains(file.name))
        {
            guard let fingerprint = RunRecord.fingerprint(file.path) else { continue }
            record.finishedVideos[(file.path as NSString).lastPathComponent] = fingerprint
        }
        do throws(OutputError) { try record.write(to: path) } catch { reporter.problem(error.description) }
    }

    /// Says what a resumed run continues from, or that nothing is left (`remaining` nil).
    func announce(resuming selected: Range<Int>, remaining: Range<Int>?, plan: OutputPlan, in directory: String) {
        guard options.resume else { return }
        guard let remaining else {
            return reporter.note("every file of this render in \(directory) is already complete: nothing to do")
        }
        if remaining != selected {
            let frames =
                remaining.count == 1
                ? "frame \(remaining.lowerBound)"
                : "frames \(remaining.lowerBound)–\(remaining.upperBound - 1)"
            reporter.note("resuming in \(directory): rendering \(frames); the others are complete")
        } else if !plan.finished.frames.isEmpty || !plan.finished.videos.isEmpty {
            let videos = plan.files(in: directory, frames: selected).filter { $0.frame == nil }
            let missing = videos.filter { !plan.finished.videos.contains($0.name) }.map(\.label)
            let kept =
                plan.finished.frames.isEmpty
                ? videos.filter { plan.finished.videos.contains($0.name) }.map(\.label).sorted()
                    .joined(separator: ", ") + " complete"
                : "the \(plan.finished.frames.count) complete PNG frames are kept"
            reporter.note(
                "resuming in \(directory): every frame is rendered again for "
                    + "\(missing.joined(separator: ", ")) (a video needs them all); \(kept)")
        }
    }
}
