import OptionNames
import Output
import Scene

/// Why a render job stopped: its options do not fit the render or its folder, writing the run's
/// record failed, or the render itself failed (`RenderError`), in which case the error also says
/// what the folder holds now. Its text names options (`frames`) for the caller to word.
public enum RenderJobError: Error, CustomStringConvertible {
    case framesAndShard
    case framesUnreadable(String)
    case framesReversed(String, first: Int, last: Int)
    case framesOutside(last: Int, frameCount: Int)
    case shardUnreadable(String)
    case tooManyShards(String)
    /// `--shard auto` found no scheduler's variables, or ones that do not make a shard.
    case shardFromScheduler(OptionText)
    /// `--scale` makes a side of the frames longer than a canvas may be.
    case frameTooLarge(scale: Double, canvasWidth: Int, canvasHeight: Int, width: Int, height: Int)
    /// A preview (`PreviewOutput`) asked of part of a render, which it needs whole.
    case previewInPart(spec: String)
    /// A preview's frame rate above the render's (`PreviewOutput.fpsProblem`).
    case previewTooFast(String)
    /// The output folder's path is too long, or has a component that is (`problem` says which).
    case folderTooLong(folder: String, problem: String)
    /// A file the run would write has a path the file system refuses.
    case fileNameTooLong(path: String, problem: String)
    /// `--resume` into a folder whose recorded run differs from this one.
    case resumeRefused(folder: String, record: String, differences: [String])
    case recordNotWritten(OutputError)
    /// Not even one rendering thread fits in the memory the process may take.
    case notEnoughMemory(width: Int, height: Int, needs: Int, limit: Int, source: String)
    /// Another run is writing some of the same frames into the folder.
    case folderBusy(folder: String, holder: String)
    /// The folder's lock file cannot be opened or locked.
    case lockFailed(file: String, reason: String)
    /// The render stopped. `resumable` when it was interrupted writing into a folder; `withdrawal`
    /// says what a failure at a frame left there.
    case renderFailed(RenderError, resumable: Bool, withdrawal: Withdrawal?)

    /// Who is to blame, which decides the exit status.
    public enum Kind: Sendable {
        /// The options or the folder do not fit the render, or a footage frame cannot be
        /// decoded: exit status 1.
        case input
        /// A plugin, ffmpeg or the file system failed: exit status 2.
        case failure
        /// Ctrl-C or SIGTERM: exit status 130.
        case interrupted
    }

    public var kind: Kind {
        switch self {
        case .recordNotWritten, .lockFailed, .notEnoughMemory: .failure
        case .renderFailed(.interrupted, _, _): .interrupted
        // A clip that cannot be decoded is a bad input, like one that cannot be opened.
        case .renderFailed(.footageFailed, _, _): .input
        case .renderFailed: .failure
        default: .input
        }
    }

    /// The text with every option by its plain name.
    public var description: String { text.description }

    public var text: OptionText {
        switch self {
        case .framesAndShard:
            "give \(.frames) or \(.shard), not both: \(.shard) I/N splits the whole render by itself"
        case .framesUnreadable(let text):
            "\(.frames) takes A-B (frames A to B inclusive, counted from 0 as the frame files are), A- (A to the end) "
                + "or N, got \"\(text)\""
        case .framesReversed(let text, let first, let last):
            "\(.frames) \(text) ends before it starts: give the lower frame first (\(last)-\(first))"
        case .framesOutside(let last, let frameCount):
            "\(.frames) reaches frame \(last), but the render has \(frameCount) frames, 0-\(frameCount - 1): "
                + "give frames within that range"
        case .shardUnreadable(let text):
            "\(.shard) takes I/N, shard I of N with 1 ≤ I ≤ N (\(.shard) 1/4 is the first quarter), or auto, got \"\(text)\""
        case .tooManyShards(let text):
            "\(.shard) \(text): N may be at most \(FrameSelection.maximumShards)"
        case .shardFromScheduler(let message):
            message
        case .frameTooLarge(let scale, let canvasWidth, let canvasHeight, let width, let height):
            "\(.scale) \(scale) makes \(canvasWidth)×\(canvasHeight) frames \(width)×\(height) pixels; "
                + "a side may be at most \(Int(SceneDecoder.maxCanvasSide)): use a smaller scale"
        case .previewInPart(let spec):
            "the preview \(spec) takes its frames from the whole render, and a part (\(.frames), \(.shard)) has only "
                + "some: render it in a run of every frame, or give \(.formats) without it"
        case .previewTooFast(let message):
            "\(message)"
        case .folderTooLong(let folder, let problem):
            "the output folder \(folder) \(problem): choose a shorter one with \(.directory)"
        case .fileNameTooLong(let path, let problem):
            "cannot write \(path): it \(problem); videos are named after the pipeline file: "
                + "give it a shorter name, or choose a shorter folder with \(.directory)"
        case .resumeRefused(let folder, let record, let differences):
            "cannot resume in \(folder): the run recorded in \(record) rendered something else: "
                + "\(differences.joined(separator: "; "))"
                + ". Run without \(.resume) to start over (every frame is rendered again), or give another \(.directory)"
        case .recordNotWritten(let error):
            "\(error.description)"
        case .notEnoughMemory(let width, let height, let needs, let limit, let source):
            "not enough memory to render \(width)×\(height) frames: one thread needs \(RenderMemory.mebibytes(needs)) "
                + "(frames of \(RenderMemory.mebibytes(width * height * 4)) each, images and footage), but the process may "
                + "take \(RenderMemory.mebibytes(limit)) more, by \(source): render at a smaller \(.scale), or allow "
                + "it more memory"
        case .folderBusy(let folder, let holder):
            "\(folder) is being written by \(holder), which renders some of the same frames there: wait for it "
                + "(run \(.waitsForFolder) queues behind it), or give another \(.directory)"
        case .lockFailed(let file, let reason):
            "cannot lock \(file) against other runs: \(reason)"
        case .renderFailed(let error, _, _):
            error.text
        }
    }

    /// What to tell after the error: how to continue, or which frames a failed render kept.
    public var notes: [OptionText] {
        guard case .renderFailed(_, let resumable, let withdrawal) = self else { return [] }
        let resuming: [OptionText] = resumable ? ["run the same command with \(.resume) to continue"] : []
        return resuming + (withdrawal.map { ["\($0.description)"] } ?? [])
    }
}
