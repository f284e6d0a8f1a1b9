import Dispatch
import Foundation
import PipelineKit
import StudioSupport

/// The pipeline being previewed, reloaded when its files change.
///
/// Plugin code runs in child processes (as `pipeline run --isolate` runs it): a plugin being
/// written that crashes, hangs or exits fails the frame it was rendering, with its name and
/// how it ended, and the next frame starts a new child. The preview process itself never opens
/// a plugin, so a rebuilt plugin needs no unloading: the next children open the new file.
///
/// Every property is touched on `queue` only, so renders, reloads and reads never overlap: a
/// reload swaps the pipeline (and so its children) between two requests.
final class LiveScene: @unchecked Sendable {
    let file: String
    let queue = DispatchQueue(label: "pipeline.preview.scene")
    /// The pipeline shown, its frames started; nil once stopped: it is closed, its children ended.
    var pipeline: Pipeline?
    /// The mix of the pipeline's sound as WAV (or why it could not be made), made when the page
    /// first asks for it, for one version.
    var soundWAV: (version: Int, wav: Result<[UInt8], PreviewError>)?
    /// Counts the pipelines shown: 1 at start, one more for each successful reload.
    var version = 1
    /// Why the last reload failed; nil once one succeeds.
    var problem: String?
    var watched: WatchedFiles
    /// The last draft the page asked for (`LiveScene+Draft`), until the next reload; a draft
    /// replaced is closed (its plugin child ends).
    var keptDraft: Draft? {
        didSet { if oldValue?.pipeline !== keptDraft?.pipeline { oldValue?.pipeline.close() } }
    }
    private var timer: DispatchSourceTimer?

    /// Shows `pipeline`, whose frames are started already, and closes it when it is replaced or
    /// the preview stops.
    init(_ pipeline: Pipeline) {
        file = pipeline.file
        self.pipeline = pipeline
        watched = pipeline.watchedFiles()
    }

    /// Runs `body` on the scene's queue and returns its result.
    func perform<T: Sendable>(_ body: @escaping @Sendable (LiveScene) -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body(self)) }
        }
    }

    /// The pipeline shown, or with `draft` that draft's; a failure once the preview stops.
    func shown(_ draft: Draft? = nil) -> Result<Pipeline, PreviewError> {
        guard let shown = draft?.pipeline ?? pipeline else { return .failure(PreviewError("the preview is stopping")) }
        return .success(shown)
    }

    /// The PNG of the frame shown `seconds` into the render, as `pipeline frame --at` writes it.
    /// With `draft`, the frame of that draft rather than of the file.
    /// `blur` caps the motion blur's samples (0: none), as `Pipeline.pngFrame` takes it.
    func png(
        at seconds: Double, scale: Pipeline.RenderScale = .full, blur: Int? = nil, draft: Draft? = nil
    ) -> Result<[UInt8], PreviewError> {
        shown(draft).flatMap { pipeline in
            do throws(PipelineError) {
                return .success(try pipeline.pngFrame(at: seconds, scale: scale, motionBlurSamples: blur))
            } catch {
                note("t=\(seconds) s: \(error.description)")
                return .failure(PreviewError(error.description))
            }
        }
    }

    /// The frame shown `seconds` into the render as a JPEG at `quality` when it is opaque (else
    /// its PNG), with its media type: what the page shows as it plays. With `draft`, that draft's.
    func viewerImage(
        at seconds: Double, scale: Pipeline.RenderScale = .full, quality: Int, blur: Int? = nil, draft: Draft? = nil
    ) -> Result<(bytes: [UInt8], mediaType: String), PreviewError> {
        shown(draft).flatMap { pipeline in
            do throws(PipelineError) {
                return .success(
                    try pipeline.viewerFrame(
                        at: seconds, scale: scale, quality: quality, motionBlurSamples: blur))
            } catch {
                note("t=\(seconds) s: \(error.description)")
                return .failure(PreviewError(error.description))
            }
        }
    }

    /// The pipeline's sound: its WAV if it was made (or failed) for this version already, else
    /// the pipeline to mix it from; neither when it plays none.
    func soundMix() -> (version: Int, made: Result<[UInt8], PreviewError>?, pipeline: Pipeline?) {
        if let made = soundWAV, made.version == version { return (version, made.wav, nil) }
        guard let pipeline, pipeline.playsSound else { return (version, nil, nil) }
        return (version, nil, pipeline)
    }

    /// Keeps what mixing `version`'s sound gave, for the next request.
    func keepSound(_ wav: Result<[UInt8], PreviewError>, version: Int) {
        if version == self.version { soundWAV = (version, wav) }
    }

    /// Mixes `pipeline`'s sound to WAV with ffmpeg: run off the scene's queue, as it may take a while.
    static func wav(of pipeline: Pipeline) -> Result<[UInt8], PreviewError> {
        do throws(PipelineError) {
            guard let wav = try pipeline.soundWAV() else {
                return .failure(PreviewError("the pipeline plays no sound"))
            }
            return .success(wav)
        } catch {
            return .failure(PreviewError(error.description))
        }
    }

    /// One line on standard error, where the preview reports reloads and failed frames.
    func note(_ message: String) {
        FileHandle.standardError.write(Data("preview: \(message)\n".utf8))
    }

    /// The steps' progress over the render, for the page's chart; plugin curves are called in a
    /// child, as frames call them.
    func timelineSummary(draft: Draft? = nil) -> Result<TimelineSummary, PreviewError> {
        shown(draft).flatMap { shown in
            do throws(PipelineError) {
                let (timing, failure) = try shown.timingSummary()
                if let failure { note("timing chart: \(failure)") }
                // Whether the file plays sound: GET /sound.wav plays the file's, drafts or not.
                let hasSound = pipeline?.playsSound ?? false
                return .success(
                    TimelineSummary(
                        version: version, timing: timing, hasSound: hasSound,
                        motionBlurSamples: shown.motionBlurSamples, sounds: pipeline?.soundLabels ?? []))
            } catch {
                return .failure(PreviewError(error.description))
            }
        }
    }

    /// Checks the watched files every `interval` seconds and reloads on a change.
    func startWatching(every interval: Double) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [unowned self] in reloadIfChanged() }
        timer.resume()
        self.timer = timer
    }

    /// Stops watching and closes the pipeline: its plugin children end (their instances are
    /// destroyed and their plugins' `deinit` called).
    func stop() {
        queue.sync {
            timer?.cancel()
            timer = nil
            keptDraft = nil
            pipeline?.close()
            pipeline = nil
        }
    }
}

/// What the preview watches, compared between polls: the pipeline file and its plugin files.
package typealias WatchedFiles = Pipeline.WatchedFiles
