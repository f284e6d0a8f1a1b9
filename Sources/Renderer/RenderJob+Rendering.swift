import Output
import Scene

/// Rendering into the opened outputs, and what a failure leaves of them.
extension RenderJob {
    /// Renders the prepared frames into `sinks`; returns whether values from plugins were
    /// substituted (each reported as a warning). On failure the sinks are abandoned, frames after
    /// a failed one withdrawn, and the error says what the folder holds.
    func render(_ preparation: Preparation, into sinks: [OutputPlan.Sink]) throws(RenderJobError) -> Bool {
        let written = WrittenFrames()
        // In process, a crashing plugin ends pipeline at once: its unfinished videos go with it.
        let guarded =
            options.isolation == nil
            ? CrashGuard.removeOnCrash(
                sinks.flatMap(\.sink.unfinishedFiles), killingFirst: sinks.flatMap(\.sink.writingProcesses)) : nil
        defer { guarded.map(CrashGuard.forget) }
        do throws(RenderError) {
            return try render(
                preparation.frames, into: sinks.map(\.sink), recording: written, threads: preparation.threads)
        } catch {
            for sink in sinks { sink.sink.abandon() }
            let withdrawal = error.failedFrame.map { frame in
                written.withdraw(after: frame, from: sinks.map(\.sink), first: preparation.selected.lowerBound)
            }
            throw .renderFailed(
                counting(error, before: preparation), resumable: resumable(error, preparation.plan),
                withdrawal: withdrawal)
        }
    }

    private func render(
        _ frames: Range<Int>, into sinks: [any FrameSink],
        recording written: WrittenFrames, threads: Int
    ) throws(RenderError) -> Bool {
        let evaluator = try FrameEvaluator(scene: scene, isolation: options.isolation, renderScale: options.scale)
        let renderer = try FrameRenderer(
            evaluator: evaluator, images: images, threads: threads, imageScaling: options.imageScaling)
        reporter.renderStarted(frames: frames.count)
        // Files of their own (PNG frames) are written by the rendering threads, in parallel;
        // streams (ffmpeg's input) get the frames in order.
        let concurrent = sinks.compactMap(\.concurrent)
        let ordered = sinks.filter { $0.concurrent == nil }
        let alongside = concurrent.isEmpty ? nil : Self.writing(to: concurrent, recording: written)
        // Frames are delivered here in order, each after its PNG was written.
        let frameFiles = sinks.lazy.compactMap { $0 as? PNGSequenceWriter }.first
        // A stream's reader is ffmpeg, encoding: the render feeds it from the cores it leaves idle.
        try renderer.render(frames: frames, alongside: alongside, stop: options.stop, feeding: !ordered.isEmpty) {
            index, frame throws(RenderError) in
            for sink in ordered {
                do throws(OutputError) {
                    try sink.write(frame, index: index)
                } catch {
                    throw RenderError.outputFailed(error, frame: index)
                }
            }
            if index == frames.lowerBound, let frameFiles,
                let warning = SpaceCheck.warning(for: frameFiles, first: index, left: frames.count - 1)
            {
                reporter.warning(warning)
            }
            reporter.frameRendered()
        }
        reporter.renderFinished()
        for cost in renderer.footageCost {
            reporter.note(
                "\(cost.name): \(cost.decoded) \(cost.decoded == 1 ? "picture" : "pictures") decoded, "
                    + "at most \(cost.peakHeld) \(cost.peakHeld == 1 ? "frame" : "frames") held at once")
        }
        let substitutions = renderer.evaluator.substitutions.all
        for substitution in substitutions { reporter.warning(substitution.description) }
        return !substitutions.isEmpty
    }

    private static func writing(
        to sinks: [any ConcurrentFrameSink],
        recording written: WrittenFrames
    ) -> FrameRenderer.ConcurrentDelivery {
        { @Sendable (index: Int, frame: FrameView) throws(RenderError) in
            for sink in sinks {
                do throws(OutputError) {
                    try sink.writeConcurrently(frame, index: index)
                } catch {
                    throw RenderError.outputFailed(error, frame: index)
                }
            }
            written.add(index)
        }
    }

    /// An interruption counts the frames an earlier run finished before the ones rendered now.
    private func counting(_ error: RenderError, before preparation: Preparation) -> RenderError {
        guard case .interrupted(let complete) = error else { return error }
        let upper = complete.isEmpty ? preparation.frames.lowerBound : complete.upperBound
        return .interrupted(complete: preparation.selected.lowerBound..<upper)
    }

    /// An interrupted run into a folder can go on with `--resume`.
    private func resumable(_ error: RenderError, _ plan: OutputPlan) -> Bool {
        guard case .interrupted = error, case .directory = plan.destination else { return false }
        return true
    }

    /// Finishes every output, so one failing encoder does not cost the others; returns what was
    /// written and reports what was not.
    func finishAll(_ sinks: [OutputPlan.Sink]) -> [String] {
        sinks.compactMap { path, sink in
            do throws(OutputError) {
                try sink.finish()
                return path
            } catch {
                reporter.problem(error.description)
                return nil
            }
        }
    }
}
