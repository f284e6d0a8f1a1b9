import Compositor
import Foundation
import OptionNames
import Renderer
import Scene

extension Pipeline {
    /// What a whole render writes and how; every value defaults to what the pipeline file says.
    ///
    /// Each option is declared once, here, with its `Setting`: its name on the command line, its
    /// help, how its text is read and what it must be. `pipeline run`'s flags, a batch's renders
    /// and the tasks `submit slurm` writes are all made from these declarations.
    public struct RenderOptions: Sendable {
        /// The folder to write into instead of the file's `output.dir`.
        public var directory: String?
        /// Output formats by name (`png`, `mp4`, `gif`, …) instead of the file's.
        public var formats: [String]?
        /// Render every frame and write nothing (for timing).
        public var discard = false
        /// Video quality, 0 to 100 (100 the best).
        public var quality: Int?
        /// Pixels per canvas point.
        public var scale = RenderScale.full
        /// Frames per second instead of the canvas's.
        public var fps: Double?
        /// Rendering threads; the machine's cores by default.
        public var threads = min(ProcessInfo.processInfo.activeProcessorCount, 256)
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
        /// Sample images drawn small from the full image, not from smaller copies (to compare).
        public var exactImageScaling = false
        /// Write the one streaming format (Y4M) here instead of into a folder.
        public var stream: FileHandle?
        /// Stop at SIGINT or SIGTERM, as a command does; a library's host keeps its signals and
        /// stops a render through its progress callback instead.
        public var stopsOnSignals = false
        /// Other variants of a batch write their videos into the same folder (`output.name` with `{id}`).
        var sharesFolder = false

        public init() {}

        /// The options a command line gives, one declaration each.
        public enum Setting: String, CaseIterable, Sendable {
            case directory, formats, quality, scale, fps, threads, frames, shard, resume, waitsForFolder, discard
            case exactImageScaling

            /// The option as messages name it.
            public var name: Pipeline.Option { Pipeline.Option(rawValue: rawValue)! }

            /// Its option on the command line: `--format`.
            public var option: String { "--\(flag)" }

            /// Its one-letter name on the command line (`-o`), for the few that have one.
            public var short: Character? { self == .directory ? "o" : nil }

            /// Left out of help and of docs/COMMANDS.md's table: an option for comparisons.
            public var isHidden: Bool { self == .exactImageScaling }

            /// The render options as docs/COMMANDS.md's Markdown table (scripts/generate-docs
            /// writes it there; a test fails while the file differs).
            public static var markdown: String {
                let rows = allCases.filter { !$0.isHidden }.map { setting in
                    let names = (setting.short.map { "`-\($0)`, " } ?? "") + "`\(setting.option)`"
                    let value = setting.valueName.map { "`\($0)`" } ?? "none"
                    return "| \(names) | \(value) | \(setting.help.replacingOccurrences(of: "|", with: "\\|")) |"
                }
                return (["| option | value | what it does |", "| --- | --- | --- |"] + rows).joined(separator: "\n")
                    + "\n"
            }

            /// Its long name on the command line (`format`).
            public var flag: String {
                switch self {
                case .directory: "out"
                case .formats: "format"
                case .waitsForFolder: "wait"
                case .exactImageScaling: "exact-image-scaling"
                default: rawValue
                }
            }

            /// The name of its value in help (`0-100`); nil for an option that takes none.
            public var valueName: String? {
                switch self {
                case .directory: "dir"
                case .formats: "list"
                case .quality: "0-100"
                case .scale: "factor"
                case .fps: "rate"
                case .threads: "n"
                case .frames: "A-B"
                case .shard: "I/N"
                case .resume, .waitsForFolder, .discard, .exactImageScaling: nil
                }
            }

            /// One line of help.
            public var help: String {
                switch self {
                case .directory:
                    "Write here instead of the file's output.dir; - streams --format y4m to standard output."
                case .formats:
                    "Comma-separated formats instead of the file's output.formats: \(OutputFormat.names); "
                        + "a preview beside them as FORMAT:scale=S:fps=F (webp:scale=0.33:fps=15)."
                case .quality:
                    "Quality of mp4, webm and webp, 0 (smallest) to 100 (best), instead of output.quality (default 75)."
                case .scale:
                    String(
                        format: "Render at this size factor, %g to %g ", RenderScale.range.lowerBound,
                        RenderScale.range.upperBound)
                        + "(0.5 for a half-size draft); the picture scales, timing does not."
                case .fps: "Frames per second instead of canvas.fps; the frame count follows."
                case .threads: "Frames rendered in parallel, at most one per core; the default is the number of cores."
                case .frames:
                    "Render only frames A to B (inclusive, from 0 as the frame files count), A- to the end, or frame N."
                case .shard:
                    "Render shard I of N (1 to N): the Ith of N equal runs of frames (of variants, with --batch); "
                        + "pipeline concat joins their videos."
                case .resume:
                    "Continue an interrupted run of the same command: keep its complete files, render the rest."
                case .waitsForFolder:
                    "If another run is writing some of the same frames into the folder, wait for it to end instead of refusing."
                case .discard: "Render every frame and write nothing: for timing a render (see scripts/bench)."
                case .exactImageScaling:
                    "Sample images drawn at under a quarter size from the full image, not from smaller copies (to compare)."
                }
            }

