import ArgumentParser
import Foundation
import Output
import Renderer
import Scene

extension Pipeline {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Render a pipeline to PNG frames, videos and animations.",
            discussion: """
                Writes one PNG per frame (frame_0000.png …) and, through ffmpeg, <name>.mp4, .webm, .mov, .gif, \
                .webp, .apng or .y4m, where <name> is the pipeline file's name. Files appear only when complete. \
                WebM keeps transparency when the canvas background is transparent; MOV (ProRes 4444), GIF, WebP \
                and APNG always do; MP4 and Y4M show the frames over black.

                --frames and --shard render part of the animation, byte for byte as a whole render does: PNGs keep \
                their frame numbers and videos are named <name>.<first>-<last>.<ext>, so parts rendered anywhere \
                fill one folder in order, and `pipeline concat` joins the videos.

                Each run records what it renders in its output folder (.pipeline-run.json). After Ctrl-C, run the \
                same command with --resume: complete PNG frames are kept and the rest rendered (a video, written \
                only when complete, needs every frame rendered again). A folder whose record differs (another \
                pipeline file, image, plugin, scale, fps, formats, quality or frames) is refused.

                A value a plugin writes that cannot be drawn (NaN, an infinity, a negative size, opacity outside \
                0-1) is replaced by the property's value before that step and reported once; every file is still \
                written, and the exit status is 2.

                Examples:
                  pipeline run pipeline.json
                  pipeline run pipeline.json --out /tmp/render --format png,mp4 --quality 90
                  pipeline run pipeline.json --scale 0.5 --fps 30 --format gif
                  pipeline run pipeline.json --format y4m -o - | ffplay -
                  pipeline run pipeline.json --frames 30-59
                  pipeline run pipeline.json --resume
                  pipeline run pipeline.json --shard $((SLURM_ARRAY_TASK_ID + 1))/$SLURM_ARRAY_TASK_COUNT
                  pipeline run pipeline.json --isolate --plugins ~/Downloads/plugins

                --isolate runs plugin code (animators, mixers, timing curves) in child processes instead of in \
                pipeline itself. A plugin that crashes, exits, or does not return from a call within \
                PIPELINE_CALL_TIMEOUT seconds (default 10) fails its step: the message names the plugin, the step \
                and the frame, PNG frames before that frame stay complete, later ones and unfinished videos are \
                not written, and pipeline exits with status 2. It costs a copy of each mixer's images per frame \
                and a round trip per plugin call. Without it, a crashing plugin ends pipeline at once (status 2, \
                with the same message), keeping the frame files already written and removing unfinished videos.
                """)

        @Argument(help: PipelineInput.argumentHelp(namingVideos: true), completion: .file(extensions: ["json"]))
        var file: String
        @Option(name: [.customShort("o"), .customLong("out")],
                help: ArgumentHelp("Write here instead of the file's output.dir; "
                                   + "- streams --format y4m to standard output.", valueName: "dir"),
                completion: .directory)
        var outputDirectory: String?
        @Option(name: .customLong("format"),
                help: ArgumentHelp("Comma-separated formats instead of the file's output.formats: "
                                   + "\(OutputFormat.names).", valueName: "list"),
                completion: .list(OutputFormat.allCases.map(\.rawValue)))
        var formatList: String?
        @Option(help: ArgumentHelp("Quality of mp4, webm and webp, 0 (smallest) to 100 (best), instead of output.quality (default 75).", valueName: "0-100"))
        var quality: Int?
        @Option(help: ArgumentHelp("Render at this size factor (0.5 for a half-size draft); the picture scales, timing does not.", valueName: "factor"))
        var scale: Double = 1
        @Option(help: ArgumentHelp("Frames per second instead of canvas.fps; the frame count follows.", valueName: "rate"))
        var fps: Double?
        @Option(help: "Frames rendered in parallel; the default is the number of cores.") var threads: Int = min(ProcessInfo.processInfo.activeProcessorCount, 256)
        @Option(help: ArgumentHelp("Render only frames A to B (inclusive, from 0 as the frame files count), A- to the end, or frame N.", valueName: "A-B"))
        var frames: String?
        @Option(help: ArgumentHelp("Render shard I of N (1 to N): the Ith of N equal runs of frames; pipeline concat joins their videos.", valueName: "I/N"))
        var shard: String?
        @Flag(help: "Continue an interrupted run of the same command: keep its complete files, render the rest.") var resume = false
        @Flag(help: "Print nothing but errors.") var quiet = false
        @Flag(help: "Render every frame and write nothing: for timing a render (see scripts/bench).") var discard = false
        @Flag(help: "Run plugin code in child processes: a plugin that crashes, exits or hangs fails its step with a message (see below).")
        var isolate = false
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        static let scales = 0.05...4.0

        func validate() throws {
            let formats = try formats()
            if let formats, formats.isEmpty {
                throw ValidationError("--format lists no format: give one or more of \(OutputFormat.names)")
            }
            if discard && (formats != nil || outputDirectory != nil) {
                throw ValidationError("--discard writes nothing: leave out --format and --out")
            }
            if resume && (discard || outputDirectory == "-") {
                throw ValidationError("--resume continues a run into a folder: leave out \(discard ? "--discard" : "-o -")")
            }
            if outputDirectory == "-" {
                guard formats == [.y4m] else { throw ValidationError("-o - streams Y4M to standard output: give --format y4m, and no other format") }
                guard isatty(STDOUT_FILENO) == 0 else { throw ValidationError("-o - would write video onto the terminal: pipe it (| ffplay -) or redirect it (> clip.y4m)") }
            }
            if let quality, VideoQuality(quality) == nil {
                throw ValidationError("--quality must be \(VideoQuality.range), 100 the best, got \(quality)")
            }
            guard scale.isFinite, Self.scales.contains(scale) else { throw ValidationError("--scale must be \(Self.scales), got \(scale)") }
            if let fps, !fps.isFinite || !(1...240).contains(fps) { throw ValidationError("--fps must be 1...240, got \(fps)") }
            guard (1...256).contains(threads) else { throw ValidationError("--threads must be 1...256, got \(threads)") }
            _ = try FrameSelection(frames: frames, shard: shard)
        }

        func run() throws {
            // Claimed first, so nothing (not even a plugin's printf) can reach the stream but the stream.
            let stream = outputDirectory == "-" ? Self.claimStandardOutput() : nil
            let registry = Session.registry(plugins, pipelineFile: file, isolated: isolate)
            defer { registry.shutdown() }
            let loaded = try Session.scene(file, registry: registry, options: images.decoderOptions)
            let scene = fps.map(loaded.retimed(fps:)) ?? loaded
            let size = try pixelSize(of: scene)
            let selection = try FrameSelection(frames: frames, shard: shard)
            let selected = try range(of: selection, in: scene)
            guard !selected.isEmpty else {
                if !quiet { Console.note("shard \(shard ?? "") of a \(scene.frameCount)-frame render has no frames: nothing to write") }
                return
            }
            let destination = stream.map(OutputPlan.Destination.stream) ?? .directory(
                outputDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? scene.output.directory)
            var plan = OutputPlan(scene: scene, destination: destination, formats: try formats() ?? scene.output.formats,
                                  quality: quality.flatMap(VideoQuality.init) ?? scene.output.quality,
                                  width: size.width, height: size.height, part: selection == .all ? nil : selected)
            var frames = selected
            if case .directory(let directory) = destination, !discard {
                try checkPathLengths(plan, in: directory, frames: selected)
                plan.finished = try recordRun(RunRecord(scene: scene, formats: plan.formats, quality: plan.quality, scale: scale,
                                                        width: size.width, height: size.height, frames: selected),
                                              plan: plan, in: directory, frames: selected)
                let remaining = plan.remaining(of: selected)
                announce(resuming: selected, remaining: remaining, plan: plan, in: directory)
                guard let remaining else { return }
                frames = remaining
            }
            let sinks = discard ? [] : plan.openSinks()
            // Nothing to write to: rendering would be wasted (the problems are already reported).
            guard !sinks.isEmpty || discard else { throw ExitCode(2) }
            let substituted: Bool
            let written = WrittenFrames()
            // In process, a crashing plugin ends pipeline at once: its unfinished videos go with it.
            if !isolate { CrashGuard.removeOnCrash(sinks.compactMap { ($0.sink as? FFmpegEncoder)?.temporaryPath }) }
            defer { CrashGuard.removeOnCrash([]) }
            do throws(RenderError) {
                substituted = try render(scene, frames: frames, into: sinks.map { $0.sink }, recording: written)
            } catch {
                sinks.forEach { $0.sink.abandon() }
                let status = interrupted(error, before: frames, of: selected, into: destination)
                if let frame = error.failedFrame { written.withdraw(after: frame, from: sinks.map { $0.sink }, first: selected.lowerBound) }
                throw status
            }
            let finished = finishAll(sinks)
            if !quiet && !finished.isEmpty { Console.note("wrote \(finished.joined(separator: ", "))") }
            if substituted { throw Session.writtenWithSubstitutions() }
            if !plan.problems.isEmpty || finished.count < sinks.count { throw ExitCode(2) }
        }

        /// Reports a failed render; an interrupted one counts the frames an earlier run finished
        /// before `rendered`, and says how to continue.
        private func interrupted(_ error: RenderError, before rendered: Range<Int>, of selected: Range<Int>,
                                 into destination: OutputPlan.Destination) -> ExitCode {
            guard case .interrupted(let complete) = error else { return Session.fail(error) }
            let upper = complete.isEmpty ? rendered.lowerBound : complete.upperBound
            let status = Session.fail(.interrupted(complete: selected.lowerBound..<upper))
            if case .directory = destination { Console.note("run the same command with --resume to continue") }
            return status
        }

        /// Every file a run writes must fit Linux's path limits; one that does not is named
        /// before anything is rendered.
        private func checkPathLengths(_ plan: OutputPlan, in directory: String, frames: Range<Int>) throws {
            if let problem = PathLimits.problem(directory) {
                Console.error("the output folder \(directory) \(problem): choose a shorter one with --out")
                throw ExitCode.failure
            }
            let record = "\(directory)/\(RunRecord.fileName(part: plan.part, frameCount: plan.scene.frameCount))"
            // PNG names differ only in their digits, all of one length: the first stands for all.
            let files = plan.files(in: directory, frames: frames).filter { $0.frame == nil || $0.frame == frames.lowerBound }.map(\.path)
            for path in [record] + files {
                guard let problem = PathLimits.problem(writing: path) else { continue }
                Console.error("cannot write \(path): it \(problem); videos are named after the pipeline file: "
                              + "give it a shorter name, or choose a shorter folder with --out")
                throw ExitCode.failure
            }
        }

        /// The frame size at `--scale`, which must stay within what a canvas may be.
        private func pixelSize(of scene: Scene) throws -> (width: Int, height: Int) {
            let size = scene.canvas.pixelSize(scale: scale)
            guard max(size.width, size.height) > Int(SceneDecoder.maxCanvasSide) else { return size }
            Console.error("--scale \(scale) makes \(scene.canvas.width)×\(scene.canvas.height) frames \(size.width)×\(size.height) pixels; "
                          + "a side may be at most \(Int(SceneDecoder.maxCanvasSide)): use a smaller scale")
            throw ExitCode.failure
        }

        /// The frames `--frames` or `--shard` select; frames outside the render exit 1.
        private func range(of selection: FrameSelection, in scene: Scene) throws -> Range<Int> {
            do {
                return try selection.range(frameCount: scene.frameCount)
            } catch let error as ValidationError {
                Console.error(error.message)
                throw ExitCode.failure
            }
        }

        /// Moves the real standard output to a new descriptor for the stream, and points
        /// descriptor 1 at standard error for everything else.
        private static func claimStandardOutput() -> FileHandle {
            let stream = dup(STDOUT_FILENO)
            dup2(STDERR_FILENO, STDOUT_FILENO)
            return FileHandle(fileDescriptor: stream, closeOnDealloc: true)
        }

        /// Finishes every output, so one failing encoder does not cost the others; returns
        /// what was written.
        private func finishAll(_ sinks: [(path: String, sink: any FrameSink)]) -> [String] {
            sinks.compactMap { path, sink in
                do throws(OutputError) {
                    try sink.finish()
                    return path
                } catch {
                    Console.error(error.description)
                    return nil
                }
            }
        }

        /// Returns whether values from plugins were substituted (and reported).
        private func render(_ scene: Scene, frames: Range<Int>, into sinks: [any FrameSink], recording written: WrittenFrames) throws(RenderError) -> Bool {
            let evaluator = try FrameEvaluator(scene: scene, isolation: isolate ? .thisExecutable : nil)
            let renderer = FrameRenderer(evaluator: evaluator, threads: threads, scale: scale)
            let progress = ProgressReporter(total: frames.count, quiet: quiet)
            // Files of their own (PNG frames) are written by the rendering threads, in parallel;
            // streams (ffmpeg's input) get the frames in order.
            let concurrent = sinks.compactMap { $0 as? any ConcurrentFrameSink }
            let ordered = sinks.filter { !($0 is any ConcurrentFrameSink) }
            try renderer.render(frames: frames, alongside: concurrent.isEmpty ? nil : Self.writing(to: concurrent, recording: written)) { index, frame throws(RenderError) in
                for sink in ordered {
                    do throws(OutputError) { try sink.write(frame, index: index) } catch { throw RenderError.output(error) }
                }
                progress.advance()
            }
            progress.finish()
            return Session.warn(about: renderer.evaluator.substitutions)
        }

        private static func writing(to sinks: [any ConcurrentFrameSink], recording written: WrittenFrames) -> FrameRenderer.ConcurrentDelivery {
            { @Sendable (index: Int, frame: FrameView) throws(RenderError) in
                for sink in sinks {
                    do throws(OutputError) { try sink.writeConcurrently(frame, index: index) } catch { throw RenderError.output(error) }
                }
                written.add(index)
            }
        }

        /// `--format png,mp4`, checked against the known formats.
        private func formats() throws -> [OutputFormat]? {
            guard let formatList else { return nil }
            let names = formatList.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw ValidationError("--format lists \"\(twice)\" twice")
            }
            return try names.map { name in
                guard let format = OutputFormat(rawValue: name) else {
                    throw ValidationError("unknown format \"\(name)\" in --format: expected \(OutputFormat.names)")
                }
                return format
            }
        }
    }
}
