import ArgumentParser
import Foundation
import Output
import PipelineKit
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
                pipeline file, image, footage or sound file, plugin, scale, fps, formats, quality or frames) is \
                refused. One run at a time writes a frame of a folder: another run over the same frames is refused \
                (or, with --wait, waits for it); shards of one render write side by side.

                MP4, WebM and MOV carry the pipeline's sound (its audio tracks, steps' sounds and clips' own \
                sound); the other formats say once that it was left out. A part (--frames, --shard) carries its \
                render's mix for `pipeline concat`, which lays it under the joined parts.

                --batch variants.jsonl renders the pipeline once per line of that file: each line is a JSON merge \
                patch, as --props takes, with an "id" naming the variant ({"id": "fr", "canvas": {"fps": 30}}) \
                and, if it wants, a "set" of values by path ({"layers[2].text.string": "Bonjour"}: a merge patch \
                replaces arrays whole), applied after --props and before --set. Variant <id> is written into <out>/<id>/ (<out> being --out \
                or output.dir) with a record of its own. Variants render side by side, the threads shared between \
                them, the plugins loaded and each image decoded once for all. A variant that fails is reported and \
                the others go on; the batch ends with a summary, and exits 2 if any failed. With --resume only what \
                an interrupted batch left unfinished is rendered; --shard I/N renders the Ith of N equal runs of \
                the variants (a job array can share a batch); --frames applies to every variant.

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
                  pipeline run pipeline.json --sandbox --plugins ~/Downloads/plugins
                  pipeline run pipeline.json --batch variants.jsonl --out renders --format mp4

                --isolate runs plugin code (animators, mixers, effects, timing curves) in child processes instead of in \
                pipeline itself. A plugin that crashes, exits, or does not return from a call within \
                PIPELINE_CALL_TIMEOUT seconds (default 10) fails its step: the message names the plugin, the step \
                and the frame, PNG frames before that frame stay complete, later ones and unfinished videos are \
                not written, and pipeline exits with status 2. It costs a copy of each mixer's images per frame \
                and a round trip per plugin call. Without it, a crashing plugin ends pipeline at once (status 2, \
                with the same message), keeping the frame files already written and removing unfinished videos.

                --isolate is no sandbox: plugins run with your rights. --sandbox isolates, and confines each child \
                (Landlock, seccomp) before it opens a plugin: a plugin cannot read or write your files, open a \
                socket, start a program or signal another process, and the frames are the same bytes. It needs a \
                kernel with Landlock (Linux 5.13 or later) and refuses to run (status 2) without one.
                """)

        @Argument(help: PipelineInput.argumentHelp(namingVideos: true), completion: .file(extensions: ["json"]))
        var file: String
        @Option(
            name: [.customShort("o"), .customLong("out")],
            help: ArgumentHelp(
                "Write here instead of the file's output.dir; "
                    + "- streams --format y4m to standard output.", valueName: "dir"),
            completion: .directory)
        var outputDirectory: String?
        @Option(
            name: .customLong("format"),
            help: ArgumentHelp(
                "Comma-separated formats instead of the file's output.formats: "
                    + "\(OutputFormat.names).", valueName: "list"),
            completion: .list(OutputFormat.allCases.map(\.rawValue)))
        var formatList: String?
        @Option(
            help: ArgumentHelp(
                "Quality of mp4, webm and webp, 0 (smallest) to 100 (best), instead of output.quality (default 75).",
                valueName: "0-100"))
        var quality: Int?
        @Option(
            help: ArgumentHelp(
                "Render at this size factor (0.5 for a half-size draft); the picture scales, timing does not.",
                valueName: "factor"))
        var scale: Double = 1
        @Option(
            help: ArgumentHelp("Frames per second instead of canvas.fps; the frame count follows.", valueName: "rate"))
        var fps: Double?
        @Option(help: "Frames rendered in parallel; the default is the number of cores.") var threads: Int = min(
            ProcessInfo.processInfo.activeProcessorCount, 256)
        @Option(
            help: ArgumentHelp(
                "Render only frames A to B (inclusive, from 0 as the frame files count), A- to the end, or frame N.",
                valueName: "A-B"))
        var frames: String?
        @Option(
            help: ArgumentHelp(
                "Render shard I of N (1 to N): the Ith of N equal runs of frames (of variants, with --batch); "
                    + "pipeline concat joins their videos.",
                valueName: "I/N"))
        var shard: String?
        @Option(
            help: ArgumentHelp(
                "Render one output per line of this JSON Lines file, each a merge patch with an \"id\", "
                    + "into <out>/<id>/ (see below).",
                valueName: "variants.jsonl"),
            completion: .file(extensions: ["jsonl"]))
        var batch: String?
        @Flag(help: "Continue an interrupted run of the same command: keep its complete files, render the rest.")
        var resume = false
        @Flag(
            help:
                "If another run is writing some of the same frames into the folder, wait for it to end instead of refusing."
        )
        var wait = false
        @Flag(help: "Print nothing but errors.") var quiet = false
        @Flag(help: "Render every frame and write nothing: for timing a render (see scripts/bench).") var discard =
            false
        @Flag(
            help:
                "Run plugin code in child processes: a plugin that crashes, exits or hangs fails its step with a message (see below)."
        )
        var isolate = false
        @Flag(
            help:
                "Run plugin code in sandboxed child processes: as --isolate, and plugins cannot read or write your files, use the network or start programs."
        )
        var sandbox = false
        @Flag(
            help: ArgumentHelp(
                "Sample images drawn at under a quarter size from the full image, not from smaller copies (to compare).",
                visibility: .hidden))
        var exactImageScaling = false
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        static let scales = PipelineKit.Pipeline.scales
        /// The scheduler's variables `--shard auto` reads (Slurm's, Kubernetes'): read here, at the edge.
        static var environment: [String: String] { ProcessInfo.processInfo.environment }

        /// The checks of `--quality`, `--scale` and `--fps`, which `submit slurm` passes on to `run`.
        static func checkPicture(quality: Int?, scale: Double?, fps: Double?) throws {
            if let quality, VideoQuality(quality) == nil {
                throw ValidationError("--quality must be \(VideoQuality.range), 100 the best, got \(quality)")
            }
            if let scale, !scale.isFinite || !scales.contains(scale) {
                throw ValidationError("--scale must be \(scales), got \(scale)")
            }
            if let fps, !fps.isFinite || !(1...240).contains(fps) {
                throw ValidationError("--fps must be 1...240, got \(fps)")
            }
        }

        func validate() throws {
            let formats = try formats()
            if let formats, formats.isEmpty {
                throw ValidationError("--format lists no format: give one or more of \(OutputFormat.names)")
            }
            if discard && (formats != nil || outputDirectory != nil) {
                throw ValidationError("--discard writes nothing: leave out --format and --out")
            }
            if resume && (discard || outputDirectory == "-") {
                throw ValidationError(
                    "--resume continues a run into a folder: leave out \(discard ? "--discard" : "-o -")")
            }
            if outputDirectory == "-" {
                guard formats == [.y4m] else {
                    throw ValidationError("-o - streams Y4M to standard output: give --format y4m, and no other format")
                }
                guard isatty(STDOUT_FILENO) == 0 else {
                    throw ValidationError(
                        "-o - would write video onto the terminal: pipe it (| ffplay -) or redirect it (> clip.y4m)")
                }
            }
            try Self.checkPicture(quality: quality, scale: scale, fps: fps)
            guard (1...256).contains(threads) else {
                throw ValidationError("--threads must be 1...256, got \(threads)")
            }
            if batch != nil && outputDirectory == "-" {
                throw ValidationError("--batch writes a folder per variant: leave out -o -")
            }
            do throws(RenderJobError) {
                if batch != nil {
                    _ = try FrameSelection(frames: frames, shard: nil, environment: [:])
                    _ = try FrameSelection(frames: nil, shard: shard, environment: Self.environment)
                } else {
                    _ = try selection()
                }
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run() throws {
            if let batch { return try runBatch(batch) }
            // Claimed first, so nothing (not even a plugin's printf) can reach the stream but the stream.
            let stream = outputDirectory == "-" ? Self.claimStandardOutput() : nil
            let isolation = try Session.isolation(isolate: isolate, sandbox: sandbox)
            let registry = Session.registry(plugins, pipelineFile: file, isolated: isolation != nil)
            defer { registry.shutdown() }
            let (scene, decoded, sound) = try Session.media(
                file, registry: registry, options: try images.decoderOptions, probingSound: true, threads: threads)
            let reporter = ConsoleRenderReporter(quiet: quiet)
            let job = RenderJob(
                scene: scene, images: decoded, sound: sound, options: try options(stream: stream, isolation: isolation),
                reporter: reporter)
            let summary: RenderSummary
            do throws(RenderJobError) { summary = try job.run() } catch { throw Self.exitCode(reporting: error) }
            if summary.substitutedValues { throw Session.writtenWithSubstitutions() }
            if !summary.isComplete { throw ExitCode(2) }
        }

        private func options(stream: FileHandle?, isolation: Isolation?) throws -> RenderJob.Options {
            var options = RenderJob.Options(
                directory: stream == nil ? outputDirectory : nil, stream: stream, discard: discard,
                formats: try formats(), quality: quality.flatMap(VideoQuality.init), scale: scale,
                fps: fps, threads: threads, selection: try selection(), resume: resume,
                isolation: isolation, imageScaling: exactImageScaling ? .exact : .mipmapped)
            options.waitsForFolder = wait
            return options
        }

        /// The error's message, and the notes that say what a failed render left; its exit status.
        private static func exitCode(reporting error: RenderJobError) -> ExitCode {
            Console.error(error.description)
            error.notes.forEach(Console.note)
            switch error.kind {
            case .input: return ExitCode.failure
            case .failure: return ExitCode(2)
            case .interrupted: return ExitCode(130)
            }
        }

        /// Moves the real standard output to a new descriptor for the stream, and points
        /// descriptor 1 at standard error for everything else.
        private static func claimStandardOutput() -> FileHandle {
            let stream = dup(STDOUT_FILENO)
            dup2(STDERR_FILENO, STDOUT_FILENO)
            return FileHandle(fileDescriptor: stream, closeOnDealloc: true)
        }

        /// `--batch`: every variant (the shard's, with `--shard`) rendered into a folder of its own.
        private func runBatch(_ file: String) throws {
            let all: [BatchVariant]
            do throws(SceneError) {
                all = try BatchVariants.read(file: file)
            } catch {
                for each in error.all { Console.error(each.description) }
                throw ExitCode.failure
            }
            let chosen = try FrameSelection(frames: nil, shard: shard, environment: Self.environment).range(
                frameCount: all.count)
            if chosen.isEmpty, let shard {
                if !quiet { Console.note("shard \(shard) of \(all.count) variants has none: nothing to render") }
                return
            }
            let isolation = try Session.isolation(isolate: isolate, sandbox: sandbox)
            let registry = Session.registry(plugins, pipelineFile: self.file, isolated: isolation != nil)
            defer { registry.shutdown() }
            let base = try images.decoderOptions
            let place = images.props.variantPlace
            let settings = BatchRun.Settings(
                pipelineFile: self.file, outputDirectory: outputDirectory, formats: try formats(),
                quality: quality.flatMap(VideoQuality.init), scale: scale, fps: fps, threads: threads,
                frames: try FrameSelection(frames: frames, shard: nil, environment: [:]), resume: resume,
                discard: discard,
                waitsForFolder: wait, isolation: isolation, imageScaling: exactImageScaling ? .exact : .mipmapped,
                quiet: quiet)
            let run = BatchRun(settings: settings, variantsFile: file, registry: registry) { variant in
                var options = base
                options.patches.insert(contentsOf: variant.patches, at: place)
                return options
            }
            let status = run.run(Array(all[chosen]), of: all.count)
            if status != 0 { throw ExitCode(status) }
        }

        private func selection() throws(RenderJobError) -> FrameSelection {
            try FrameSelection(frames: frames, shard: shard, environment: Self.environment)
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