            /// What every task of a farm render repeats (the rest is the task's own: its shard,
            /// threads and folder).
            public static let picture: [Setting] = [.formats, .quality, .scale, .fps, .exactImageScaling]
        }

        /// The options a command line gives, each text read as `set` reads it (nil: left at its
        /// default); problems name the options (`--quality`). `shard: "auto"` reads `environment`.
        public init(commandLine given: [(Setting, String?)], environment: [String: String] = [:]) throws(PipelineError)
        {
            self.init()
            self.environment = environment
            for case (let setting, let text?) in given { try set(setting, text, naming: \.option) }
        }

        /// `text` read as a `T`, or the problem naming `setting` plainly (`scale takes a number`).
        static func number<T: LosslessStringConvertible>(
            _: T.Type, _ text: String, of setting: Setting, _ kind: String
        ) throws(PipelineError) -> T {
            guard let value = T(text.trimmingCharacters(in: .whitespaces)) else {
                throw PipelineError(.argument, "\(setting.name) takes \(kind), got \"\(text)\"" as OptionText)
            }
            return value
        }

        /// Sets `setting` from its command-line text (`"90"` for `.quality`); a flag takes `"true"`.
        /// `name` spells the setting in a message.
        public mutating func set(
            _ setting: Setting, _ text: String, naming name: (Pipeline.Option) -> String = \.rawValue
        ) throws(PipelineError) {
            func number<T: LosslessStringConvertible>(_: T.Type, _ kind: String) throws(PipelineError) -> T {
                do { return try Self.number(T.self, text, of: setting, kind) } catch { throw error.worded(name) }
            }
            switch setting {
            case .directory: directory = text
            case .formats: formats = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            case .quality: quality = try number(Int.self, "a whole number")
            case .scale:
                do { scale = try RenderScale(text: text) } catch { throw error.worded(name) }
            case .fps: fps = try number(Double.self, "a number")
            case .threads: threads = try number(Int.self, "a whole number")
            case .frames: frames = text
            case .shard: shard = text
            case .resume: resume = try number(Bool.self, "true or false")
            case .waitsForFolder: waitsForFolder = try number(Bool.self, "true or false")
            case .discard: discard = try number(Bool.self, "true or false")
            case .exactImageScaling: exactImageScaling = try number(Bool.self, "true or false")
            }
        }

        /// The command-line text of `setting`, as `set` reads it; nil when it is at its default.
        public func text(of setting: Setting) -> String? {
            func flag(_ value: Bool) -> String? { value ? "true" : nil }
            switch setting {
            case .directory: return directory
            case .formats: return formats?.joined(separator: ",")
            case .quality: return quality.map(String.init)
            case .scale: return scale == .full ? nil : scale.description
            case .fps: return fps.map { String($0) }
            case .threads: return String(threads)
            case .frames: return frames
            case .shard: return shard
            case .resume: return flag(resume)
            case .waitsForFolder: return flag(waitsForFolder)
            case .discard: return flag(discard)
            case .exactImageScaling: return flag(exactImageScaling)
            }
        }

        /// The arguments of `pipeline run` that give `settings` as these options have them.
        public func arguments(_ settings: [Setting]) -> [String] {
            settings.flatMap { setting -> [String] in
                guard let text = text(of: setting) else { return [] }
                return setting.valueName == nil ? [setting.option] : [setting.option, text]
            }
        }

        /// Checks every value, throwing the first problem. `name` spells a setting in the
        /// message: its property name by default, `--flag` for a command.
        public func check(naming name: (Pipeline.Option) -> String = \.rawValue) throws(PipelineError) {
            do { _ = try checked() } catch { throw error.worded(name) }
        }
    }

    /// How far a render is: frames finished (in every output) of the frames it renders.
    public struct RenderProgress: Sendable {
        public let framesDone: Int
        public let framesTotal: Int
    }
}

extension Pipeline.RenderOptions {
    /// The values, each checked.
    struct Checked {
        var formats: [OutputFormat]?
        /// The previews among the formats given (`webp:scale=0.33:fps=15`).
        var previews: [PreviewOutput]?
        var quality: VideoQuality?
        var selection: FrameSelection
    }

