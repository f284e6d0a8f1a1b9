import ChildProcess
import Foundation
import Scene

/// Writes a video or animation by running ffmpeg and feeding it raw frames on its standard input.
///
/// Into a file, ffmpeg writes a hidden temporary beside it, which `finish()` renames into place
/// once ffmpeg has exited successfully; onto a stream (standard output), it writes as it goes.
/// A file with sound has its mix written as raw samples before the first frame, and ffmpeg
/// encodes them beside the frames. A file with subtitle tracks, or a part with its render's
/// records, is first written silent under a second hidden name, from which `VideoMux` writes the
/// first with the mix, the tracks and the records laid in. A failure anywhere reports the tail of
/// ffmpeg's log.
public final class FFmpegEncoder: FrameSink {
    /// The file, or "standard output", for messages.
    private let name: String
    private let command: FFmpegCommand
    private let staged: StagedFile?
    /// The silent video ffmpeg writes when `mux` lays subtitles (and the sound) into it after it.
    private let silent: String?
    /// The raw samples of the sound ffmpeg encodes (`FFmpegCommand.sound`), removed at the end.
    private let pcm: String?
    private let mux: VideoMux?
    private let ffmpegPath: String
    private let log: FFmpegLog
    private let process = Process()
    private let exit: ExitWatch
    private let input: FileHandle
    private let buffer = StraightPixelBuffer()
    /// For outputs fed yuv420p (`FFmpegCommand.input`).
    private let converter: YUV420Converter?

    /// `F_SETPIPE_SZ` of <linux/fcntl.h> (F_LINUX_SPECIFIC_BASE + 7), which Glibc's module
    /// does not export.
    private static let setPipeSize: Int32 = 1031

    /// A dying ffmpeg must surface as a failed write carrying its log, not kill this process.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Writes `path`, creating its folder. `transparentCanvas` says whether frames can have
    /// transparent pixels, which decides whether WebM carries alpha. `subtitles` are left out
    /// of a format that carries none. `resize` is the size ffmpeg scales the frames to (a preview's).
    public convenience init(
        format: OutputFormat, path: String, width: Int, height: Int, fps: Double,
        quality: VideoQuality = .standard, transparentCanvas: Bool = false, sound: VideoSound? = nil,
        subtitles: VideoSubtitles? = nil, resize: (width: Int, height: Int)? = nil, ffmpegPath: String
    ) throws(OutputError) {
        try Self.check(format, width: width, height: height, fps: fps, for: path)
        try createDirectories((path as NSString).deletingLastPathComponent)
        let staged = StagedFile(path: path)
        var (silent, soundMux, subtitleMux): (String?, SoundMux?, SubtitleMux?) = (nil, nil, nil)
        var metadata: [(key: String, value: String)] = []
        switch sound {
        case .mixed(let mix)? where format.carriesSound:
            soundMux = SoundMux(mix: mix, format: format)
        case .carried(let mix, let part)? where format.carriesSound:
            metadata = [(SoundMix.metadataKey, mix.metadata(part: part))]
        default:
            break
        }
        if let subtitles, format.carriesSubtitles {
            subtitleMux = SubtitleMux(subtitles: subtitles.subtitles, frames: subtitles.part, format: format)
            if let part = subtitles.part {
                metadata.append((Subtitles.metadataKey, subtitles.subtitles.metadata(part: part)))
            }
        }
        // With subtitle tracks, one pass after the render lays in the sound and the tracks together:
        // a video copied with its sound would have its timestamps shifted a second time (WebM's
        // Opus starts before the video).
        let (soundAlongside, soundAfter) = subtitleMux == nil ? (soundMux, nil) : (nil, soundMux)
        var mux = VideoMux.optional(sound: soundAfter, subtitles: subtitleMux, format: format)
        if !metadata.isEmpty {
            // The last pass writes the file, and with it the part's records, read from a file.
            if mux == nil { mux = VideoMux(format: format) }
            mux?.metadata = metadata
        }
        if mux != nil { silent = StagedFile.hidden(path, tag: "silent-\(getpid())") }
        var command = FFmpegCommand(
            format: format, width: width, height: height, fps: fps, quality: quality,
            keepsAlpha: format.keepsAlpha(transparentCanvas: transparentCanvas),
            output: silent ?? staged.temporaryPath)
        command.resize = resize
        if let soundAlongside {
            // Mixed before the first frame: ffmpeg encodes it as the frames arrive, on cores the
            // render leaves idle, rather than in a pass of its own after the last frame.
            command.sound = (soundAlongside, try soundAlongside.writePCM(name: path))
        }
        try self.init(
            name: path, command: command, staged: staged, silent: silent, mux: mux, output: FileHandle.nullDevice,
            ffmpegPath: ffmpegPath)
    }

    /// Writes the stream to `stream` (standard output, for piping) as ffmpeg produces it.
    public convenience init(
        format: OutputFormat, stream: FileHandle, width: Int, height: Int, fps: Double,
        quality: VideoQuality = .standard, transparentCanvas: Bool = false,
        ffmpegPath: String
    ) throws(OutputError) {
        let name = "standard output"
        try Self.check(format, width: width, height: height, fps: fps, for: name)
        let command = FFmpegCommand(
            format: format, width: width, height: height, fps: fps, quality: quality,
            keepsAlpha: format.keepsAlpha(transparentCanvas: transparentCanvas), output: "pipe:1")
        try self.init(
            name: name, command: command, staged: nil, silent: nil, mux: nil, output: stream, ffmpegPath: ffmpegPath)
    }

