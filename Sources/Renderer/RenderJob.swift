import Compositor
import Foundation
import Output
import Scene

/// A render of a pipeline into its outputs, as `pipeline run` does it: plans the files, records
/// the run in its folder and works out what a resumed run still renders, opens the outputs,
/// renders the frames through `FrameRenderer`, then finishes the outputs, or abandons them and
/// takes back the frames after a failed one. It prints nothing: notes, warnings, problems and
/// progress go to its `RenderJobReporter`, and what stops it is a `RenderJobError`.
public struct RenderJob {
    /// What to render and where; the defaults are the pipeline file's.
    public struct Options {
        /// The folder to write into instead of the file's `output.dir`.
        public var directory: String?
        /// Where to write the one streaming format instead of a folder (standard output).
        public var stream: FileHandle?
        /// Render every frame and write nothing (for timing a render).
        public var discard: Bool
        public var formats: [OutputFormat]?
        /// The videos of their own size or frame rate; with `formats`, they replace the file's previews.
        public var previews: [PreviewOutput]?
        public var quality: VideoQuality?
        /// Pixels per canvas point; the picture scales, timing does not.
        public var scale: Double
        /// Frames per second instead of the canvas's; the frame count follows.
        public var fps: Double?
        public var threads: Int
        public var selection: FrameSelection
        /// Keep the complete files of an interrupted run of the same render, render the rest.
        public var resume: Bool
        /// Run plugin code in child processes started so; nil runs it in this process.
        public var isolation: Isolation?
        /// How images drawn at less than half their size are sampled.
        public var imageScaling: ImageScaling
        /// Wait for another run writing some of the same frames into the folder, instead of refusing.
        public var waitsForFolder = false
        /// The folder holds other renders' videos too (a batch's variants named by `output.name`):
        /// the run's record and lock take its videos' name. Such a run writes no PNG frames.
        public var sharesFolder = false
        /// What stops the render at a frame boundary: Ctrl-C and SIGTERM for a command, the
        /// caller's own question for a library.
        public var stop: StopRequest = .signals

        public init(
            directory: String? = nil, stream: FileHandle? = nil, discard: Bool = false,
            formats: [OutputFormat]? = nil, quality: VideoQuality? = nil, scale: Double = 1, fps: Double? = nil,
            threads: Int = 1, selection: FrameSelection = .all, resume: Bool = false,
            isolation: Isolation? = nil, imageScaling: ImageScaling = .mipmapped
        ) {
            (self.directory, self.stream, self.discard) = (directory, stream, discard)
            (self.formats, self.quality, self.scale, self.fps) = (formats, quality, scale, fps)
            (self.threads, self.selection, self.resume, self.isolation) = (threads, selection, resume, isolation)
            self.imageScaling = imageScaling
        }
    }

    /// The scene at the options' frame rate.
    let scene: Scene
    /// The scene's decoded images.
    let images: SceneImages
    let options: Options
    let reporter: any RenderJobReporter
    /// The scene's sound files, probed.
    let sound: SceneSound

    public init(
        scene: Scene, images: SceneImages, sound: SceneSound = .none, options: Options,
        reporter: any RenderJobReporter
    ) {
        self.scene = options.fps.map(scene.retimed(fps:)) ?? scene
        self.images = images
        self.sound = sound
        self.options = options
        self.reporter = reporter
    }

    /// Renders and writes the outputs; returns what was written. An output that cannot be
    /// opened or finished is reported and leaves the others be (the summary is then incomplete).
    public func run() throws(RenderJobError) -> RenderSummary {
        guard var preparation = try prepare() else { return .nothing(isComplete: true) }
        let sinks = options.discard ? [] : preparation.plan.openSinks()
        let problems = preparation.plan.problems
        for problem in problems { reporter.problem(problem.description) }
        // Nothing to write to: rendering would be wasted (the problems are already reported).
        guard !sinks.isEmpty || options.discard else { return .nothing(isComplete: false) }
        let substituted = try render(preparation, into: sinks)
        // A stop asked for now (Ctrl-C, SIGTERM) waits until the videos are finished (ffmpeg writing
        // the last frames and their sound, laying subtitles in): stopped half-way, pipeline would
        // leave the ffmpeg it waits on running alone, and its hidden files behind. A second signal
        // stops at once.
        let waiting = SignalThreadReporter(reporter: reporter)
        let finishing = Interruption(options.stop) {
            waiting.reporter.note(
                "a stop was asked for: the videos are being finished first (ffmpeg is writing their last frames); "
                    + "ask again to stop at once, leaving them unfinished")
        }
        let written = finishAll(sinks)
        finishing.end()
        if finishing.isRequested {
            reporter.note("a stop was asked for while the videos were being finished: they were finished first")
        }
        if case .directory(let directory) = preparation.plan.destination, !options.discard {
            recordFinishedVideos(preparation.plan, written: written, in: directory, frames: preparation.selected)
        }
        noteSound(preparation.plan, written: written)
        if !written.isEmpty { reporter.note("wrote \(written.joined(separator: ", "))") }
        return RenderSummary(
            written: written, substitutedValues: substituted,
            isComplete: problems.isEmpty && written.count == sinks.count)
    }