    /// The values, each checked; problems name the options for the caller to word.
    func checked() throws(PipelineError) -> Checked {
        func fail(_ message: OptionText) -> PipelineError { PipelineError(.argument, message) }
        var (formats, previews): ([OutputFormat]?, [PreviewOutput]?) = (nil, nil)
        if let names = self.formats {
            if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw fail("\(.formats) lists \"\(twice)\" twice")
            }
            formats = []
            previews = []
            for each in names {
                if each.contains(":") {
                    switch PreviewOutput.read(spec: each) {
                    case .success(let preview): previews?.append(preview)
                    case .failure(let error): throw fail("\(.formats): \(error.message)")
                    }
                } else if let format = OutputFormat(rawValue: each) {
                    formats?.append(format)
                } else {
                    throw fail(
                        "unknown format \"\(each)\" in \(.formats) (a preview is FORMAT:scale=S:fps=F): "
                            + "expected \(OutputFormat.names)")
                }
            }
            if names.isEmpty {
                throw fail("\(.formats) lists no format: give one or more of \(OutputFormat.names)")
            }
        }
        if discard && (formats != nil || directory != nil || stream != nil) {
            throw fail("\(.discard) writes nothing: leave out \(.formats) and \(.directory)")
        }
        if resume && (discard || stream != nil) {
            throw fail(
                "\(.resume) continues a run into a folder: leave out \(discard ? "\(.discard)" : "the stream" as OptionText)"
            )
        }
        if stream != nil && (formats != [.y4m] || previews?.isEmpty == false) {
            throw fail("a stream takes Y4M: give \(.formats) y4m, and no other format")
        }
        let quality = try self.quality.map { value throws(PipelineError) in
            guard let quality = VideoQuality(value) else {
                throw fail("\(.quality) must be \(VideoQuality.range), 100 the best, got \(value)")
            }
            return quality
        }
        if let fps, !fps.isFinite || !SceneDecoder.frameRates.contains(fps) {
            throw fail(
                "\(.fps) must be \(Int(SceneDecoder.frameRates.lowerBound))...\(Int(SceneDecoder.frameRates.upperBound)), got \(fps)"
            )
        }
        guard (1...256).contains(threads) else { throw fail("\(.threads) must be 1...256, got \(threads)") }
        do throws(RenderJobError) {
            let selection = try FrameSelection(frames: frames, shard: shard, environment: environment)
            return Checked(formats: formats, previews: previews, quality: quality, selection: selection)
        } catch {
            throw fail(error.text)
        }
    }

    /// The render job's options, each value checked.
    func jobOptions(isolation: Isolation?) throws(PipelineError) -> RenderJob.Options {
        let checked = try checked()
        var options = RenderJob.Options(
            directory: stream == nil ? directory : nil, stream: stream, discard: discard, formats: checked.formats,
            quality: checked.quality, scale: scale.value, fps: fps, threads: threads, selection: checked.selection,
            resume: resume, isolation: isolation, imageScaling: exactImageScaling ? .exact : .mipmapped)
        options.waitsForFolder = waitsForFolder
        options.sharesFolder = sharesFolder
        options.previews = checked.previews
        return options
    }
}

extension Pipeline {
    /// An option a message names: a render option (`RenderOptions.Setting`) or one of opening a
    /// pipeline. Messages name it plainly (`waitsForFolder`); each surface words it its own way.
    public typealias Option = OptionName
}

extension Pipeline.Option {
    /// The render option it is; nil for an option of opening a pipeline.
    public var setting: Pipeline.RenderOptions.Setting? { .init(rawValue: rawValue) }

    /// Its long name on the command line (`frames`, `allow-outside-images`).
    public var flag: String {
        if let setting { return setting.flag }
        return switch self {
        case .allowsOutsideFiles: "allow-outside-images"
        case .imageMemoryLimit: "image-memory"
        case .pluginFolders: "plugins"
        default: rawValue
        }
    }

    /// Its option on the command line: `--frames`.
    public var option: String { "--\(flag)" }

    /// One line of help.
    public var help: String {
        if let setting { return setting.help }
        return switch self {
        case .isolate:
            "Run plugin code in child processes: a plugin that crashes, exits or hangs fails its step with a message instead of ending pipeline."
        case .sandbox:
            "Run plugin code in sandboxed child processes: as \(Self.isolate.option), and plugins cannot read or write your files, use the network or start programs."
        case .allowsOutsideFiles:
            "Let images, footage, sound and font files resolve outside the pipeline file's folder (after symbolic links and ..)."
        case .imageMemoryLimit:
            "The most memory all of the pipeline's images may take decoded (default 2048), checked from their headers."
        case .pluginFolders: "A folder of plugins to load first (repeatable)."
        case .set:
            "Set the value at PATH before the pipeline is read (repeatable): canvas.fps=30, layers[2].text.string=Hello, "
                + "layers[\"title\"].text.string=Hello (the layer named title). VALUE is read as JSON, or else as a string."
        case .props:
            "A JSON merge patch (RFC 7396) applied to the pipeline before it is read, its \"set\" of values by path after "
                + "the merge; \(Self.set.option) applies after it."
        case .batch:
            "Render one output per line of this JSON Lines file, each a merge patch with an \"id\", into <out>/<id>/, "
                + "or <out> itself when output.name has {id} (see below)."
        default: ""
        }
    }

    /// The name of its value in help (`MiB`); nil for an option that takes none.
    public var valueName: String? {
        if let setting { return setting.valueName }
        return switch self {
        case .imageMemoryLimit: "MiB"
        case .pluginFolders: "dir"
        case .set: "PATH=VALUE"
        case .props: "file.json"
        case .batch: "variants.jsonl"
        default: nil
        }
    }
}