    private init(
        name: String, command: FFmpegCommand, staged: StagedFile?, silent: String?, mux: VideoMux?,
        output: FileHandle, ffmpegPath: String
    ) throws(OutputError) {
        Self.ignoreBrokenPipes
        self.name = name
        self.command = command
        self.staged = staged
        (self.silent, self.mux, self.ffmpegPath) = (silent, mux, ffmpegPath)
        let samples = command.sound?.pcm
        pcm = samples
        // Removed here when this fails: the encoder that would remove it is never made.
        var started = false
        defer { if !started, let samples { unlink(samples) } }
        if case .yuv420p(let width, let height) = command.input {
            converter = try YUV420Converter(
                frameWidth: command.width, frameHeight: command.height, width: width, height: height)
        } else {
            converter = nil
        }
        log = try FFmpegLog(for: name)
        exit = ExitWatch(process)
        input = try Self.start(process, ffmpegPath: ffmpegPath, command: command, output: output, log: log, for: name)
        started = true
    }

    private static func check(
        _ format: OutputFormat, width: Int, height: Int, fps: Double,
        for name: String
    ) throws(OutputError) {
        guard format.needsFFmpeg else {
            throw OutputError(
                "\(name): \(format.rawValue) is written by PNGSequenceWriter, not ffmpeg; use one of "
                    + OutputFormat.allCases.filter(\.needsFFmpeg).map(\.rawValue).joined(separator: ", ") + " here")
        }
        guard width > 0, height > 0 else {
            throw OutputError("\(name): size \(width)×\(height) is invalid; width and height must be positive")
        }
        guard fps.isFinite, fps > 0 else {
            throw OutputError("\(name): frame rate \(fps) is invalid; it must be a positive number")
        }
    }

    private static func start(
        _ process: Process, ffmpegPath: String, command: FFmpegCommand, output: FileHandle,
        log: FFmpegLog, for name: String
    ) throws(OutputError) -> FileHandle {
        let pipe = Pipe()
        // A frame is megabytes: a pipe of 1 MiB (Linux's usual most for a user, 64 KiB by
        // default) takes it in a few writes, with as many fewer wake-ups of ffmpeg. Only a hint.
        _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, Self.setPipeSize, 1 << 20)
        process.executableURL = URL(fileURLWithPath: ffmpegPath)
        process.arguments = command.arguments
        process.environment = FFmpeg.encoderEnvironment(ProcessInfo.processInfo.environment)
        process.standardInput = pipe
        process.standardOutput = output
        process.standardError = log.handle
        do throws(ChildStartFailure) {
            try process.start()
        } catch {
            log.remove()
            throw OutputError("cannot start ffmpeg (\(ffmpegPath)) to write \(name): \(error.reason)")
        }
        return pipe.fileHandleForWriting
    }

    public func write(_ frame: FrameView, index: Int) throws(OutputError) {
        try OutputError.validate(frame, index: index)
        guard frame.width == command.width, frame.height == command.height else {
            throw OutputError(
                "frame \(index) is \(frame.width)×\(frame.height), "
                    + "but \(name) was opened for \(command.width)×\(command.height)")
        }
        let pixels = pixels(of: frame)
        let bytes = Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: pixels.baseAddress!), count: pixels.count,
            deallocator: .none)
        do {
            try input.write(contentsOf: bytes)
        } catch {
            throw failure()
        }
    }

    /// The frame as ffmpeg reads it (see `FFmpegCommand.input`), valid until the next frame.
    private func pixels(of frame: FrameView) -> UnsafeRawBufferPointer {
        let rgbaBytes = frame.packedRowBytes * frame.height
        switch command.input {
        case .straightRGBA:
            return UnsafeRawBufferPointer(start: buffer.fill(from: frame, channels: 4), count: rgbaBytes)
        case .premultipliedBGRA:
            return UnsafeRawBufferPointer(start: buffer.packed(frame), count: rgbaBytes)
        case .yuv420p:
            // Made in `init` whenever the command's input is yuv420p.
            return converter!.convert(frame)
        }
    }

    public func finish() throws(OutputError) {
        try? input.close()
        exit.wait()
        if let pcm { unlink(pcm) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { throw failure() }
        log.remove()
        guard let staged else { return }
        if let silent, let mux {
            defer { unlink(silent) }
            do throws(OutputError) {
                try mux.write(video: silent, output: staged.temporaryPath, name: name, ffmpegPath: ffmpegPath)
            } catch {
                staged.discard()
                throw error
            }
        }
        try staged.commit()
    }

    /// The hidden files ffmpeg writes until `finish()` renames one into place (none for a
    /// stream), and the sound's raw samples it reads.
    public var unfinishedFiles: [String] {
        (staged.map { [$0.temporaryPath] } ?? []) + (silent.map { [$0] } ?? []) + (pcm.map { [$0] } ?? [])
            + (mux?.temporaryFiles(for: name) ?? [])
    }
    /// ffmpeg, which creates the temporary when it has started.
    public var writingProcesses: [Int32] { [process.processIdentifier] }

    /// Frames go to ffmpeg's input one after another, in order.
    public var concurrent: (any ConcurrentFrameSink)? { nil }

    public func abandon() {
        try? input.close()
        if process.isRunning { process.terminate() }
        exit.wait()
        staged?.discard()
        if let silent { unlink(silent) }
        if let pcm { unlink(pcm) }
        log.remove()
    }

    /// Stops ffmpeg, cleans up, and explains the failure with ffmpeg's own last words.
    private func failure() -> OutputError {
        try? input.close()
        exit.wait()
        let status =
            process.terminationReason == .exit
            ? "exit \(process.terminationStatus)" : "killed by signal \(process.terminationStatus)"
        let message = OutputError("ffmpeg failed writing \(name) (\(status)): \(log.tail())")
        staged?.discard()
        if let silent { unlink(silent) }
        if let pcm { unlink(pcm) }
        log.remove()
        return message
    }
}
