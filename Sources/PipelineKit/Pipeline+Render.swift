import Foundation
import Renderer
import Scene

extension Pipeline {
    /// What a whole render writes and how; every value defaults to what the pipeline file says.
    public struct RenderOptions: Sendable {
        /// The folder to write into instead of the file's `output.dir`.
        public var directory: String?
        /// Output formats by name (`png`, `mp4`, `gif`, …) instead of the file's.
        public var formats: [String]?
        /// Render every frame and write nothing (for timing).
        public var discard = false
        /// Video quality, 1 to 100 (100 the best).
        public var quality: Int?
        /// Pixels per canvas point.
        public var scale = 1.0
        /// Frames per second instead of the canvas's.
        public var fps: Double?
        /// Rendering threads; the machine's cores by default.
        public var threads = ProcessInfo.processInfo.activeProcessorCount
        /// `A-B`, `A-` or `N`: the frames to render (as `--frames`).
        public var frames: String?
        /// `I/N`: shard I of N of the frames (as `--shard`); `auto` reads the scheduler's
        /// variables from `environment`.
        public var shard: String?
        /// The variables `shard: "auto"` reads (Slurm's, Kubernetes'); empty by default, as a
        /// library reads nothing of its host's environment unasked.
        public var environment: [String: String] = [:]
        /// Keep the complete files of an interrupted run of the same render and render the rest.
        public var resume = false
        /// Wait for another run writing into the same folder instead of refusing.
        public var waitsForFolder = false

        public init() {}
    }

    /// How far a render is: frames finished (in every output) of the frames it renders.
    public struct RenderProgress: Sendable {
        public let framesDone: Int
        public let framesTotal: Int
    }

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
    }

    /// Renders the pipeline into its outputs as `pipeline run` does. `progress` hears each
    /// finished frame on the calling thread; returning false stops the render at the next frame
    /// (`PipelineError.Code.cancelled`), leaving every finished file complete.
    public func render(
        _ options: RenderOptions = RenderOptions(), progress: ((RenderProgress) -> Bool)? = nil
    ) throws(PipelineError) -> RenderResult {
        lock.lock()
        defer { lock.unlock() }
        do {
            guard !closed else { throw PipelineError(.argument, "the pipeline is closed") }
            guard !isHeadersOnly else {
                throw PipelineError(.argument, "the pipeline was opened with headersOnly: its images were not decoded")
            }
            let stop = StopFlag()
            var jobOptions = try options.jobOptions(isolation: isolation)
            jobOptions.stop = .asked { stop.isRaised }
            let reporter = CollectingReporter { done, total in
                if let progress, !progress(RenderProgress(framesDone: done, framesTotal: total)) { stop.raise() }
            }
            let job = RenderJob(scene: scene, images: images, sound: sound, options: jobOptions, reporter: reporter)
            do throws(RenderJobError) {
                let summary = try job.run()
                return RenderResult(
                    written: summary.written, notes: reporter.notes, warnings: reporter.warnings + reporter.problems,
                    isComplete: summary.isComplete)
            } catch {
                let message = ([error.description] + error.notes).joined(separator: "\n")
                switch error.kind {
                case .input: throw PipelineError(.input, message)
                case .failure: throw PipelineError(.render, message)
                case .interrupted: throw PipelineError(.cancelled, message)
                }
            }
        }
    }
}

extension Pipeline.RenderOptions {
    /// The render job's options, each value checked.
    func jobOptions(isolation: Isolation?) throws(PipelineError) -> RenderJob.Options {
        let formats = try self.formats.map { names throws(PipelineError) in
            try names.map { name throws(PipelineError) in
                guard let format = OutputFormat(rawValue: name) else {
                    throw PipelineError(.argument, "unknown format \"\(name)\": expected \(OutputFormat.names)")
                }
                return format
            }
        }
        if let formats, formats.isEmpty { throw PipelineError(.argument, "formats lists no format") }
        if discard && (formats != nil || directory != nil) {
            throw PipelineError(.argument, "discard writes nothing: leave out formats and directory")
        }
        let videoQuality = try quality.map { value throws(PipelineError) in
            guard let quality = VideoQuality(value) else {
                throw PipelineError(.argument, "quality must be \(VideoQuality.range), got \(value)")
            }
            return quality
        }
        guard scale.isFinite, Pipeline.scales.contains(scale) else {
            throw PipelineError(.argument, "scale must be within \(Pipeline.scales), got \(scale)")
        }
        if let fps, !fps.isFinite || !(1...240).contains(fps) {
            throw PipelineError(.argument, "fps must be 1...240, got \(fps)")
        }
        guard (1...256).contains(threads) else {
            throw PipelineError(.argument, "threads must be 1...256, got \(threads)")
        }
        let selection: FrameSelection
        do throws(RenderJobError) {
            selection = try FrameSelection(frames: frames, shard: shard, environment: environment)
        } catch {
            throw PipelineError(.argument, error.description)
        }
        var options = RenderJob.Options(
            directory: directory, discard: discard, formats: formats, quality: videoQuality, scale: scale, fps: fps,
            threads: threads, selection: selection, resume: resume, isolation: isolation)
        options.waitsForFolder = waitsForFolder
        return options
    }
}

/// A stop asked for by a progress callback, read by the rendering threads.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}

/// Keeps what a render job says and passes its progress on.
final class CollectingReporter: RenderJobReporter {
    private(set) var notes: [String] = []
    private(set) var warnings: [String] = []
    private(set) var problems: [String] = []
    private var (done, total) = (0, 0)
    private let progress: (Int, Int) -> Void

    init(progress: @escaping (Int, Int) -> Void) { self.progress = progress }

    func note(_ message: String) { notes.append(message) }
    func warning(_ message: String) { warnings.append(message) }
    func problem(_ message: String) { problems.append(message) }
    func renderStarted(frames: Int) { (done, total) = (0, frames) }
    func frameRendered() {
        done += 1
        progress(done, total)
    }
    func renderFinished() {}
}