    /// What a run renders: its plan, the frames the options select, and those of them still to
    /// render (fewer when a resumed run finds some complete).
    struct Preparation {
        var plan: OutputPlan
        let selected: Range<Int>
        let frames: Range<Int>
        /// Held until the run ends: no other run writes these frames into the folder meanwhile.
        var lock: FolderLock? = nil
        /// The rendering threads: the options', fewer where memory allows no more.
        var threads = 1
    }

    /// Plans the outputs and, writing into a folder, records the run there; nil when there is
    /// nothing to render (an empty shard, or a resumed run that is complete).
    func prepare() throws(RenderJobError) -> Preparation? {
        let size = try pixelSize()
        let selected = try options.selection.range(frameCount: scene.frameCount)
        guard !selected.isEmpty else {
            if case .shard(let index, let count) = options.selection {
                reporter.note(
                    "shard \(index)/\(count) of a \(scene.frameCount)-frame render has no frames: "
                        + "nothing to write")
            }
            return nil
        }
        var plan = OutputPlan(
            scene: scene, destination: destination, formats: options.formats ?? scene.output.formats,
            previews: try previews(whole: options.selection == .all),
            quality: options.quality ?? scene.output.quality, width: size.width, height: size.height,
            part: options.selection == .all ? nil : selected, sharedBy: options.sharesFolder ? scene.output.name : nil)
        for note in images.footage.conversionNotes { reporter.note(note) }
        if !options.discard {
            plan.sound = sound.mix(of: scene, footage: images.footage)
            announceSound(plan)
            plan.subtitles = scene.output.subtitles ? Subtitles(scene: scene) : nil
            announceSubtitles(plan)
            announceLoudness(plan)
        }
        let threads = try threadsFitting(width: size.width, height: size.height)
        guard case .directory(let directory) = plan.destination, !options.discard else {
            return Preparation(plan: plan, selected: selected, frames: selected, threads: threads)
        }
        try plan.checkPathLengths(in: directory, frames: selected)
        do throws(OutputError) { try createDirectories(directory) } catch { throw .recordNotWritten(error) }
        let lock = try FolderLock.acquire(
            directory, sharedBy: plan.sharedBy, frames: selected, wait: options.waitsForFolder
        ) { holder in
            reporter.note("waiting for \(holder), which writes some of the same frames into \(directory)")
        }
        plan.finished = try recordRun(plan: plan, in: directory, frames: selected)
        let remaining = plan.remaining(of: selected)
        announce(resuming: selected, remaining: remaining, plan: plan, in: directory)
        return remaining.map { Preparation(plan: plan, selected: selected, frames: $0, lock: lock, threads: threads) }
    }

    /// The options' threads, at most one per core, fewer (with a note) where the memory the
    /// process may take holds no more; refused when not even one fits. A lane beyond the cores
    /// only takes memory (frames in flight, decoded footage ahead of it) and takes turns on a core
    /// with the others and with the footage's decoders.
    private func threadsFitting(width: Int, height: Int) throws(RenderJobError) -> Int {
        let wanted = min(max(options.threads, 1), ProcessInfo.processInfo.activeProcessorCount)
        guard let limit = MemoryLimit.current() else { return wanted }
        let memory = RenderMemory(scene: scene, images: images, width: width, height: height)
        let fitting = memory.threads(fitting: limit, atMost: wanted)
        guard fitting >= 1 else {
            throw .notEnoughMemory(
                width: width, height: height, needs: memory.bytes(threads: 1, under: limit), limit: limit.bytes,
                source: limit.source)
        }
        if fitting < wanted {
            reporter.note(
                "rendering on \(fitting) thread\(fitting == 1 ? "" : "s") instead of \(wanted): \(wanted) would need "
                    + "\(RenderMemory.mebibytes(memory.bytes(threads: wanted, under: limit))), and the process may take "
                    + "\(RenderMemory.mebibytes(limit.bytes)) more, by \(limit.source)")
        }
        return fitting
    }

    /// The previews this run writes: those the options give, or with no formats given the file's;
    /// refused in part of a render, and above the render's frame rate.
    private func previews(whole: Bool) throws(RenderJobError) -> [PreviewOutput] {
        guard !options.discard else { return [] }
        let previews = options.previews ?? (options.formats == nil ? scene.output.previews : [])
        if let first = previews.first, !whole { throw .previewInPart(spec: first.spec) }
        if let problem = previews.lazy.compactMap({ $0.fpsProblem(renderFPS: self.scene.fps) }).first {
            throw .previewTooFast(problem)
        }
        return previews
    }

    /// Standard output, or a folder named from the current one.
    private var destination: OutputPlan.Destination {
        if let stream = options.stream { return .stream(stream) }
        let chosen = options.directory.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return .directory(chosen ?? scene.output.directory)
    }

    /// The frame size at the options' scale, which must stay within what a canvas may be.
    private func pixelSize() throws(RenderJobError) -> (width: Int, height: Int) {
        let size = scene.canvas.pixelSize(scale: options.scale)
        guard max(size.width, size.height) > Int(SceneDecoder.maxCanvasSide) else { return size }
        throw .frameTooLarge(
            scale: options.scale, canvasWidth: scene.canvas.width, canvasHeight: scene.canvas.height,
            width: size.width, height: size.height)
    }
}

/// The job's reporter, for the note a stop gets at once while the job's thread waits for ffmpeg
/// to finish the videos: the job reports nothing else until that wait ends but a video that
/// failed.
private struct SignalThreadReporter: @unchecked Sendable {
    let reporter: any RenderJobReporter
}
