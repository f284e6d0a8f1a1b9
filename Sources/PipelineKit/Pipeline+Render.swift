import Foundation
import JSON
import OptionNames
import Output
import Renderer
import Scene

extension Pipeline {
    /// What a render wrote, and what it had to say along the way.
    public struct RenderResult: Sendable {
        /// The files and folders written.
        public let written: [String]
        /// What happened: resuming, nothing to do, the files written.
        public let notes: [String]
        /// Values a plugin got wrong and were replaced, space likely to run out, an output that
        /// could not be written (then `isComplete` is false).
        public let warnings: [String]
        public let isComplete: Bool
        /// A plugin wrote values that cannot be drawn, replaced by the property's earlier value
        /// (each named among the warnings): the files are written, but not as the plugin meant.
        public let substitutedValues: Bool
    }

    /// Renders the pipeline into its outputs as `pipeline run` does. `progress` hears each
    /// finished frame on the calling thread; returning false stops the render at the next frame
    /// (`PipelineError.Code.cancelled`), leaving every finished file complete.
    public func render(
        _ options: RenderOptions = RenderOptions(), progress: ((RenderProgress) -> Bool)? = nil
    ) throws(PipelineError) -> RenderResult {
        let observer = CollectingObserver(progress: progress)
        let result = try render(options, observer: observer)
        return RenderResult(
            written: result.written, notes: observer.notes, warnings: observer.warnings,
            isComplete: result.isComplete, substitutedValues: result.substitutedValues)
    }

    /// Renders as `render(_:progress:)` does, telling `observer` what happens as it happens; the
    /// result's notes and warnings are left empty, the observer having heard them.
    public func render(_ options: RenderOptions, observer: some RenderObserver) throws(PipelineError) -> RenderResult {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw PipelineError(.argument, "the pipeline is closed") }
        guard !isHeadersOnly else {
            throw PipelineError(.argument, "the pipeline was opened with headersOnly: its images were not decoded")
        }
        let images = try decodedImages()
        var jobOptions = try options.jobOptions(isolation: isolation)
        let formats = jobOptions.formats ?? scene.output.formats
        if scene.output.namesVariants, !jobOptions.discard, jobOptions.stream == nil,
            formats.contains(where: \.needsFFmpeg)
        {
            throw PipelineError(
                SceneError(
                    file: scene.file, position: nil, path: OutputSettings.namePath,
                    message:
                        "\"\(scene.output.name)\" has \(OutputSettings.variantID), a batch variant's id, and this "
                        + "render is no batch's: render it as a batch of variants, or name the videos without it"))
        }
        let stop = StopFlag()
        if !options.stopsOnSignals { jobOptions.stop = .asked { stop.isRaised } }
        let reporter = ObserverReporter(observer: observer, stop: stop)
        let job = RenderJob(scene: scene, images: images, sound: sound, options: jobOptions, reporter: reporter)
        do throws(RenderJobError) {
            let summary = try job.run()
            return RenderResult(
                written: summary.written, notes: [], warnings: [], isComplete: summary.isComplete,
                substitutedValues: summary.substitutedValues)
        } catch {
            throw PipelineError(error)
        }
    }
}

/// What a render tells its caller as it goes. Called on the thread that called `render`.
public protocol RenderObserver: AnyObject {
    /// What the render is doing or did: resuming, nothing to do, the files written.
    func note(_ message: String)
    /// A value a plugin got wrong was replaced, or the frames will likely not fit on the disk.
    func warning(_ message: String)
    /// An output that cannot be opened or finished; the others are still written.
    func problem(_ message: String)
    /// Rendering starts: `frames` frames, each announced by `frameRendered` once every output has it.
    func renderStarted(frames: Int)
    /// A frame is in every output; returning false stops the render at the next frame.
    func frameRendered() -> Bool
    /// Every frame is rendered (not called when the render fails).
    func renderFinished()
}

extension PipelineError {
    init(_ error: RenderJobError) {
        let message = ([error.text] + error.notes).joined(separator: "\n")
        switch error.kind {
        case .input: self.init(.input, message)
        case .failure: self.init(.render, message)
        case .interrupted: self.init(.cancelled, message)
        }
    }
}

/// A stop asked for by a progress callback, read by the rendering threads.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}

/// A render job's reports passed to an observer; a frame the observer refuses raises `stop`.
final class ObserverReporter<Observer: RenderObserver>: RenderJobReporter {
    let observer: Observer
    let stop: StopFlag

    init(observer: Observer, stop: StopFlag) { (self.observer, self.stop) = (observer, stop) }

    func note(_ message: String) { observer.note(message) }
    func warning(_ message: String) { observer.warning(message) }
    func problem(_ message: String) { observer.problem(message) }
    func renderStarted(frames: Int) { observer.renderStarted(frames: frames) }
    func frameRendered() { if !observer.frameRendered() { stop.raise() } }
    func renderFinished() { observer.renderFinished() }
}

/// Keeps what a render says and passes its progress on.
final class CollectingObserver: RenderObserver {
    private(set) var notes: [String] = []
    private(set) var warnings: [String] = []
    private var (done, total) = (0, 0)
    private let progress: ((Pipeline.RenderProgress) -> Bool)?

    init(progress: ((Pipeline.RenderProgress) -> Bool)?) { self.progress = progress }

    func note(_ message: String) { notes.append(message) }
    func warning(_ message: String) { warnings.append(message) }
    func problem(_ message: String) { warnings.append(message) }
    func renderStarted(frames: Int) { (done, total) = (0, frames) }
    func frameRendered() -> Bool {
        done += 1
        return progress?(Pipeline.RenderProgress(framesDone: done, framesTotal: total)) ?? true
    }
    func renderFinished() {}
}

extension Pipeline {
    /// Mesa's llvmpipe draws every GL context of a process through one rasterizer, whose
    /// threads (`LP_NUM_THREADS`, every core by default) are all the parallelism GLSL
    /// transitions get: lanes share it. This gives it as many threads as a render of `threads`
    /// lanes has, so one thread uses one core and GLSL transitions scale with the threads. Call
    /// it before any pipeline is opened (the driver reads it when it loads); a value already in
    /// the environment is kept.
    public static func rasterizeGLSLOnLanes(_ threads: Int) {
        guard ProcessInfo.processInfo.environment["LP_NUM_THREADS"] == nil else { return }
        let lanes = min(max(threads, 1), ProcessInfo.processInfo.activeProcessorCount)
        setenv("LP_NUM_THREADS", String(lanes), 1)
    }
}

extension Pipeline.RenderOptions {
    /// The formats and the previews among them these options give, checked; nil where they give
    /// none (the pipeline file's then).
    package func checkedOutputs() throws(PipelineError) -> (formats: [OutputFormat]?, previews: [PreviewOutput]?) {
        let checked = try checked()
        return (checked.formats, checked.previews)
    }
}
